## Mail: what the server writes to a player (reports' frame, welcome, echo and refusal,
## reminders, press receipts, the GM's notices, account mail) and a seat's Atom feed.

# A game's nouns, as its rules name them (the code gives the English one).
# Variables: $noun
mail-turn-noun = {$noun}
# Variables: $noun
mail-seat-noun = {$noun}
# Variables: $noun
mail-game-noun = {$noun}

# Every mail about a seat: the open turn is in it, so that a reply's orders carry their turn.
# Variables: $game, $seat, $what, $noun, $open
mail-subject = {$game}, {$seat}: {$what} (orders for {$noun} {$open})
# A moment in a mail (UTC).
# Variables: $when
mail-moment = {$when}
# Variables: $when
mail-deadline = Deadline: {$when}.

# Variables: $noun, $turn
mail-report-what = report of {$noun} {$turn}
# Variables: $noun
mail-over = The {$noun} is over.
# Variables: $noun, $turn
mail-reply-with-orders = Reply to this mail with your orders for {$noun} {$turn}.
# The HTML part's link to the turn's page.
# Variables: $noun
mail-on-the-page = The {$noun} on the game page

welcome-what = welcome
# Variables: $title, $player, $seat-noun, $seat, $game
welcome-hello = Welcome to {$title}, {$player}: you play {$seat-noun} {$seat} in this {$game} game.
welcome-how = Send your orders by replying to this mail (its Reply-To is your seat's own order address: keep it to yourself), one order line as on the web form.

echo-what = orders as read
# Variables: $text
echo-lineup = Line-up sealed: {$text}
# Variables: $noun, $turn
echo-orders = Orders sealed for {$noun} {$turn}, as read:
echo-note = Note:
echo-ignored = Not read as orders (if one of these was meant as an order, send it again):
echo-amend = You may amend them until the deadline by replying to this mail; the last orders sealed count.
echo-refused-what = orders not applied
echo-refused = Your mail was not applied: nothing was sealed.
# Variables: $noun, $turn
echo-fix-stale = How to fix it: read the report of the last {$noun} (on the game page, or the report mail) and send your orders for {$noun} {$turn} by replying to this mail.
# Variables: $noun, $turn
echo-fix = How to fix it: write your orders on a line of their own, as on the web form, and reply to this mail with the whole corrected orders for {$noun} {$turn}.
echo-too-long = A mail that quotes a report, or carries pictures or attachments, can grow past what is read: send the orders alone, without the quoted mail.

mail-howto-subject = How to send orders
mail-howto-intro = Your mail reached the club's order address without a seat's secret, so nothing in it was read: each seat has its own order address.
mail-howto-reply = To send orders, reply to a mail about your game (a report, the welcome or a reminder: its Reply-To is the seat's address), or write to the seat's address
mail-howto-no-seat = {" "}shown on the game page. You hold no seat in a running game at the moment.
mail-howto-seats = :
# Variables: $title, $seat, $address
mail-howto-seat = {$title}, {$seat}: {$address}
mail-howto-keep = Keep these addresses to yourself: whoever knows one sends orders for its seat.

# The deadline's reminders: $within is `hours` (two hours left) or `day`.
# Variables: $within
remind-within = { $within ->
    [hours] two hours
   *[day] a day
}
# Variables: $within
remind-due-what = orders due within {$within}
# Variables: $noun, $turn, $title, $within
remind-due-lead = No orders from you yet for {$noun} {$turn} of {$title}, and the deadline is in less than {$within}:
# Variables: $when
remind-due-at = {$when}.
# Variables: $link
remind-how-mail = Reply to this mail with your orders on a line of their own, as on the web form, or send them on the game page: {$link}
# Variables: $link
remind-how-page = Send your orders on the game page: {$link}
# Variables: $seat-noun
remind-nmr = Without orders, the rules play your {$seat-noun} for you (no move received).
remind-gm-what = a reminder from your GM
# Variables: $gm, $title, $missing, $due
remind-gm-lead = {$gm} (the GM of {$title}) reminds you: {$missing}, and {$due}.
# Variables: $noun, $turn
remind-gm-reopened = {$noun} {$turn} was re-opened: your orders are kept and stand at the deadline unless you send or amend them
# Variables: $noun, $turn
remind-gm-missing = no orders from you yet for {$noun} {$turn}
# Variables: $when
remind-gm-due = the deadline is {$when}
remind-gm-no-deadline = the deadline is not set yet

## The answer to press sent by mail.

press-mail-what = press
press-mail-intro = Your mail's press:
# Variables: $header, $quoted
press-mail-published = Published: {$header} — "{$quoted}"
# Variables: $quoted, $error
press-mail-refused = Not published ("{$quoted}"): {$error}
press-mail-how = Press goes under a line "Press:" (everyone) or "Press to NAME:" (privately, to a seat or player, where the GM allows it); an "Orders:" line ends it.

## The GM's notice that a player left a seat.

# Variables: $name
mail-left-what = {$name} left
# Variables: $name, $seat, $title, $keeper, $offer
mail-left-body = {$name} left {$seat} in {$title}: {$keeper}. {$offer}
# Variables: $bot
mail-left-bot-keeps = the { BOT($bot) } bot keeps playing it
# Variables: $bot
mail-left-bot-plays = the { BOT($bot) } bot plays it
mail-left-nobody = nobody plays it (it sends nothing)
mail-left-offered = It is offered in the lobby for a replacement player.
mail-left-not-offered = It is not offered to anyone: open it from the console, or invite a player.
# Variables: $link
mail-left-console = The GM console: {$link}

## Account mail: confirming an address, resetting a password.

account-mail-confirm-subject = postrider: confirm your email address
# Variables: $name
account-mail-confirm =
    Someone, probably you ({$name}), gave this address to a postrider account.
    To receive reports and send orders by mail, open this link within 48 hours:
account-mail-confirm-not-you = If it was not you, ignore this mail: nothing more is sent to this address.
account-mail-reset-subject = postrider: reset your password
# Variables: $name
account-mail-reset =
    Someone, probably you, asked to reset the password of the postrider account {$name}.
    To choose a new password, open this link within an hour:
account-mail-reset-not-you = If it was not you, ignore this mail: the password stays as it is.

## A seat's feeds: the reports' Atom feed and the deadlines' calendar.

# Variables: $title, $seat
feed-title = {$title} ({$seat}): reports
# Variables: $title, $noun, $turn
feed-entry = {$title}: {$noun} {$turn}
# Variables: $title, $noun, $turn
feed-resolved = {$title}: {$noun} {$turn} resolved
# Variables: $title, $noun, $turn
feed-deadline = {$title}: {$noun} {$turn} deadline
# Variables: $title, $noun, $turn
feed-deadline-paused = {$title}: {$noun} {$turn} deadline (paused)
feed-paused = The GM paused the game: the deadline is set again when it resumes.
# Variables: $seat
feed-due = Orders for {$seat} are due.

## The daily digest of games whose orders are due.

# Variables: $n (how many games)
remind-digest-subject = { $n ->
    [one] postrider: orders due in {$n} game
   *[other] postrider: orders due in {$n} games
}
remind-digest-intro = Orders are due from you in these games:
# Variables: $title, $game, $seat-noun, $seat, $noun, $turn, $deadline
remind-digest-item = {$title} ({$game}), {$seat-noun} {$seat}: orders for {$noun} {$turn}, deadline {$deadline}
# Variables: $address
remind-digest-or-mail = or mail them to {$address}
remind-digest-why = You receive this digest once a day instead of each report and reminder; choose on your profile page.

## A turn's press, zine-style, after the report (the mail and the seat's feed).

# Variables: $noun (the game's word for a turn), $turn
press-text-title = Press of {$noun} {$turn}
# Variables: $seat, $author
press-text-seat = {$seat} ({$author})
# Variables: $author
press-text-gm = The GM ({$author})
# Who wrote a message whose account was deleted (in place of the name).
press-text-deleted-author = a deleted player
# Variables: $from, $to (the seats it was sent to)
press-text-private = {$from} to {$to}, private
# Variables: $from
press-text-announcement = {$from}, announcement
# The line above a message. Variables: $header
press-text-line = {$header}:
# A hidden message. Variables: $header
press-text-hidden-line = {$header}: [hidden by the GM]

# What a mailed order's lines say before the rules read them.
mail-no-orders = orders: none found in the mail; write them on a line of their own, as on the web form, and send again
# Variables: $line (as typed), $orders (why it is not orders), $lineup (why not a line-up)
mail-line-not-orders-nor-lineup = "{$line}": not orders ({$orders}) nor a line-up ({$lineup})
# Variables: $line, $orders
mail-line-not-orders = "{$line}": {$orders}
# Variables: $first, $second
mail-two-lineups = line-up: two line-up lines ("{$first}" and "{$second}"); send one
# Variables: $turn, $last
mail-subject-turn-past = subject: turn {$turn} is past the last turn any game has ({$last}); reply to the latest report

## An invitation to a seat, in the inviting GM's language.

# Variables: $title, $seat
mail-invitation-subject = {$title}: an invitation to play {$seat}
# Variables: $gm, $seat-noun, $seat, $title, $game, $link (the seat's join link)
mail-invitation =
    {$gm} invites you to play {$seat-noun} {$seat} in {$title}, a game of {$game} run by postrider.

    To take the seat, open this link (log in or register first):

    {$link}

    Once you have the seat, confirm your address on the server to receive each report by mail and send your orders by replying to it.

## A game's webhook posts (Discord, Slack), in the GM's language. Bold is Markdown (**…**).

# Variables: $title, $noun (mail-turn-noun), $turn, $next (webhook-over, -due or -open), $link
webhook-resolved = **{$title}**: {$noun} {$turn} resolved. {$next} {$link}
# Variables: $noun (mail-game-noun)
webhook-over = The {$noun} is over.
# Variables: $noun, $turn, $at
webhook-due = Orders for {$noun} {$turn} are due by {$at}.
# Variables: $noun, $turn
webhook-open = Orders for {$noun} {$turn} are open.
# Variables: $title, $noun, $turn, $within (day or hours), $at, $waiting (webhook-all-sent or -missing), $link
webhook-deadline-soon = **{$title}**: the deadline of {$noun} {$turn} is in less than { $within ->
    [hours] two hours
   *[day] a day
} ({$at}). {$waiting} {$link}
webhook-all-sent = Every seat has sent its orders.
# Variables: $seats
webhook-missing = Still without orders: {$seats}.

## Web Push: the notifications on a player's phone (the title is the game's).

# Variables: $turn (the report's title: "Turn 3"), $headline
push-report = {$turn}: {$headline}
# Variables: $seat, $noun (turn or round), $turn, $at (the deadline)
push-remind = {$seat}: no orders from you yet for {$noun} {$turn}. Deadline {$at}.
# Variables: $text
push-announcement = The GM: {$text}
