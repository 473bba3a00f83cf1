## ゲームのページ：ゲーム、ターン、履歴、プレス、命令ページの枠、招待、GMコンソール、新しいゲームのフォーム。
## 変数のないメッセージはテンプレートの文面と同じくエスケープせずにページに書かれる：`<` や `&` を含めないこと。
## ブレイキング・アウェイの用語は日本語ルールに従う（チーム、選手、ターン、レース、コース）。

game-list-comma = 、
game-period = 。

## 各ゲームの名詞とゲーム名。

game-noun-turn = ターン
game-noun-round = ラウンド
game-noun-race = レース
game-noun-day = 一日
game-noun-game = ゲーム
game-noun-team = チーム
game-noun-walker = ハイカー
game-noun-player = プレイヤー
game-noun-track = コース
game-noun-map = 地図
game-noun-table = テーブル
game-noun-rider = 選手
game-title-breaking-away = ブレイキング・アウェイ
game-title-backpacks = バックパックス＆ブリスターズ
game-rules-postal-2-2 = 郵便ルール2.2
game-rules-board = ボードゲームのルール
game-rules-pbm-2-1 = PBMルール2.1
game-rules-cards-5 = 5枚
game-rules-cards-9 = 9枚
game-rules-cards-13 = 13枚
# Variables: $game, $rules
game-title-rules = {$game}（{$rules}）
# Variables: $noun (the turn noun), $n
turn-name = 第{$n}{$noun}
turn-start = スタート時

## ゲームの各ページ上部のリンク。

game-nav-label = このゲーム
game-nav-game = ゲーム
game-nav-orders = あなたの命令
game-nav-console = GMコンソール
game-nav-history = 履歴
game-nav-season = シーズン
game-nav-committed = 抽選のコミットメント：
# Variables: $noun (what the season calls a stage: Stage, Day), $stage
game-nav-stage-of = { $noun ->
    [Day] {$stage}日目
   *[other] 第{$stage}ステージ
}・
game-nav-standings = の順位表

## ゲームのページ。

game-archived = このゲームはアーカイブされています。GMが一覧から外しました。閲覧はできます。
# Variables: $noun (race, day)
game-finish-label = {$noun}の結果
# Variables: $winner
game-finish-won = {$winner}が優勝しました。
# Variables: $winner, $place (already written as a place: 4th)
game-finish-won-place = {$winner}が優勝しました。あなたは{$place}でした。
# Variables: $winners (every seat that shares first place), $place (the reader's: "同率1位")
game-finish-shared = {$winners}が同率で優勝しました。
game-finish-shared-place = {$winners}が同率で優勝しました。あなたは{$place}でした。
game-finish-nobody = 勝者はいません。
game-finish-nobody-place = 勝者はいません。あなたは{$place}でした。
# Variables: $place ("1位"), a place another seat shares
game-finish-joint = 同率{$place}
# Variables: $noun
game-finish-over = {$noun}は終了しました。最終順位は
game-finish-last-report = 最後のレポート
game-finish-over-end = にあります。
game-your-move = あなたの番
game-you-play-before = あなたの担当は
game-you-play-after = です。
game-send-orders = 命令を送る
game-amend-orders = 命令を見る・修正する
game-you-are-gm = あなたはこのゲームのGMです。
# Variables: $gm
game-run-by = GM：{$gm}
game-seat-settings-link = 席の設定
game-open-console = GMコンソールを開く
game-new-report = 新しいレポート
# Variables: $turn (turn 5, round 3)
game-what-happened = {$turn}の出来事
# Variables: $turn
game-report-of = {$turn}のレポート
# Variables: $seat (the seat noun: team), $turn (the turn noun)
game-yours-label = この{$turn}のあなたの{$seat}：
game-seats = 席
game-seat = 席
game-player = プレイヤー
game-this-turn = このターン
game-you = （あなた）
# Variables: $name, $bot
game-seat-bot-plays = {$name}（{ BOT($bot) }ボットがプレイ中）
# Variables: $bot
game-seat-bot = { BOT($bot) }ボット
game-seat-open = 空席
game-seat-orders-in = 提出済み
game-seat-waiting = 命令待ち
game-seat-bot-turn = ボットがプレイ
game-mail-orders = メールでの命令：
game-mail-orders-help = （このゲームのどのメールに返信しても届きます。アドレスは他人に教えないでください。）
game-new-address = 新しいアドレス
game-ratings = レーティング
game-not-rated = レーティング対象外です。
game-rated-updating = レーティング対象のゲームです。プレイヤーのレーティングを更新中です。
game-rated-when-over = レーティング対象のゲームです。終了すると、プレイヤーは
# Variables: $game
game-ladder = {$game}のランキング
game-rated-when-over-end = で順位が動きます。
game-rated-left-out = 一度でもボットがプレイした席と、半分を超えるターンで命令を送らなかったプレイヤーの席は除かれます。
game-rated-moved = レーティング対象のゲームです。プレイヤーは
game-rated-moved-end = で順位が動きました。
game-rating = レーティング
# Variables: $why
game-rating-left-out = 対象外：{$why}
game-fair-play = 公正さ
game-draws-chosen = 抽選はGMが選んだシード値によります（テストゲームのため、GMはすべての抽選を知っています）。ゲームはそのシード値にコミットしています
game-draws-secret = 抽選は、ゲーム作成時にサーバーが引いた秘密の値によります。サーバーはその値にコミットしています
game-draws-colon = ：
# Variables: $noun
game-draws-revealed = {$noun}は終了し、秘密の値が公開されました。
game-public-record = 公開記録
game-draws-check = をダウンロードし、すべてのターンを次のコマンドで確認できます：
# Variables: $noun
game-draws-later = {$noun}が終わると秘密の値が公開され、誰でもすべてのターンをこのコミットメントと照らし合わせて確認できます。
# Variables: $gm, $seat
game-gm-plays = GMの{$gm}はこのゲームで{$seat}もプレイしています。GMとして、締め切り前に各プレイヤーが自分の席について見るものをすべて見ることができます（伏せて配られたものも含むすべての手札とカード、所持金、封印されたすべての命令）。これから行われる抽選だけは、ほかの全員と同じくGMにも伏せられています（GMによるターンのプレビューでは仮の値を使います）。

## 席のページ（その席のプレイヤー向け）：メールの言語、命令用アドレス、不在。

# Variables: $seat, $title
game-seat-title = {$title}のあなたの席：{$seat}
game-seat-language-heading = この席のメールの言語
game-mail-orders-heading = メールでの命令

game-seat-language = この席のメールの言語
game-seat-language-account = アカウントの言語
game-seat-language-save = 保存

## ゲームの状態とあなたの番を短く。

game-status-over = 終了
game-status-lineups = スタート時の手札と第1ターン
# Variables: $taken, $all
game-status-waiting-players = プレイヤー待ち（{$all}席中{$taken}席が埋まっています）
# Variables: $turn
game-status-paused = {$turn}、一時停止中
# Variables: $turn, $deadline
game-status-due = {$turn}、締め切り {$deadline}
game-move-over = ゲームは終了しました。
game-move-none = 送る命令はありません。ゲームはあなたなしで続きます。
game-move-lineup = スタート時の手札と第1ターン
# Variables: $turn, $until
game-move-sealed = {$turn}の命令は封印済みです（{$until}まで修正できます）。
# Variables: $turn
game-move-sealed-paused = {$turn}の命令は封印済みです（ターンが処理されるまで修正できます。締め切りは一時停止中です）。
# Variables: $turn, $due
game-move-due = {$turn}の命令の締め切り：{$due}。
# Variables: $turn
game-move-due-paused = {$turn}の命令の締め切りは一時停止中です。
# Variables: $turn, $taken, $all
game-move-due-waiting = {$turn}の命令はもう送れます。ゲームはプレイヤーを待っています（{$all}席中{$taken}席が埋まっています）。全席が埋まった時点で締め切りが決まります。
# Variables: $turn, $taken, $all
game-move-sealed-waiting = {$turn}の命令は封印済みです。ゲームはプレイヤーを待っています（{$all}席中{$taken}席が埋まっています）。全席が埋まった時点で決まる最初の締め切りまで修正できます。
game-badge-sealed = 封印済み
game-badge-due-now = 締め切り
# Variables: $left
game-badge-due-in = 締め切りまで{$left}
# Variables: $title
game-tab-orders-due = 命令の締め切り · {$title}
# Variables: $title
game-orders-title = {$title}：あなたの命令
# Variables: $title
game-tab-your-orders = あなたの命令 · {$title}

## GMが運営するゲームの一覧（GMのトップページ）。

game-gm-games = 運営中のゲーム
game-gm-games-all-in = 全席の命令がそろいました
# Variables: $n
game-gm-games-waiting = {$n}席待ち

## 招待。

# Variables: $title
game-join-heading = {$title}に参加
game-join-seat = 次の席に招待されています：
game-join-in = 、ゲーム
game-join-taken = この招待はすでに使われ、席は埋まっています。ゲーム：
game-join-lobby = ロビーで空いている席を探す
game-join-read = ゲームを見る
# Variables: $game, $gm
game-join-run-by = （{$game}、GM：{$gm}）
game-join-take = 席に着く

## 命令ページの枠（命令フォームそのものは各ゲームのもの）。

game-orders-sealed-note = 封印しました。締め切りまで命令を修正できます。
game-orders-sealed-all-in = 封印しました。全席の命令がそろったので、このターンをいま処理しています。
# Variables: $turn, $report (a link: game-orders-played-report)
game-orders-played = 封印しました。{$turn}はすでに処理されました。{$report}。
# Variables: $turn
game-orders-played-report = {$turn}の結果を読む
# Variables: $noun (the game's turn noun: turn, round)
game-orders-nothing-sealed = この{ $noun ->
    [round] ラウンド
   *[other] ターン
}はまだ何も封印していません。
game-orders-sealed-as-read = 封印済み（読み取った内容）：
game-orders-lineup = スタート時の手札
game-orders-orders = 命令
game-orders-over-for-you = 送る命令はありません。あなたのゲームは終了しました。
# Variables: $noun (track, map)
game-orders-picture-now = 現在の{$noun}。
game-orders-none = 送る命令はありません。
game-orders-lineup-label = スタート時の手札
game-orders-orders-label = 命令
game-orders-seal = 命令を封印する

## ターン：図、レポート、グラフ、過去のターン。

# Variables: $noun (the game's turn noun: turn, round)
turn-past-label = 過去の{ $noun ->
    [round] ラウンド
   *[other] ターン
}
turn-past = 過去の{ $noun ->
    [round] ラウンド
   *[other] ターン
}
# Variables: $noun (track, map), $after (turn 2, the start)
turn-picture-after = {$after}の{$noun}
# Variables: $noun
turn-picture-whole = {$noun}の全体
# Variables: $turn
turn-report-of = {$turn}のレポート
# Variables: $noun (race, day)
turn-so-far = ここまでの{$noun}
turn-state-text = 現在の状況（テキスト）
turn-report-text = テキストのレポート（メールと同じ）

## 履歴：ゲームのログのすべての記録。

history-intro = ゲームへのすべての変更を順に示します。封印された命令は、そのターンが処理された後に表示されます。
history-pages = 履歴のページ
# Variables: $first, $last, $total
history-entries = 全{$total}件中{$first}〜{$last}件目。
history-earlier = ← 前へ
history-later = 次へ →
history-latest = 最新 →|
# Variables: $noun (turn, round)
history-from-turn = {$noun}から：
history-when = 日時
history-who = 誰が
history-what = 内容
# Variables: $title
history-title = {$title}：履歴
# Variables: $title, $turn
turn-title = {$title}：{$turn}
# Variables: $game (its code: breaking-away), $title, $settings, $seats
history-created = ゲーム作成：{$title}{$settings}、席 {$seats}
# Variables: $seat
history-lineup-sealed = {$seat}：スタート時の手札を封印
# Variables: $seat
history-orders-sealed = {$seat}：命令を封印
# Variables: $seat, $text, $by
history-lineup = {$seat}：スタート時の手札 {$text}{$by}
# Variables: $seat, $text, $by
history-orders = {$seat}：命令 {$text}{$by}
# Variables: $bot
history-by-bot = （{ BOT($bot) }ボット）
history-by-gm = （GMによる）
# Variables: $noun (the game's turn noun: turn, round), $turn
history-resolved = 第{$turn}{ $noun ->
    [round] ラウンド
   *[other] ターン
}を処理
# Variables: $noun, $turn
history-rolled-back = 第{$turn}{ $noun ->
    [round] ラウンド
   *[other] ターン
}を巻き戻し
# Variables: $seat, $player
history-claimed = {$seat}に{$player}が着席
# Variables: $seat, $bot
history-to-bot = {$seat}を{ BOT($bot) }ボットに交代
# Variables: $seat
history-to-player = {$seat}をプレイヤーに戻す
# Variables: $seat
history-freed = {$seat}を新しいプレイヤーのために空席に
# Variables: $at
history-deadline = 締め切りを{$at}に設定
history-paused = 締め切りを一時停止
history-resumed = 締め切りを再開
# Variables: $settings (joined by history-setting-separator)
history-settings = （{$settings}）
history-setting-separator = 、
# Variables: $setting, $value
history-setting = {$setting}：{$value}
# Variables: $setting
history-setting-given = {$setting}：指定あり
history-setting-rules = ルール
history-setting-options = オプション
history-setting-map = 地図
history-setting-deck = デッキ
history-setting-cards = カード
# Variables: $label, $noun, $piece
history-piece = GM：{$label}、{$noun} {$piece}

## ゲームのページのプレス。

press-page-heading = プレス
press-page-who-reads-private = 公開プレスはすべての席と訪問者が読めます。非公開プレスは宛先の席と送信者だけが読めます（GMは読めません）。
press-page-who-reads-public = 公開プレスはすべての席と訪問者が読めます。このゲームでは非公開プレスは使えません。
press-page-older = 以前のプレス
press-page-none = プレスはまだありません。
press-page-private = 非公開
# Variables: $noun, $turn
press-page-turn = 第{$turn}{$noun}
press-page-hidden = GMにより非表示
press-page-hide = このメッセージを非表示にする
press-page-announcement = GMとしてのお知らせ
press-page-your-message = メッセージ
# Variables: $max, $per-hour
press-page-limits = 最大{$max}文字、1時間に{$per-hour}件までです。リンクはテキストとして表示されます。
press-page-to = 宛先（公開プレスならすべて未選択のまま）
press-page-as-gm = GMのお知らせとして投稿する
press-page-post = 投稿
press-page-private-is = 席どうしの非公開プレスは
press-page-allowed = 許可されています
press-page-off = 使えません
press-page-turn-off = 使えなくする
press-page-allow = 許可する
# Variables: $by, $when
press-page-hidden-note = {$by}が{$when}に非表示にしました。他の人には「GMにより非表示」と表示されます。
# Variables: $title
press-page-title = プレス · {$title}

## GMコンソール。

# Variables: $title
console-title = {$title}：GMコンソール
# What a GM action did, said above the console after it.
console-done = 保存しました。
# Variables: $turn (turn 3, round 2)
console-done-resolve = {$turn}をいま処理しました。
# Variables: $turn
console-done-rollback = 最後のターンを巻き戻しました。{$turn}がふたたび受付中です。
# Variables: $deadline
console-done-deadline = 締め切りは{$deadline}になりました。
console-done-pause = 締め切りを一時停止しました。
console-done-free = 席を空けました。新しい招待リンクは下にあります。
console-done-archive = ゲームをアーカイブしました。一覧からは外れますが、同じアドレスで読めます。
console-done-restore = ゲームを一覧に戻しました。
console-done-invite = 招待をメールで送りました。
console-done-bot = 席を誰が操作するかを保存しました。
console-done-webhook = ウェブフックを保存しました。
console-done-rated = レーティングの対象にするかどうかを保存しました。
console-done-piece = 実行しました。ゲームの履歴に記録されています。
# Variables: $turn (turn 3, round 2)
console-preview = {$turn}のプレビュー（何も変更されていません）
console-preview-stand-in = 仮の引き札：このプレビューでこれから引くカードとボットの選択は、プレビューのためだけに引いたものです。ゲーム本来の引き札はターンが処理されるまで秘密のままです。
# Variables: $until, $by (away-by-…)
console-away = {$until}まで不在、{$by}が代わりに操作
# Variables: $seat
console-reminder-mailed = {$seat}のプレイヤーにリマインダーをメールしました。
# Variables: $seat
console-reminder-not-mailed = メールは送られませんでした（このプレイヤーはメールを受け取らないか、このターンはすでにリマインド済みです）。{$seat}のプレイヤーにこのテキストを直接送ってください。
# Variables: $seat
console-reminder-no-mail = メールは送られませんでした（このサーバーではメールが無効です）。{$seat}のプレイヤーにこのテキストを直接送ってください。
console-reminder = リマインダー
console-all-in = 全席の命令がそろっています。
console-waiting-for = 命令待ち：
console-bot = ボット
# Variables: $n
console-nmr-streak = { $n ->
    [1] 前のターンは命令未着
   *[other] {$n}ターン連続で命令未着
}
# Variables: $seat
console-remind = {$seat}にリマインド
# Variables: $seat
console-invitation = {$seat}への招待
# Variables: $seat
console-invitation-link = {$seat}への招待リンク
# Variables: $seat
console-copy-invitation = {$seat}への招待リンクをコピー
console-played-by = プレイするのは
console-its-player = その席のプレイヤー
console-set = 設定
# Variables: $seat
console-sure-free = 確認しました（{$seat}を解放）
console-free = 席を解放する
# Variables: $seat
console-invite-address = {$seat}に招待するアドレス
console-mail-invitation = 招待をメールする
console-the-turn = ターン
console-preview-button = 裁定をプレビュー
console-sure-resolve = 確認しました（ターンを処理）
console-resolve = 今すぐ処理する
console-start = 今すぐ時計を開始（空席は埋まるまで何も送りません）
# Variables: $zone (the GM's time zone)
console-deadline-at = 新しい締め切り（{$zone}）
console-extend = 締め切りを動かす
console-resume = 締め切りを再開
console-pause = 締め切りを一時停止
console-sure-rollback = 確認しました（最後のターンを巻き戻す）
console-rollback = 最後のターンを巻き戻す
console-rated-over = レーティング対象のゲームです。終了時にプレイヤーのレーティングが動きました（詳しくはゲームのページにあります）。
console-test-game = テストゲーム（あなたがシード値を選んだゲーム）はレーティングの対象になりません。
console-rated-help = レーティング対象のゲームは、終了時にプレイヤーのランキングを動かします。一度でもボットがプレイした席と、半分を超えるターンで命令を送らなかったプレイヤーの席は除かれます。ゲームが終わるまで変更できます。
console-save = 保存
console-webhook = ウェブフック
console-webhook-help = DiscordまたはSlackのウェブフックURL。「ターン処理」と「締め切り間近」が投稿されます。空欄なら投稿しません。
console-webhook-url = ウェブフックURL
console-webhook-save = ウェブフックを保存
console-mail-log = 届かなかったメール
console-mail-log-none = ありません。このゲームの席とのメールで、失敗したものや拒否されたものはありません。
console-mail-log-hint = 新しい順です。アドレスとメールの本文は表示しません。
# Variables: $n
console-mail-log-older = 古い{$n}件は表示していません（サーバーの管理者はすべてを一覧できます：
console-mail-log-older-end = ）。
# Variables: $noun (the season's stage noun, lower case), $stage
console-season-stage = このゲームは次のシーズンの{ $noun ->
    [day] {$stage}日目
   *[other] 第{$stage}ステージ
}です：
console-season-over = （終了）
console-season-stage-end = 。
console-rest-days = その前の休養日
# Variables: $noun
console-add-stage = 次の{ $noun ->
    [day] 日
   *[other] ステージ
}を追加
console-add-stage-help = 同じ設定、席、プレイヤー（ボットも）で、抽選は新しくなります。最初の締め切りは休養日の分だけ後になります。
console-sure-finish-season = 確認しました（シーズンを終える）
console-finish-season = シーズンを終える
console-season-help = このゲームを、同じ席でプレイする連戦（ステージレース、ウォーキングウィーク、リーグ）の最初のゲームにします。毎回、順位表が付きます。
console-season-name = シーズンの名前
console-season-stages = 予定数（任意）
console-season-make = このゲームをシーズンの最初にする
console-the-game = ゲーム
console-restore = 一覧に戻す
console-sure-archive = 確認しました（ゲームをアーカイブ）
console-archive = アーカイブ（一覧から外し、閲覧は可能）
console-archive-pause = アーカイブ（一覧から外し、閲覧は可能。締め切りは一時停止）
console-sure-delete = 確認しました（ゲームを削除）
console-delete = ゲームを完全に削除
console-not-deletable = このゲームのターンは秘密の抽選でプレイされました。記録を検証できるよう、アーカイブはできますが削除はできません。
console-orders-none = 送る命令なし
console-orders-kept = 命令は保持、ターン再開
console-orders-waiting = 命令待ち
console-orders-bot = ボットがプレイ
console-orders-in = 提出済み
# Variables: $bot
console-player-bot = { BOT($bot) }ボット
# Variables: $bot (the bot's id)
console-bot-choice = { BOT($bot) }ボット
console-player-open = 空席
console-category-refused = エラーを返信
console-category-not-delivered = 不達
console-category-bounced = 差し戻し
console-pieces-rider = 選手
console-verb-drop = 脱落を宣言（郵便ルール10.1）
console-verb-retire = リタイヤ（ボードゲーム）
console-category-dropped = 破棄

## 新しいゲームのフォーム。

new-game-page = 新しいゲーム
new-game-title = タイトル
new-game-game = ゲーム
# Variables: $game
new-game-used-when = ゲームが{$game}のときに使います。
new-game-seats = 席（1行に1つ）
new-game-seats-help = ブレイキング・アウェイならチーム名、バックパックス＆ブリスターズならハイカー名。
new-game-deadline = 締め切り
new-game-every = {""}
new-game-hours-label = 時間
new-game-hours = 時間ごと
new-game-weekly-on = 毎週
new-game-weekday = 曜日
new-game-at = の
new-game-time = 時刻
new-game-in = 、タイムゾーン
new-game-zone = タイムゾーン
new-game-early = 全席が命令を送ると、ターンは締め切り前に処理されます。
new-game-seed = シード値
new-game-seed-help = 空欄なら秘密のランダムな値になります。自分で選んだシード値では、抽選を知っているテストゲームになります。
new-game-rated = レーティング対象
new-game-rated-help = 終了したゲームはプレイヤーのランキングを動かします。ボットがプレイした席と、半分を超えるターンで命令を送らなかったプレイヤーの席は除かれます。テストゲームは対象外です。
new-game-create = ゲームを作成
new-game-setting-rules = ルール
new-game-setting-options = ボードゲームのオプション
new-game-setting-map = Keswickの地図の代わりに使う地図ファイル（TOML）
new-game-setting-deck = Keswickのデッキの代わりに使うデッキファイル（TOML）
new-game-setting-cards = 手札の枚数
new-game-choice-13 = 13枚
new-game-choice-9 = 9枚
new-game-choice-5 = 5枚
new-game-choice-postal-2-2 = 郵便ルール2.2
new-game-choice-board = ボードゲーム
new-game-choice-pbm-2-1 = PBMルール2.1
new-game-option-group_breakaways = グループ・ブレイキング・アウェイ
new-game-option-turn1_congestion = 第1ターンの混雑
new-game-option-staggered_start = よろめきスタート（時差スタート）
new-game-option-open_hands = 手札の公開
new-game-weekday-monday = 月曜日
new-game-weekday-tuesday = 火曜日
new-game-weekday-wednesday = 水曜日
new-game-weekday-thursday = 木曜日
new-game-weekday-friday = 金曜日
new-game-weekday-saturday = 土曜日
new-game-weekday-sunday = 日曜日

## 締め切りと時刻（`pages/when.rs`）、読み手のタイムゾーンで。

# Variables: $minutes
when-left-min = {$minutes}分
# Variables: $hours, $minutes
when-left-h-min = {$hours}時間{$minutes}分
# Variables: $hours
when-left-h = {$hours}時間
# Variables: $days, $hours
when-left-d-h = {$days}日{$hours}時間
# A moment in a zone. Variables: $weekday, $day, $month, $month-name, $year, $hour, $minute, $zone
when-moment = {$year}年{$month}月{$day}日({$weekday}) {$hour}:{$minute} {$zone}
# Variables: $moment, $left
when-deadline = {$moment}（あと{$left}）
# Variables: $moment
when-deadline-now = {$moment}（締め切りました）
# Variables: $hours
when-rule-hours = {$hours}時間ごと
# Variables: $minutes
when-rule-minutes = {$minutes}分ごと
# Variables: $weekday (as the rule names it: sunday), $time, $zone
when-rule-weekly = 毎週{$weekday} {$time}（{$zone}）

## コンソールのメールログ：メールに何が起きたか（アドレスと本文は出さない）。中継サーバーの応答（$answer）はそのまま。

# Variables: $seat
console-log-player = {$seat}のプレイヤー
console-log-a-player = あるプレイヤー
# Variables: $seat
console-log-order-address = {$seat}の命令用アドレス
console-log-an-order-address = ある席の命令用アドレス
console-log-webhook = このゲームのウェブフック
console-log-webhook-failed = このゲームのウェブフックへの投稿に失敗しました。
# Variables: $noun, $turn, $to
console-log-report = {$to}への第{$turn}{ $noun ->
    [round] ラウンド
   *[turn] ターン
}のレポートが届きませんでした。
# Variables: $to
console-log-report-any = {$to}へのレポートが届きませんでした。
# Variables: $to
console-log-reminder = {$to}へのリマインダーが届きませんでした。
# Variables: $to
console-log-welcome = {$to}へのようこそメールが届きませんでした。
# Variables: $to
console-log-echo = {$to}への命令の控えが届きませんでした。
# Variables: $to
console-log-refusal = {$to}への、誤りのあったメールへの返信が届きませんでした。
# Variables: $seat
console-log-invitation = {$seat}への招待が届きませんでした。
# Variables: $to
console-log-mail = {$to}へのメールが届きませんでした。
console-log-no-answer = 応答の記録なし
# Variables: $answer, $n
console-log-attempts = {$answer}（{$n}回試行）
# Variables: $answer（中継サーバーの応答）, $to
console-log-bounced-why = アドレスから差し戻されました：{$answer}。{$to}がプロフィールでアドレスを確認し直すまで、このアドレスにはメールを送りません。
# Variables: $address
console-log-refused = {$address}へのメールに誤りがあったため、誤りを返信しました。何も封印していません。
console-log-refused-why = プレイヤーには誤りを伝えてあり、命令を送り直せます。
# Variables: $address
console-log-dropped = {$address}へのメールを破棄しました。何も読まず、何も封印していません。
console-log-dropped-why = 読めなかったか、返信する相手がいませんでした（確認済みのアドレスがない）。詳しくはサーバー管理者のメールログにあります。

## 履歴の記録者：サーバー（締め切り、ボットの命令）、名前つきのGMと管理者。プレイヤーは名前のまま。
history-actor-server = サーバー
# Variables: $name
history-actor-gm = GM：{$name}
# Variables: $name
history-actor-operator = 管理者：{$name}
# Variables: $bot (the bot's id)
history-actor-bot = { BOT($bot) }ボット
