## クラブとアカウントのページ：トップページ、ロビー、ログインとログアウト、アカウント管理、
## プロフィール（タイムゾーン、メール、不在）、管理者ページ、レーティング、シーズン。

## トップページと自分のゲーム。

front-title = ゲーム一覧
front-every-game = すべてのゲーム
# Variables: $api (the address of the API's description, shown as a link)
front-about = スクリプトからは {$api} に記述された JSON API を使えます。
front-what = postrider とは
front-intro = postrider は、ボードゲームをメールとウェブで遊ぶためのゲームマスターです。プレイヤーは締め切りまでに命令を封印し、サーバーがターンを処理します。結果はレース（または地図）の図と一緒に、全員が読めます。
front-ba-line = 4人の選手からなるチームで走る自転車レース。毎ターン、選手ごとにカードを1枚出し、逃げるか集団に隠れるかを決め、スプリントで得点を狙います。
front-ba-help = ブレイキング・アウェイの遊び方
front-bb-line = ケズィック周辺を歩く一日。2ターンずつ、ハイカーの行き先を場所から場所へと計画し、ほかの人より先に目標地点にたどり着きます。
front-bb-help = バックパックス＆ブリスターズの命令の書き方
front-how-to-start = 始め方
# Variables: $seat (a link: front-start-seat), $create (a link: front-start-create)
front-start = プレイヤーを募集しているゲームで{$seat}か、{$create}して、リンクやメールで友だちを招待しましょう。
front-start-seat = 空いている席につく
front-start-create = ゲームを作成
# Variables: $register (a link: front-start-register)
front-start-account = どちらにもアカウントが必要です。{$register}してください（名前とパスワードだけです）。
front-start-register = 登録
front-game = ゲーム
# Variables: $bot (the bot's name)
front-seat-bot = { BOT($bot) }ボット
front-seat-open = 空席
# Variables: $start (a link, whose words are front-start-one)
front-no-games = まだゲームはありません。{$start}
front-start-one = 新しいゲームを始める
front-deleted = ゲームを削除しました。
# Variables: $ladders (links to each game's ladder)
front-ladders = レーティング対象ゲームのレーティング：{$ladders}
front-your-move = あなたの番
# Variables: $start (a link, whose words are front-no-seat-start)
front-no-seat = まだどのゲームにも席がありません。招待リンクを開くか、{$start}。
front-no-seat-start = 新しいゲームを始めてください
front-you-play = 担当
front-your-orders = あなたの命令
front-new-report = 新しいレポート
# Variables: $finish (how the game ended for the reader: "Yellow won; you were 4th")
front-finished = {$finish}。

## ロビー：プレイヤー募集中のゲーム、席に着く・離れる、コンソールの空席設定。

lobby-title = プレイヤー募集中
lobby-none = 現在プレイヤーを募集しているゲームはありません。
lobby-more = 募集中のゲームをもっと見る
# Variables: $n (how many games in all)
lobby-in-all = （全{$n}件）
# Variables: $percent
lobby-asks = 提出率 {$percent}% 以上が条件
lobby-you-play = このゲームに参加しています。
# Variables: $free, $total (seats)
lobby-seats-free = 空席 {$free}／{$total}
lobby-gm = GM
# Variables: $noun (the game's word for a turn: turn, round), $turn
lobby-under-way = 進行中（{ $noun ->
    [round] 第{$turn}ラウンド
   *[other] 第{$turn}ターン
}）
lobby-sign-in = ログインして席に着く
# Variables: $bot (the bot's name)
lobby-bot-keeps = （それまでは{ BOT($bot) }ボットが担当）
# Variables: $seat (the seat's name)
lobby-take = {$seat} の席に着く
lobby-leave-this = このゲームから退席する
lobby-open-seats = 空席
lobby-open-seats-help = このゲームはプレイヤーを募集しています。ログインしている人なら誰でも空席に着けます。
# Variables: $title (the game's title)
lobby-leave-question = {$title} から退席しますか？
# Variables: $seat (the seat's name), $then (what becomes of the seat: bot-and-open, bot, open)
lobby-leave-explain = あなたは {$seat} を担当しています。退席すると、{ $then ->
    [bot-and-open] あなたの席はボットが担当し、交代のプレイヤーを募集します
    [bot] あなたの席はボットが担当します
   *[open] あなたの席は交代のプレイヤーを募集します（誰かが着くまで命令は出されません）
}。GM に通知され、ゲームが始まっていれば提出率の記録ではこの席を放棄として数えます。再び募集されない限り、この席には戻れません。
lobby-leave = 退席する
lobby-stay = 残る
lobby-console-none-open = 誰でも着ける席はありません。席は招待で埋まります。
# Variables: $seats (the open seats' names)
lobby-console-open = 誰でも着ける席：{$seats}。
lobby-console-open-all = 空いている席を誰でも着けるようにする
lobby-console-close-all = 募集中の席をすべて閉じる
lobby-console-open-one = 席を1つ募集する（ボットが担当を続けてもかまいません）
lobby-console-open-button = 募集する
lobby-console-when-leaves = プレイヤーが退席したとき
lobby-console-save = 保存
lobby-console-min = 新しいプレイヤーに求める最低提出率（パーセント。空欄：条件なし）
lobby-on-leave-bot-and-open = ボットが担当し、交代のプレイヤーを募集する
lobby-on-leave-bot = ボットが担当する
lobby-on-leave-open = 交代のプレイヤーを募集する（その間は誰も担当しません）

## ログイン、登録、アドレスの確認、配信停止。

account-log-in = ログイン
account-register = 登録
account-name = 名前
account-password = パスワード（10文字以上、推測されにくいもの）
# Variables: $register (a link, whose words are account-register)
account-no-account = アカウントをお持ちでない方は{$register}。
account-forgot = パスワードをお忘れですか？
# Variables: $login (a link, whose words are account-log-in)
account-have-account = アカウントをお持ちの方は{$login}。
# Variables: $seat, $title (set in bold), $game (the rules' name), $gm
account-invited = {$gm} さんが運営する {$title}（{$game}）で {$seat} をプレイするよう招待されています。ログインまたは登録すると、この席に着くページに戻ります。
account-logged-in = ログインしました
# Variables: $notice (how many failed attempts since when, as the server says it)
account-failed-attempts = {$notice}：心当たりがなければ、誰かがあなたのパスワードを推測しようとしています。
account-continue = 続ける
account-confirmed = アドレスを確認しました
# Variables: $name (the account's name)
account-confirmed-text = {$name} さんのレポートと命令の受領通知はこのアドレスに送られます。
account-unsubscribe = 配信停止
account-unsubscribe-question = postrider からのメールをすべて止めますか？
account-unsubscribe-note = アカウントはウェブで引き続き使えます。メールを受け取るには、プロフィールページで選び直してください。
account-unsubscribed = 配信を停止しました
account-unsubscribed-text = postrider から求められていないメールは今後届きません（あなたが送った命令メールへの返信は届きます）。プロフィールページで選び直せます。

## アカウント管理：パスワードを忘れたとき、新しいパスワード、アカウントの削除。

account-forgot-help = アカウントの名前か、確認済みのメールアドレスを入力してください。新しいパスワードを設定するリンクをそのアドレスに送ります。
account-forgot-who = 名前またはアドレス
account-forgot-send = リンクを送る
account-forgot-note = アカウントにアドレスがない、またはこのサーバーでメールが使えない場合は、サーバーの管理者がリンクを発行できます。
account-mailed-title = メールを確認してください
account-mailed = 確認済みのアドレスを持つアカウントが見つかれば、そのアドレスにリンクを送りました。リンクは1時間、1回だけ使えます。
account-back-to-login = ログインに戻る
account-reset-title = 新しいパスワードの設定
# Variables: $name (the account's name, set in bold)
account-reset-for = {$name} の新しいパスワードです。このアカウントのセッションとトークンはすべて終了します。
account-reset-password = 新しいパスワード（10文字以上、推測されにくいもの）
account-reset-set = パスワードを設定
account-delete-title = アカウントの削除
account-delete-help = 名前、アドレス、パスワード、セッションが消去されます。終了したゲームの席は「元プレイヤー」として記録に残ります。運営中または参加中でまだ続いているゲームは、先に終了・アーカイブ・退席してください。
account-delete-password = パスワード
account-delete-button = アカウントを削除
account-deleted-title = アカウントを削除しました
account-deleted = アカウントを削除しました。ご参加ありがとうございました。
account-deleted-games = ゲーム一覧
account-not-deleted = アカウントは削除されていません
account-back-to-profile = プロフィールに戻る

## プロフィール：タイムゾーン。

profile-title = プロフィール
profile-saved = 保存しました。
profile-zone = タイムゾーン
# Variables: $now (the time now in the reader's zone, set in bold)
profile-zone-now = 締め切りはあなたのタイムゾーンで表示されます。現在：{$now}
profile-zone-help = America/New_York や Asia/Tokyo のような IANA のタイムゾーン名です。スクリプトが動くブラウザでは、選ぶまでブラウザのタイムゾーンが使われます。空欄：UTC。
profile-save = 保存

## プロフィール：メールの設定。

mail-form-title = メール
mail-form-off = このサーバーではメールが無効です。メールは送られません。
# Variables: $address (set in bold)
mail-form-pending = 確認待ち：{$address}（送られたリンクを開いてください）。
# Variables: $address (set in bold)
mail-form-confirmed = メールの送り先：{$address}
# Variables: $address, $words（中継サーバーの応答そのまま）
mail-form-bouncing = {$address}へのメールが差し戻されました：「{$words}」。確認し直すまで、このアドレスにはメールを送りません。このアドレスのままフォームを保存すると新しい確認リンクが送られます。別のアドレスを入れることもできます。
mail-form-no-address = アドレスはまだありません。
mail-form-address = アドレス（新しいアドレスは、送られるリンクで確認します）
mail-form-unasked = 自動で送るメール
mail-form-every = すべてのメール：毎ターンのレポートと、締め切りの1日前と2時間前のリマインダー
mail-form-digest = 1日1回のまとめ：命令が必要なゲームの一覧を1日1通
mail-form-none = なし
mail-form-always = あなたが送った命令メールへの返信と確認リンクは、常に届きます。
mail-form-save = メールの設定を保存

## 不在：不在の申告フォーム、自分の不在期間、ゲームの不在中の席、コンソールの免除ターン。

away-title = 不在
away-help = 留守にしますか？不在の間、締め切りまでに何も送っていない席はあなたの代わりにプレイされ、ゲームの免除ターンの範囲でそのターンは提出率の記録から除かれます。
away-who-plays = 代わりにプレイするもの
away-nmr-default = 命令未着時の既定動作
# Variables: $bot (the bot's name)
away-the-bot = { BOT($bot) }ボット
# Variables: $title
away-scope-titled = 「{$title}」
away-scope-game = 削除されたゲーム
away-scope-all = すべてのゲーム
away-by-nmr-default = 命令未着時の既定動作
# Variables: $bot (the bot's name)
away-by-bot = { BOT($bot) }ボット
# Variables: $from, $to (moments), $scope (away-scope-…), $by (away-by-…)
away-window = {$from} から {$to} まで（{$scope}、代理：{$by}）
away-cancel = 取り消す
away-end-now = 今すぐ終える
away-game = 対象
away-from = 開始
# Variables: $zone (the reader's time zone)
away-from-hint = あなたのタイムゾーン（{$zone}）で入力。空欄：今から。
away-to = 戻る日時
# Variables: $days
away-to-hint = 開始から最長{$days}日まで。
away-declare = 不在を申告する
away-seats-away = 不在中の席
# Variables: $seat (set in bold), $until (a moment), $played (who plays the seat: bot, default, used-up), $bot (the bot's name), $used, $total (excused turns)
away-seat-line = {$seat} は {$until} まで不在です。{ $played ->
    [bot] { BOT($bot) }ボットが代わりにプレイします
    [default] 命令未着時の既定動作でプレイされます
   *[used-up] 免除ターンを使い切ったため、命令がなければ命令未着（NMR）になります
}（使った免除ターン：{$used}／{$total}）。
away-absences = 不在
away-seat = 席
away-excused-used = 使った免除ターン
# Variables: $until (a moment)
away-until = {$until} まで
# Variables: $used, $total
away-used-of = {$used}／{$total}
away-allowance = プレイヤーごとの免除ターン数
# Variables: $max
away-allowance-hint = 不在のプレイヤーの代わりにプレイされ、命令未着として数えないターン数です（0〜{$max}）。
away-set-allowance = 免除ターン数を設定

## 管理者ページ（`/operator`）。

operator-title = サーバー
operator-health = 稼働状況
operator-ready = 正常：締め切りとメールの処理は遅れていません。
operator-behind = 遅延あり：以下を確認してください。
# Variables: $database (what the database is and how it answers)
operator-database = データベース：{$database}
operator-database-ok = データベース：応答あり
# Variables: $n (how many games)
operator-overdue = 締め切りを過ぎたゲーム：{$n}件
operator-waiting-none = 最も古い送信待ちメール：なし
# Variables: $seconds
operator-waiting = 最も古い送信待ちメール：{$seconds}秒
operator-backups-off = 締め切り前の自動バックアップ：オフ（バックアップ先を指定せずに起動しています）
operator-backups-none = 締め切り前の自動バックアップ：まだありません（次の締め切りの前に作成されます）
# Variables: $at (a moment)
operator-backups-made = 締め切り前の自動バックアップ：最終作成 {$at}
# Variables: $n (how many in a row), $error (the last reason, in the system's words)
operator-backups-failing = 締め切り前の自動バックアップが失敗しています：{$n}回連続、直近の原因：{$error}
# Variables: $readyz, $mail-log, $backup (the address and the commands, set as code)
operator-health-note = {$readyz} と同じ内容です。残りはコマンドラインの {$mail-log} と {$backup} で行えます。
operator-mail-log = 届かなかったメール
operator-none = なし。
# Variables: $game (its number)
operator-game = ゲーム {$game}
# Variables: $days
operator-idle = {$days}日間動きのないゲーム
operator-archive-note = アーカイブするとゲームは一覧から外れ、一時停止します。GM が元に戻せます。
# Variables: $game (its number), $gm, $at (a moment)
operator-idle-game = （ゲーム {$game}、GM {$gm}、最終更新 {$at}）
operator-archive = アーカイブ
operator-accounts = アカウント
operator-names-beginning = 名前の先頭
operator-find = 検索
operator-suspended = 停止中
operator-lift = 停止を解除
operator-suspend = 停止する
operator-operator = 管理者
# Variables: $at (a moment)
operator-since = 登録 {$at}
# Variables: $n (how many accounts are listed)
operator-first = …最初の{$n}件です。ほかのアカウントは名前をもっと入力して探してください。
operator-done-suspend = 停止しました。このアカウントのセッションは終了しました。
operator-done-lift = 停止を解除しました。
operator-done-archive = アーカイブしました。
operator-done = 完了しました。

## ゲームの種類ごとのランキング（`/ratings/GAME`）。

# Variables: $game (the game's title)
ratings-title = {$game}のレーティング
# Variables: $game (the game's title), $shown-after (how many rated games before a rating shows)
ratings-about = レーティング対象の {$game} のゲームに参加したプレイヤーを、レーティング順に並べています。レーティングは多人数用 Weng–Lin レーティングの控えめな推定値（μ − 3σ を40倍したもの）で、成績が確かになるにつれて上がります。レーティング対象のゲームを{$shown-after}回終えると表示されます。ボットがプレイした席と、半分を超えるターンで何も送らなかったプレイヤーの席は含みません。
# Variables: $game (the game's title)
ratings-none = {$game}のレーティング対象ゲームはまだ終わっていません。
ratings-ladder = ランキング
# Variables: $page
ratings-ladder-page = ランキング（{$page}ページ目）
# Variables: $shown-after
ratings-nobody = レーティング対象のゲームを{$shown-after}回終えたプレイヤーはまだいません。
ratings-rank = 順位
ratings-player = プレイヤー
ratings-rating = レーティング
ratings-games = ゲーム数
ratings-better = 上位を見る
ratings-more = さらに表示
ratings-provisional = 暫定
# Variables: $shown-after
ratings-provisional-help = レーティング対象のゲームが{$shown-after}回未満のため、レーティングはまだ表示されません。
# Variables: $n (how many more players)
ratings-more-provisional = ほか{$n}人。

## シーズンのページ（`/seasons/ID`）。ステージについてのメッセージには、ゲームの名詞
## （`$noun`：stage、day）が渡されます。日本語ではそれをキーとして言葉を選びます。

# Variables: $what (what the GM's step did)
season-done = 完了：{$what}。
season-done-new = シーズンを作成し、このゲームを最初のステージにしました
season-done-finish = シーズンを終了しました
# Variables: $game (its number)
season-done-stage = 次のステージはゲーム {$game} です。席は前回と同じです
# Variables: $game (the rules' title), $season (the game's word for a season: stage race), $noun, $gm, $played, $planned (0: not said), $end (running, finished, over)
season-lead = {$game}の{ $noun ->
    [day] ウォーキングウィーク
   *[other] ステージレース
} · GM {$gm} · { $planned ->
    [0] {$played}{ $noun ->
        [day] 日
       *[other] ステージ
    }を消化
   *[other] 全{$planned}{ $noun ->
        [day] 日
       *[other] ステージ
    }中{$played}{ $noun ->
        [day] 日
       *[other] ステージ
    }を消化
}{ $end ->
    [finished] {" · GM が終了"}
    [over] {" · 終了"}
   *[running] {""}
}
# Variables: $bot (the bot's name)
season-bot = { BOT($bot) }ボット
season-open = 空席
season-no-change = 変動なし
# Variables: $n (places)
season-up = {$n}位上昇
# Variables: $n (places)
season-down = {$n}位下降
season-being-played = 進行中
season-over = 終了
# Variables: $winners (the winners, already joined)
season-won-by = 勝者：{$winners}
# Variables: $noun, $noun-cap, $n (the stage's number), $title (its game's title)
season-stage-line = { $noun ->
    [day] {$n}日目
   *[other] 第{$n}ステージ
}：{$title}
# Variables: $n (days)
season-rest-days = 休養日{$n}日の後
# Variables: $noun, $noun-cap, $n (the stage's number)
season-waiting = { $noun ->
    [day] {$n}日目
   *[other] 第{$n}ステージ
}が進行中です。終わると次を追加できます。
# Variables: $noun, $noun-cap
season-stages = { $noun ->
    [day] 日程
   *[other] ステージ
}
# Variables: $noun
season-no-stage = { $noun ->
    [day] まだ日程はありません。
   *[other] まだステージはありません。
}
# Variables: $noun
season-add-next = { $noun ->
    [day] 次の日を追加
   *[other] 次のステージを追加
}
# Variables: $noun, $running (yes: a stage is being played)
season-sure = 確認しました（シーズンを終了します{ $running ->
    [yes] 。進行中の{ $noun ->
        [day] 日
       *[other] ステージ
    }はシーズンから外れます
   *[no] {""}
}）
# Variables: $noun
season-standings-later = 最初の{ $noun ->
    [day] 日
   *[other] ステージ
}が終わると順位表が出ます。
# Variables: $noun, $n (stages counted)
season-standings = { $noun ->
    [day] {$n}日目終了時点の順位
   *[other] 第{$n}ステージ終了時点の順位
}
# Variables: $noun
season-since-last = 前の{ $noun ->
    [day] 日
   *[other] ステージ
}からの変動
season-winners = 優勝者
season-sep = ：
season-jerseys-end = 最終ジャージ
season-jerseys = ジャージの着用者
season-stand-in = （首位の選手がより格上のジャージを着ているため、代わりに着用）
season-gm-steps = GM の操作
season-rest-before = 前の休養日数
season-rest-hint = 同じゲーム、設定、席、プレイヤー（ボットも）で、新しい抽選を行います。最初の締め切りは休養日の分だけ後ろにずれます。
season-finish = シーズンを終了
# Variables: $jersey (its name)
season-leader-wears = 首位の選手が{$jersey}を着ます。
# Variables: $unit
season-totals = 合計の単位：{$unit}。
# Variables: $ties
season-ties-line = 同点の扱い：{$ties}。
season-who = 名前
season-total = 合計
season-dropped-title = 除外：集計に含めません
season-dropped = （除外）
# ログインのあと、その間にこのアカウントへのログインの失敗があったとき。
# Variables: $n
login-failed-attempts = 前回のログイン以降、ログインの失敗が{$n}回ありました
# シーズンの総合成績・単位・ジャージ。ゲームは英語で名付けるので、キーで言い直す。
# Variables: $key, $title
season-class = { $key ->
    [breaking-away-general] 個人総合
    [breaking-away-points] ポイント賞
    [breaking-away-sprints] スプリント賞
    [breaking-away-teams] チーム総合
    [breaking-away-race] チームのレースポイント
    [backpacks-general] 今週のポイント
    [backpacks-targets] 最初に到達した目標地点
   *[other] {$title}
}
# Variables: $key, $unit
season-unit = { $key ->
    [breaking-away-general] 各ステージの順位の合計
    [breaking-away-teams] 上位選手の順位の合計
    [backpacks-targets] 目標地点
   *[other] { $unit ->
        [points] ポイント
        [places] 順位
       *[other] {$unit}
    }
}
# Variables: $key, $ties
season-ties = { $key ->
    [breaking-away-general] 順位の合計が少ないほど上位。同じなら最終ステージの順位が良いほう、次にその前のステージ、と遡り、それでも同じなら同順位
    [breaking-away-points] ポイントが多いほど上位。同じならステージ優勝の多いほう、次に最終ステージの順位が良いほう、その前のステージ、と遡り、それでも同じなら同順位
    [breaking-away-sprints] ポイントが多いほど上位。同じならスプリントラインでの1位の多いほう、次に最終ステージの順位が良いほう、その前のステージ、と遡り、それでも同じなら同順位
    [breaking-away-teams] 合計が少ないほど上位。同じなら最終ステージの合計が少ないほう、次にその前のステージ、と遡り、それでも同じなら同順位
    [breaking-away-race] レースポイントが多いほど上位。同じなら最終ステージのチーム順位が良いほう、次にその前のステージ、と遡り、それでも同じなら同順位
    [backpacks-general] ポイントが多いほど上位。同じなら Keswick に戻れた日の多いほう、次に最終日の得点が高いほう、その前の日、と遡り、それでも同じなら同順位
    [backpacks-targets] 最初に到達した目標地点が多いほど上位。同じなら2番目に到達した目標地点の多いほう、次に今週のポイント。それでも同じなら同順位
   *[other] {$ties}
}
# Variables: $key, $name
season-jersey = { $key ->
    [yellow-jersey] マイヨ・ジョーヌ
    [green-jersey] マイヨ・ヴェール
    [red-jersey] 赤ジャージ
   *[other] {$name}
}
# 管理者のメールログで、メールがどうなったか。
# Variables: $what
operator-log-what = { $what ->
    [outbox-failed] 送信に失敗
    [inbound-refused] 受信して不受理
   *[inbound-dropped] 受信して破棄
}

## プロフィール：端末への通知。

push-form-title = 端末への通知
push-form-about = スマートフォンのホーム画面に追加すると（または対応するブラウザでは）、postrider がロック画面でお知らせします。通知は端末ごとに、その端末でオンにします。
push-form-this = この端末に通知する
push-form-unsupported = このブラウザはサイトからの通知を受け取れません。
push-form-none = 通知を受け取る端末はまだありません。
push-form-remove = 外す
push-form-what = 端末に送る通知
push-form-report = 参加中のゲームの新しいレポート
push-form-remind = 締め切り前に命令が届いていないときのリマインダー
push-form-press = ゲームのGMからのお知らせ
push-form-save = 通知の設定を保存

## トップページのゲーム一覧：席と担当者。
# Variables: $seat, $who
front-seat-who = {$seat}（{$who}）

## ロビーのゲームの種類：ゲーム名と、ルールとGMが選んだオプション。
# Variables: $game, $rules
lobby-game-rules = {$game}（{$rules}）
