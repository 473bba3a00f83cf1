# Errors of the API and of the forms: one line each, naming the field (the API's own name,
# kept as it is in every language) and what is wrong with it.

error-absence-over = absence: 不在期間 { $id } はすでに終わっています
error-absence-unknown = absence: 不在期間 { $id } はありません
error-absences-too-many = absences: 終わっていない不在期間がすでに{ $open }件あります（1人が持てる上限です）
error-account-changed = account: その間にアカウントが変更されました。もう一度お試しください
error-account-unknown = account: アカウント { $id } はありません
error-action-unknown = action: 「{ $other }」という操作はありません
error-operator-action-unknown = action: 「{ $other }」という操作はありません
error-allowance-not-number = allowance: 「{ $text }」はターン数ではありません
error-allowance-out-of-range = allowance: { $turns } は 0〜{ $max } のターン数ではありません
error-archive-already = archive: ゲーム { $id } はすでにアーカイブ済みです
error-as-gm-not-gm = as_gm: お知らせを出せるのはこのゲームのGMだけです
error-authorization-missing = authorization: ログインするか、Authorization: Bearer TOKEN を送ってください
error-authorization-unknown = authorization: トークンが不明か、期限切れです
error-body = body: { $reason }
error-lobby-body-empty = body: open（true か false）、on_leave、またはその両方を指定してください
error-body-not-json = body: Content-Type: application/json で JSON を送ってください
error-body-too-large = body: { $bytes }バイトを超えています
error-bot = bot: { $reason }
error-absence-bot-unknown = bot: 「{ $name }」はボットではありません（ボット：{ $absence-bots }。空欄なら命令未着時の既定動作）
error-confirm-link-unknown = confirm: このリンクは不明か、使用済みか、期限切れです。アドレスをもう一度入力してください
error-confirm-unticked = confirm: { $what }には「確認しました」にチェックを入れてください
error-season-finish-unticked = confirm: シーズンを終えるには「確認しました」にチェックを入れてください
error-control-character = { $field }: { $at }文字目に制御文字 { $character } があります（プレーンテキストのみ）
error-csrf-form = csrf: フォームが古いか、別のサイトから送られました。ページを再読み込みして、もう一度送ってください
error-csrf-cookie-write = csrf: { $why }。セッションクッキーで認証する書き込みは、このサイトから Content-Type: application/json で送る必要があります（スクリプトは Authorization: Bearer TOKEN を使ってください）
error-delete-games-left = delete: 先に次のゲームを終えるか、抜けてください（GMはゲームをアーカイブするか、席を空けます）：{ $list }
error-delete-season-stage = delete: このゲームはシーズン { $season }（{ $name }）の第{ $stage }ステージです。削除ではなくアーカイブしてください
error-delete-secret-draws = delete: このゲームは秘密の抽選でターンが進んでいます。削除ではなくアーカイブしてください（削除できるのは、まだ1ターンも処理していないゲームか、GMがシードを決めたテストゲームだけです）
error-delete-operator = delete: あなたはこのサーバーの管理者です。先に別の管理者を指名し（postrider account grant-operator NAME）、自分の役割を外してください（postrider account revoke-operator NAME）
error-lobby-action-unknown = do: 「{ $other }」はロビーの操作ではありません
error-email-invalid = email: 「{ $address }」はメールアドレスではありません（name@example.org の形で書いてください）
error-email-mail-off = email: このサーバーではメールが使えません（serve --smtp）
error-extend-clock-not-started = extend: 時計はまだ動いていません（最後の席が埋まると動き出します。start も使えます）
error-extend-game-over = extend: ゲームは終わっています
error-feed-unknown = feed: このアドレスにフィードはありません
error-time-invalid = { $field }: 「{ $text }」は 2026-12-01T09:00（あなたのタイムゾーン）や 2026-12-01T09:00:00+01:00 のような日時ではありません
error-time-outside-calendar = { $field }: 「{ $text }」は暦の範囲外です
error-time-offset = { $field }: 「{ $text }」は UTC から { $offset } ずれています。UTC から14時間を超えてずれた地域はありません（+09:00 のように、使うタイムゾーンの時差を書いてください）
error-report-format-unknown = format: 「{ $other }」は text、json、picture、chart のどれでもありません
error-history-from-both = from_seq, from_turn: どちらか一方を指定してください
error-history-from-seq-unknown = from_seq: { $seq } は記録の項目ではありません（記録は 1〜{ $total }）
error-history-from-turn-unopened = from_turn: 第{ $turn }ターンはまだ始まっていません（次は第{ $coming }ターン）
error-absence-from-too-far = from: { $utc-text } は{ $max }日より先です
error-absence-from-past = from: { $utc-text } は過去です（今から始めるなら空欄にしてください）
error-game-changed = game: 処理中にゲームが変わりました。読み直してから、もう一度送ってください
error-season-game-staged = game: ゲーム { $game-id } はすでにシーズンのステージです
error-game-not-number = game: 「{ $game }」はゲーム番号ではありません
error-operator-game-not-number = game: 「{ $game }」はゲーム番号ではありません
error-language-no-seat = game { $game }: あなたはこのゲームに席を持っていません
error-season-first-stage-staged = game_id: ゲーム { $id } はすでにシーズン { $season }（{ $name }）の第{ $stage }ステージです
error-season-first-stage-missing = game_id: 最初のステージを、既存のゲーム（game_id）か新しいゲーム（first_stage）のどちらか一方で指定してください
error-season-game-id-invalid = game_id: ゲームではありません
error-game-kept-changing = game: ほかのサーバーがゲームを変え続けています。もう一度送ってください
error-game-not-found = game: ゲーム { $id } はありません
error-absence-game-not-number = game: 「{ $text }」はゲーム番号ではありません
error-absence-game-no-seat = game: あなたはゲーム { $id } に席を持っていません
error-gm-unknown-account = gm: このサーバーに「{ $name }」というアカウントはありません
error-gm-only = gm: それができるのはこのゲームのGMだけです
error-season-gm-only = gm: それができるのはこのシーズンのGMだけです
error-hours-not-number = hours: 時間数を入力してください
error-import-secret-running = import: このファイルには進行中のゲーム（第{ $turn }ターン）の秘密が含まれています。ファイルを持つ人にはこの先の抽選がすべて分かるため、ここで秘密の抽選のゲームとして続けることはできません。終わってから取り込むか、データベースごと移してください
error-import-nul = import: 記録の { $k } 番目の項目に NUL 文字（\u0000）があります。項目には入れられません
error-internal = 内部エラー
error-invite-mail-off = invite: このサーバーではメールが使えません（serve --smtp）
error-invite-unknown = invite: このゲームへの招待ではありません（または使用済みです）
error-invite-seat-taken = invite: 席 { $name } はすでに埋まっています
error-invite-seated-already = invite: あなたはすでに席 { $held }（{ $name }）でプレイしています
error-invite-game-over = invite: この{ $game-noun }は終わりました。招待はもう使えません
error-invite-game-archived = invite: この{ $game-noun }はアーカイブされています。GMが元に戻すまで招待は使えません
error-lang = lang: 「{ $code }」は postrider が対応している言語ではありません（{ $codes }）
error-leave-game-over = leave: ゲームは終わっています。席は終了時のまま残ります
error-history-limit = limit: { $limit } は 1〜{ $history-page-max } の範囲外です
error-press-limit = limit: { $limit } は 1〜{ $press-page-max } の範囲外です
error-lineup-form-missing = line-up: 各選手のスタート時の手札を入力してください（例：{ $default-lineup }）
error-lineup-form-card = line-up: 選手{ $grade }の{ $k }枚目：「{ $v }」は整数ではありません
error-login-first = 先にログインしてください
error-login-busy = login: サーバーがパスワードの確認で混み合っています。少し待ってからお試しください
error-login-suspended = login: このアカウントは停止されています。サーバーの管理者に問い合わせてください
error-login-throttled = login: 失敗が多すぎます。{ $wait }秒後にお試しください
error-login-refused = login: 名前が不明か、パスワードが違います
error-mail-choice-unknown = mail_choice: 「{ $other }」は every、digest、none のどれでもありません
error-mail-off = mail: このサーバーではメールが使えません（serve --smtp）
error-min-on-time-range = min_on_time: { $min } はターンの割合（0〜100）ではありません
error-min-on-time-not-number = min_on_time: 「{ $text }」はターンの割合（0〜100）ではありません
error-min-on-time-unmet = min_on_time: このゲームは期限内の提出率 { $min }% 以上を求めています（あなた：{ $percent }%、{ $seated }ターン中{ $sent }ターン）
error-form-field-missing = { $name }: フォームにありません
error-name-taken = name: 「{ $name }」はすでに使われています
error-name-unknown = name: 「{ $name }」というアカウントはありません
error-season-name-length = name: シーズン名は 1〜{ $max-title }文字です
error-name-invalid = name: 「{ $string }」は英数字と「-」「_」「.」の 1〜32文字にしてください
error-on-leave = on_leave: 「{ $name }」は bot_and_open、bot、open のどれでもありません
error-open-all-seats-played = open: すべての席が埋まっています（ボットが持つ席は番号で開けます）
error-open-game-over = open: ゲームは終わっているか、アーカイブされています
error-operator-only = operator: それができるのはサーバーの管理者だけです
error-orders-resolved-meanwhile = orders: 送信中にターンが処理されました。新しい局面を確認して、もう一度送ってください
error-operator-page-unknown = page: そのページはありません
error-lobby-page = page: { $page-number }: ページは 1 から数えます
error-page = page: { $page }: ページは 1 から数えます
error-password-length = password: { $min-password }〜256文字にしてください
error-password-contains-name = password: 名前を含めないでください
error-password-weak = password: 推測されやすすぎます{ $hint }。単語や文字を足してください
error-password-throttled = password: 失敗が多すぎます。{ $wait }秒後にお試しください
error-password-wrong = password: パスワードが違います。アカウントは削除されていません
error-path-unknown = path: そのエンドポイントはありません（/api/openapi.json を参照）
error-player-unknown = player: このサーバーに「{ $name }」というアカウントはありません
error-press-closed = press: ゲームは終わりました。プレスは締め切られています（読むことはできます）
error-press-unknown = press: このゲームに公開メッセージ { $press } はありません
error-press-not-seated = press: プレスを書けるのはこのゲームのプレイヤーとGMだけです
error-press-throttled = press: この1時間に{ $press-per-hour }件を送りました。1人が1つのゲームに送れる上限です。次は{ $max }分後に送れます
error-query = query: { $body-text }
error-rated-game-over = rated: ゲームは終わっています。レーティングに数えるかどうかは終了時に決まりました
error-rated-test-game = rated: テストゲーム（GMがシードを決めたもの）はレーティングに数えられません。シードを外してください
error-record-busy = record: いま{ $downloads }件の記録がダウンロード中です。数秒後にお試しください
error-record-secret = record: 記録はゲームが終わってから公開されます（いまは第{ $turn }ターン）。それまで抽選は秘密です
error-remind-nothing-owed = remind: { $name } にいま出すべき命令はありません
error-remind-bot = remind: { $name } は{ BOT($bot) }ボットが担当しています
error-reset-link-unknown = reset: このリンクは不明か、使用済みか、期限切れです。新しいリンクを頼んでください
error-reset-mail-off = reset: このサーバーではメールが使えません。管理者に頼んでください（postrider account reset-password NAME）
error-reset-throttled = reset: このアドレスからの要求が多すぎます。{ $wait }秒後にお試しください
error-resolve-nothing = resolve: 処理するものがありません（ゲームが終わっているか、別のプロセスが処理しました）
error-rest-days-range = rest_days: 最大{ $max-rest-days }日です（{ $rest-days }日は指定できません）
error-rest-days-not-number = rest_days: 0〜{ $max-rest-days } の日数を入力してください
error-rollback-game-over = rollback: ゲームは終わり、抽選は公開されています。再開はできません
error-rollback-nothing = rollback: まだ1ターンも処理していません
error-season-all-played = season: 全{ $stages }ステージが終わっています
error-season-finished = season: { $name } は終わっています
error-season-unknown = season: シーズン { $id } はありません
error-season-finished-already = season: シーズン { $id } はすでに終わっています
error-season-stage-added = season: その間に第{ $stage }ステージが追加されました。シーズンを読み直してください
error-season-stage-running = season: 第{ $stage2 }ステージ（ゲーム { $game-id }）はまだ進行中です。終わってから次を追加してください
error-seat-none-open = seat: このゲームに空いている席はありません（GMに招待を頼んでください）
error-seat-game-over = seat: ゲームは終わっているかアーカイブされていて、席は空いていません
error-seat-not-open = seat: { $name } は誰にも開かれていません（GMに招待を頼んでください）
error-seat-played = seat: { $name } は { $holder } がプレイしています。先に席を空けてください
error-lobby-seat-without-open = seat: 開く・閉じる席を指定します。open も指定してください
error-seat-unknown = seat: 席 { $seat } はありません
error-console-seat-not-number = seat: 席の番号ではありません
error-seat-not-number = seat: 「{ $text }」は席の番号ではありません
error-seat-one-a-player = seat: あなたはこのゲームですでに { $name } をプレイしています（1人1席）
error-seat-not-yours = seat: あなたはこのゲームに参加していません
error-extend-too-far = seconds: { $seconds } は締め切りを1年より大きく動かします（前後とも最大 { $max-extend-seconds }）
error-seed-not-number = seed: 「{ $s }」は整数ではありません
error-stages-not-number = stages: 1〜{ $max-stages } のステージ数を入力してください
error-stages-range = stages: シーズンのステージは 1〜{ $max-stages } です（{ $n } は指定できません）
error-start-running = start: 時計はすでに動いています
error-suspend-operator = suspend: 「{ $name }」は管理者です。先に役割を外してください（postrider account revoke-operator）
error-revoke-last-operator = 「{ $name }」はこのサーバーでただ一人の管理者です。先に別の管理者を指名してください（postrider account grant-operator NAME）
error-body-slow = body: 本文が時間内に届きませんでした（リクエストの本文は{ $seconds }秒以内に、毎秒{ $rate }バイト以上の速さで送ってください）
error-connections-per-address = connections: あなたのアドレスから同時に開いている接続が多すぎます。いくつか閉じてからやり直してください
error-press-text-long = text: { $chars }文字あります。1通は{ $press-max-chars }文字までです
error-press-text-empty = text: 空です。メッセージを書いてください
error-time-zone-unknown = time_zone: 「{ $typed }」はタイムゾーンではありません（Asia/Tokyo のような IANA 名を書くか、UTC なら空欄にしてください）
error-time-zone-unknown-short = time_zone: 「{ $typed }」はタイムゾーンではありません
error-title-length = title: 1〜{ $max-title }文字にしてください
error-press-to-announcement = to: GMのお知らせは全員に届きます。to は空欄にしてください
error-press-to-unknown = to: このゲームに「{ $trim }」という席もプレイヤーもありません
error-press-private-off = to: このゲームでは非公開のプレスはできません（GMが許可できます）。全員に送るなら to を空欄にしてください
error-press-to-ambiguous = to: 「{ $trim }」は複数の席（{ $choices }）のプレイヤーです。席の名前で書いてください
error-press-to-no-seat = to: このゲームに「{ $trim }」という席はありません
error-press-to-self = to: 「{ $trim }」はあなた自身の席です
error-absence-to-before-from = to: { $utc-text } は期間の始まり（{ $utc-text2 }）より後ではありません
error-absence-too-long = to: 期間が{ $days }日あります。最大{ $max }日です
error-turn-not-number = turn: 「{ $t }」はターン番号ではありません
error-report-turn-unresolved = turn: 第{ $turn }ターンはまだ処理していません（処理済み：{ $resolved }）
error-unsubscribe-unknown = unsubscribe: 不明なリンクです
error-webhook-private = webhook: { $ip } は公開アドレスではありません（このサーバーはインターネットにしか送りません）
error-webhook-url = webhook: 「{ $url }」はホスト（名前、またはゾーンなしのアドレス）を指す http:// や https:// の URL ではありません
error-reset-who-missing = who: アカウント名か、確認済みのメールアドレスを入力してください

## ライフサイクルの不受理（どのゲームでも）。$noun はゲーム自身の英語の名詞（席: team、
## walker、player。ターン: turn、round。ゲーム: race、day、game）。
error-seat-name-letters = { $noun ->
        [team] チーム
        [walker] ハイカー
       *[other] プレイヤー
    }「{ $name }」: 英数字と「-」「_」の 1〜24 文字にしてください
error-seats-count = { $noun ->
        [team] チーム
        [walker] ハイカー
       *[other] プレイヤー
    }: { $given } 席が指定されましたが、{ $rules } のルールでは { $least }〜{ $most } 席です
error-seats-twice = { $noun ->
        [team] チーム
        [walker] ハイカー
       *[other] プレイヤー
    }: 「{ $name }」が2回指定されています
error-seat-no-such = { $noun ->
        [team] チーム
        [walker] ハイカー
       *[other] プレイヤー
    }「{ $name }」: その席はありません（席: { $seats }）
error-lineup-none = lineup: { $game } にスタート時の手札の指定はありません
error-lineup-closed = line-up: レースは始まっています。スタート時の手札はもう出せません
error-orders-game-over = orders: ゲームは終わっています
error-orders-empty = orders: 選手が指定されていません
error-orders-lineup-first = orders: 最初の命令の前に、スタート時の手札を送ってください
error-orders-nothing = orders: 何も送られていません（lineup か orders を指定してください）
error-game-over = ゲームは終わっています
error-piece = { $reason }
error-piece-not-started = { $verb }: まだ始まっていません。スタート時の手札を送り、第1{ $noun ->
        [round] ラウンド
       *[turn] ターン
    }を処理してください
error-turn-stale = turn: この命令は第{ $sent }{ $noun ->
        [round] ラウンド
       *[turn] ターン
    }のものですが、受付中は第{ $open }{ $noun ->
        [round] ラウンド
       *[turn] ターン
    }です。新しい局面を確認して、もう一度送ってください
error-sealed-too-often = { $field }: 第{ $turn }{ $noun ->
        [round] ラウンド
       *[turn] ターン
    }にすでに{ $times }回封印しました（1席の上限です）。最後に封印したものが有効です
error-turn-not-resolved = turn: 第{ $turn }{ $noun ->
        [round] ラウンド
       *[turn] ターン
    }はまだ処理していません（処理済み：{ $resolved }）
error-season-game = game: { $game } にはシーズンがありません
error-season-name = name: シーズンには名前が必要です
error-season-best-of = best_of: リーグは少なくとも1つの結果を数えます
error-season-stages = stages: シーズンのステージは最大 { $most } です
error-season-scoring = { $reason }
error-game-unknown = game: 「{ $name }」というゲームはありません（{ $games } のどれかです）
error-secret-digits = secret: 小文字の16進数字を 32〜128桁で指定してください
error-seed-not-secrets = seed: { $seed } は秘密から得られるシードではありません（{ $gives }）
error-game-not-over = game { $id }: まだ終わっていません

## 締め切りの規則（GMのフォーム、APIの deadline）。

# Variables: $seconds
error-deadline-seconds = deadline.seconds: { $seconds } は60（1分）から31622400（1年）の範囲外です
# Variables: $weekday
error-deadline-weekday = deadline.weekday: 「{ $weekday }」は曜日ではありません
# Variables: $time
error-deadline-time = deadline.time: 「{ $time }」は20:00のような時刻ではありません
# Variables: $zone
error-deadline-zone = deadline.zone: 「{ $zone }」はEurope/Londonのようなタイムゾーンではありません

## ゲームの設定（新しいゲームのフォーム、APIの settings、コマンドラインのフラグ）。

# Variables: $key, $game, $settings
error-setting-unknown = { $key }: { $game }には設定「{ $key }」がありません（設定は { $settings }）
# Variables: $key, $game
error-setting-unknown-none = { $key }: { $game }には設定「{ $key }」がありません（設定はありません）
# Variables: $key, $expected, $got
error-setting-shape = { $key }: { $expected ->
    [names] 名前のリスト
   *[text] 文字列
}を指定してください（指定されたのは { $got }）

## ゲームにないもの。

# Variables: $game
error-lacks-lineups = { $game }にはスタート時の手札の指定がありません
# Variables: $game
error-lacks-scenario = scenario: { $game }には局面の記法がありません
# Variables: $game, $verb
error-lacks-piece-action = { $verb }: { $game }の駒にはその操作がありません

## Web Push：端末の購読。

error-push-endpoint = endpoint: 公開アドレスにあるプッシュサービスの https:// の URL ではありません
error-push-key = keys.p256dh: base64url の P-256 公開鍵ではありません
error-push-auth = keys.auth: base64url の 16 バイトの認証シークレットではありません
# Variables: $max
error-push-devices = endpoint: 端末はすでに { $max } 台あります。先にプロフィールで1台を外してください
error-push-no-device = endpoint: この endpoint のあなたの端末はありません

## アカウントを削除できない理由のゲーム（error-delete-games-left の $list）。
# Variables: $title, $game
error-delete-game-run = 「{ $title }」（ゲーム{ $game }、GMを担当）
# Variables: $title, $game
error-delete-game-played = 「{ $title }」（ゲーム{ $game }、プレイ中）
