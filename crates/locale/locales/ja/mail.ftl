## メール：サーバーがプレイヤーに送るもの（レポートの前後、ようこそ、命令の確認と不受理、
## リマインダー、プレス受付、GM への通知、アカウントのメール）と席の Atom フィード。

# ゲームの名詞（コードは英語の名詞を渡す）。
# Variables: $noun
mail-turn-noun = { $noun ->
    [round] ラウンド
   *[turn] ターン
}
# Variables: $noun
mail-seat-noun = { $noun ->
    [walker] ハイカー
    [player] プレイヤー
   *[team] チーム
}
# Variables: $noun
mail-game-noun = { $noun ->
    [day] 一日
    [game] ゲーム
   *[race] レース
}

# 席についてのメールの件名。返信の命令がどのターンのものか分かるよう、受付中のターンを入れる。
# Variables: $game, $seat, $what, $noun, $open
mail-subject = {$game}、{$seat}：{$what}（第{$open}{$noun}の命令）
# Variables: $when
mail-moment = {$when}（UTC）
# Variables: $when
mail-deadline = 締め切り：{$when}

# Variables: $noun, $turn
mail-report-what = 第{$turn}{$noun}のレポート
# Variables: $noun
mail-over = {$noun}は終了しました。
# Variables: $noun, $turn
mail-reply-with-orders = 第{$turn}{$noun}の命令は、このメールに返信して送ってください。
# Variables: $noun
mail-on-the-page = ゲームのページでこの{$noun}を見る

welcome-what = ようこそ
# Variables: $title, $player, $seat-noun, $seat, $game
welcome-hello = {$player}さん、{$title}へようこそ。この{$game}のゲームで、あなたは{$seat-noun}「{$seat}」を担当します。
welcome-how = 命令はこのメールに返信して送ってください（返信先はあなたの席専用の命令アドレスです。他の人には教えないでください）。命令はウェブのフォームと同じように、1行に書きます。

echo-what = 読み取った命令
# Variables: $text
echo-lineup = スタート時の手札を封印しました：{$text}
# Variables: $noun, $turn
echo-orders = 第{$turn}{$noun}の命令を、次のとおり読み取って封印しました：
echo-note = 注意：
echo-ignored = 命令として読み取らなかった行（命令のつもりの行があれば、もう一度送ってください）：
echo-amend = 締め切りまでは、このメールに返信して命令を変更できます。最後に封印した命令が有効です。
echo-refused-what = 命令は未適用
echo-refused = メールの内容は適用されませんでした。何も封印していません。
# Variables: $noun, $turn
echo-fix-stale = 直し方：前の{$noun}のレポート（ゲームのページか、レポートのメール）を読んでから、第{$turn}{$noun}の命令をこのメールに返信して送ってください。
# Variables: $noun, $turn
echo-fix = 直し方：ウェブのフォームと同じように命令を1行に書き、第{$turn}{$noun}の命令をすべて直したうえで、このメールに返信してください。
echo-too-long = レポートを引用したメールや、画像・添付ファイルのあるメールは、読み取れる大きさを超えることがあります。引用を消して、命令だけを送ってください。

mail-howto-subject = 命令の送り方
mail-howto-intro = お送りいただいたメールは、席専用の部分を含まない共通の命令アドレスに届いたため、何も読み取っていません。命令アドレスは席ごとに異なります。
mail-howto-reply = 命令を送るには、ゲームについてのメール（レポート、ようこそのメール、リマインダー。返信先が席のアドレスです）に返信するか、席のアドレスに送ってください
mail-howto-no-seat = 。席のアドレスはゲームのページにあります。現在、進行中のゲームで席についていません。
mail-howto-seats = 。あなたの席のアドレス：
# Variables: $title, $seat, $address
mail-howto-seat = {$title}、{$seat}：{$address}
mail-howto-keep = これらのアドレスは他の人に教えないでください。アドレスを知っている人は誰でも、その席の命令を送れます。

# 締め切り前のリマインダー：$within は hours（残り2時間）か day。
# Variables: $within
remind-within = { $within ->
    [hours] 2時間
   *[day] 1日
}
# Variables: $within
remind-due-what = 締め切りまで{$within}未満
# Variables: $noun, $turn, $title, $within
remind-due-lead = {$title}の第{$turn}{$noun}の命令がまだ届いていません。締め切りまで{$within}を切りました：
# Variables: $when
remind-due-at = {$when}
# Variables: $link
remind-how-mail = 命令は、ウェブのフォームと同じように1行に書いてこのメールに返信するか、ゲームのページで送ってください：{$link}
# Variables: $link
remind-how-page = 命令はゲームのページで送ってください：{$link}
# Variables: $seat-noun
remind-nmr = 命令が届かなかった場合は命令未着（NMR）となり、あなたの{$seat-noun}はルールで決められた既定の動作をとります。
remind-gm-what = GM からのリマインダー
# Variables: $gm, $title, $missing, $due
remind-gm-lead = {$title}の GM、{$gm}さんからのお知らせです：{$missing}。{$due}。
# Variables: $noun, $turn
remind-gm-reopened = 第{$turn}{$noun}がやり直しになりました。命令は保存されており、送り直すか変更しない限り、締め切りにそのまま使われます
# Variables: $noun, $turn
remind-gm-missing = 第{$turn}{$noun}の命令がまだ届いていません
# Variables: $when
remind-gm-due = 締め切りは{$when}です
remind-gm-no-deadline = 締め切りはまだ決まっていません

## メールで送られたプレスへの返事。

press-mail-what = プレス
press-mail-intro = メールのプレス：
# Variables: $header, $quoted
press-mail-published = 掲載しました：{$header} —「{$quoted}」
# Variables: $quoted, $error
press-mail-refused = 掲載しませんでした（「{$quoted}」）：{$error}
press-mail-how = プレスは「Press:」の行（全員あて）か「Press to 名前:」の行（席やプレイヤーあての非公開。GM が許可している場合）の下に書きます。「Orders:」の行で終わります。

## プレイヤーが席を離れたときの GM への通知。

# Variables: $name
mail-left-what = {$name}さんが退席
# Variables: $name, $seat, $title, $keeper, $offer
mail-left-body = {$name}さんが{$title}の「{$seat}」の席を離れました。{$keeper}。{$offer}
# Variables: $bot
mail-left-bot-keeps = 引き続き{ BOT($bot) }ボットがプレイします
# Variables: $bot
mail-left-bot-plays = { BOT($bot) }ボットがプレイします
mail-left-nobody = プレイする人はいません（命令は送られません）
mail-left-offered = 代わりのプレイヤーを募るため、ロビーに空席として出しています。
mail-left-not-offered = 誰にも空席として出していません。コンソールから募集するか、プレイヤーを招待してください。
# Variables: $link
mail-left-console = GM コンソール：{$link}

## アカウントのメール：アドレスの確認、パスワードの再設定。

account-mail-confirm-subject = postrider：メールアドレスの確認
# Variables: $name
account-mail-confirm =
    postrider のアカウント（{$name}）の連絡先として、このメールアドレスが登録されました。
    メールでレポートを受け取り、命令を送るには、48時間以内に次のリンクを開いてください：
account-mail-confirm-not-you = 心当たりがない場合は、このメールを無視してください。このアドレスには今後何も送りません。
account-mail-reset-subject = postrider：パスワードの再設定
# Variables: $name
account-mail-reset =
    postrider のアカウント（{$name}）のパスワードの再設定が依頼されました。
    新しいパスワードを決めるには、1時間以内に次のリンクを開いてください：
account-mail-reset-not-you = 心当たりがない場合は、このメールを無視してください。パスワードは変わりません。

## 席のフィード：レポートの Atom フィードと締め切りのカレンダー。

# Variables: $title, $seat
feed-title = {$title}（{$seat}）：レポート
# Variables: $title, $noun, $turn
feed-entry = {$title}：第{$turn}{$noun}
# Variables: $title, $noun, $turn
feed-resolved = {$title}：第{$turn}{$noun}の処理完了
# Variables: $title, $noun, $turn
feed-deadline = {$title}：第{$turn}{$noun}の締め切り
# Variables: $title, $noun, $turn
feed-deadline-paused = {$title}：第{$turn}{$noun}の締め切り（一時停止中）
feed-paused = GM がゲームを一時停止しています。再開すると締め切りが改めて設定されます。
# Variables: $seat
feed-due = 「{$seat}」の命令の締め切りです。

## 命令の締め切りが近いゲームの1日1回のまとめ。

# Variables: $n (how many games)
remind-digest-subject = postrider：命令待ちのゲーム{$n}件
remind-digest-intro = 次のゲームで、あなたの命令を待っています：
# Variables: $title, $game, $seat-noun, $seat, $noun, $turn, $deadline
remind-digest-item = {$title}（{$game}）、{$seat-noun}「{$seat}」：第{$turn}{$noun}の命令、締め切り {$deadline}
# Variables: $address
remind-digest-or-mail = またはメールで {$address} へ
remind-digest-why = このまとめは、レポートやリマインダーの代わりに1日1回届きます。プロフィールのページで変更できます。

## A turn's press, zine-style, after the report (the mail and the seat's feed).

# Variables: $noun (the game's word for a turn), $turn
press-text-title = 第{$turn}{$noun}のプレス
# Variables: $seat, $author
press-text-seat = {$seat}（{$author}）
# Variables: $author
press-text-gm = GM（{$author}）
# Who wrote a message whose account was deleted (in place of the name).
press-text-deleted-author = 退会したプレイヤー
# Variables: $from, $to (the seats it was sent to)
press-text-private = {$from} → {$to}（非公開）
# Variables: $from
press-text-announcement = {$from}（お知らせ）
# The line above a message. Variables: $header
press-text-line = {$header}：
# A hidden message. Variables: $header
press-text-hidden-line = {$header}：［GMにより非表示］

# メールの命令の行を、ルールが読む前に見て言うこと。
mail-no-orders = orders: メールに命令が見つかりません。ほかの文と分けて、命令だけの行に書いて、もう一度送ってください
# Variables: $line, $orders, $lineup
mail-line-not-orders-nor-lineup = 「{$line}」：命令でも（{$orders}）、スタート時の手札でもありません（{$lineup}）
# Variables: $line, $orders
mail-line-not-orders = 「{$line}」：{$orders}
# Variables: $first, $second
mail-two-lineups = line-up: スタート時の手札が2行あります（「{$first}」と「{$second}」）。1行にしてください
# Variables: $turn, $last
mail-subject-turn-past = subject: 第{$turn}ターンはどのゲームの最後のターン（{$last}）よりも先です。最新のレポートに返信してください

## 席への招待（招待するGMの言語で）。

# Variables: $title, $seat
mail-invitation-subject = {$title}：{$seat}としての参加のご招待
# Variables: $gm, $seat-noun, $seat, $title, $game, $link
mail-invitation =
    {$gm}さんから、postrider で行われる{$game}のゲーム「{$title}」に、{$seat-noun}「{$seat}」として参加するご招待です。

    席に着くには、次のリンクを開いてください（先にログインか登録をしてください）：

    {$link}

    席に着いたら、サーバーでメールアドレスを確認してください。毎ターンのレポートがメールで届き、その返信で命令を送れるようになります。

## ゲームのウェブフック投稿（Discord、Slack）。GMの言語で。**…** はMarkdownの太字。

# Variables: $title, $noun, $turn, $next, $link
webhook-resolved = **{$title}**：第{$turn}{$noun}を処理しました。{$next} {$link}
# Variables: $noun
webhook-over = {$noun}は終わりました。
# Variables: $noun, $turn, $at
webhook-due = 第{$turn}{$noun}の命令の締め切りは{$at}です。
# Variables: $noun, $turn
webhook-open = 第{$turn}{$noun}の命令を受け付けています。
# Variables: $title, $noun, $turn, $within, $at, $waiting, $link
webhook-deadline-soon = **{$title}**：第{$turn}{$noun}の締め切り（{$at}）まで{ $within ->
    [hours] 2時間
   *[day] 1日
}を切りました。{$waiting} {$link}
webhook-all-sent = 全員が命令を送りました。
# Variables: $seats
webhook-missing = まだ命令がないのは {$seats} です。

## Web Push：プレイヤーのスマートフォンに届く通知（タイトルはゲーム名）。

# Variables: $turn (the report's title: "Turn 3"), $headline
push-report = {$turn}：{$headline}
# Variables: $seat, $noun (turn or round), $turn, $at (the deadline)
push-remind = {$seat}：第{$turn}{$noun}の命令がまだ届いていません。締め切りは{$at}です。
# Variables: $text
push-announcement = GMのお知らせ：{$text}
