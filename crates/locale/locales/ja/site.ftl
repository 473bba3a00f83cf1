## サイトの枠：全ページ共通のヘッダー、フッター、エラーページ。

site-nav = サイト
site-games = ゲーム一覧
site-new-game = 新しいゲーム
site-your-move = あなたの番
# Variables: $n (how many games)
site-awaiting = 命令待ちのゲーム{$n}件
site-profile = プロフィール：設定、不在、ログアウト
site-server = サーバー
site-log-out = ログアウト
site-log-in = ログイン
site-register = 登録
# The footer's menu of languages.
site-language = 言語
site-error-title = 問題が発生しました
site-back-to-games = ゲーム一覧に戻る

## The profile's language form.

language-title = 言語
language-help = サイト、ターンレポート、メールはこの言語で書かれます。席ごとにメールの言語を変えることもできます（ゲームのページからたどる「席の設定」で）。
language-label = 使用する言語
language-save = 保存

## A player's public profile (`/players/{name}`).

player-on-time = 提出率
# Variables: $sent, $seated
player-on-time-sent = のターンで命令を提出（着席{$seated}ターン中{$sent}ターン）。
player-no-turn-yet = まだ着席したターンはありません。
player-turns-seated = 着席ターン
player-orders-sent = 命令提出
player-missed = 命令未着（NMR）
player-abandoned = 放棄した席
player-on-time-help = 命令を出すべき席に着いていた処理済みターンのうち、命令を提出したターンの割合です（ボットが担当したターンは含みません）。
player-games = ゲーム
player-no-games = まだゲームはありません。
player-game = ゲーム
player-seat = 席
player-result = 結果
player-on-time-col = 提出率
player-seat-left = （退席）
player-result-left = 退席
# Variables: $place (already written as a place: 1st, 2nd)
player-result-place = {$place}
player-result-finished = 終了
player-result-running = 進行中
# Variables: $percent, $sent, $seated
player-on-time-cell = {$percent}%（{$sent}／{$seated}）

## The profile's calendars and feeds.

feeds-title = カレンダーとフィード
feeds-public-profile = あなたの公開プロフィール：
feeds-help = 席ごとの締め切りを購読できるカレンダーと、レポートのフィードです。アドレスは秘密です。知っている人は誰でもその席のレポートを読めます。古いアドレスを止めるには更新してください。
feeds-no-seat = 席を持っていません。
feeds-calendar = カレンダー（iCalendar）
feeds-reports = レポート（Atom）
feeds-renew = アドレスを更新
# A Copy button's word, and its word once done (the feeds, the console's invitation links).
copy = コピー
# Variables: $what (feeds-calendar or feeds-reports)
feeds-copy-label = {$what}のアドレスをコピー
copied = コピーしました
