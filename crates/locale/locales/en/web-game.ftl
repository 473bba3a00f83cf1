## A game's own pages: the game, its turns, its history, its press, the order page's frame,
## the invitation, the GM console and the new-game form. A message a template writes without
## variables goes into the page as the template's own text does (unescaped): no `<` or `&` there.

# Joins the items of a short list (seats, sealed texts).
game-list-comma = {", "}
game-period = .

## What each game calls its pieces (`Game::TURN_NOUN`, `GAME_NOUN`, `SEAT_NOUN`,
## `PICTURE_NOUN`, the console's piece noun), and the games' titles.

game-noun-turn = turn
game-noun-round = round
game-noun-race = race
game-noun-day = day
game-noun-game = game
game-noun-team = team
game-noun-walker = walker
game-noun-player = player
game-noun-track = track
game-noun-map = map
game-noun-table = table
game-noun-rider = rider
game-title-breaking-away = Breaking Away
game-title-backpacks = Backpacks & Blisters
game-rules-postal-2-2 = postal rules 2.2
game-rules-board = board-game rules
game-rules-pbm-2-1 = PBM rules 2.1
game-rules-cards-5 = 5 cards
game-rules-cards-9 = 9 cards
game-rules-cards-13 = 13 cards
# A game and its rules, on the game page. Variables: $game, $rules
game-title-rules = {$game} ({$rules})
# Variables: $noun (the turn noun), $n
turn-name = {$noun} {$n}
turn-start = the start

## The links at the top of every page of a game.

game-nav-label = this game
game-nav-game = Game
game-nav-orders = Your orders
game-nav-console = GM console
game-nav-history = History
game-nav-season = Season
game-nav-committed = Draws committed:
# Variables: $noun (what the season calls a stage: Stage, Day), $stage
game-nav-stage-of = {$noun} {$stage} of
game-nav-standings = : the standings

## The game page.

game-archived = This game is archived: its GM took it off the lists. It stays here to be read.
# Variables: $noun (race, day)
game-finish-label = The end of the {$noun}
# Variables: $winner
game-finish-won = {$winner} won.
# Variables: $winner, $place (already written as a place: 4th)
game-finish-won-place = {$winner} won; you were {$place}.
# Variables: $winners (every seat that shares first place), $place (the reader's: "joint 1st")
game-finish-shared = {$winners} share the win.
game-finish-shared-place = {$winners} share the win; you were {$place}.
# Nobody won (a Backpacks day nobody got back from, 5.2). Variables: $place
game-finish-nobody = Nobody won.
game-finish-nobody-place = Nobody won; you were {$place}.
# Variables: $place ("1st"), a place another seat shares
game-finish-joint = joint {$place}
# Variables: $noun
game-finish-over = The {$noun} is over: the final standings are in
game-finish-last-report = the last report
game-finish-over-end = .
game-your-move = Your move
game-you-play-before = You play{" "}
game-you-play-after = .
game-send-orders = Send your orders
game-amend-orders = See or amend your orders
game-you-are-gm = You are the GM.
# Variables: $gm
game-run-by = GM {$gm}
game-seat-settings-link = Your seat's settings
game-open-console = Open the GM console
game-new-report = new report
# Variables: $turn (turn 5, round 3)
game-what-happened = What happened in {$turn}
# Variables: $turn
game-report-of = The report of {$turn}
# Variables: $seat (the seat noun: team), $turn (the turn noun)
game-yours-label = Your {$seat} this {$turn}:
game-seats = Seats
game-seat = Seat
game-player = Player
game-this-turn = This turn
game-you = (you)
# Variables: $name, $bot
game-seat-bot-plays = {$name} (the { BOT($bot) } bot plays)
# Variables: $bot
game-seat-bot = { BOT($bot) } bot
game-seat-open = open
game-seat-orders-in = orders in
game-seat-waiting = waiting
game-seat-bot-turn = its bot plays
game-mail-orders = Orders by mail:
game-mail-orders-help = (reply to any mail of this game; keep the address to yourself).
game-new-address = New address
game-ratings = Ratings
game-not-rated = Not rated.
game-rated-updating = A rated game: its players' ratings are being updated.
game-rated-when-over = A rated game: when it is over, its players move on the
# Variables: $game
game-ladder = {$game} ladder
game-rated-when-over-end = .
game-rated-left-out = Seats played by a bot at any point, and seats whose player sent nothing for more than half the turns, are left out.
game-rated-moved = A rated game: its players moved on the
game-rated-moved-end = .
game-rating = Rating
# Variables: $why
game-rating-left-out = left out: {$why}
game-fair-play = Fair play
game-draws-chosen = The draws come from a seed the GM chose (a test game: the GM knows every draw). The game committed to it
game-draws-secret = The draws come from a secret the server drew when the game was created. It committed to it
game-draws-colon = {": "}
# Variables: $noun
game-draws-revealed = The {$noun} is over and the secret is revealed: download the
game-public-record = public record
game-draws-check = {" "}and check every turn with
# Variables: $noun
game-draws-later = When the {$noun} is over, the secret is revealed and anyone can check every turn against this commitment.
# Variables: $gm, $seat
game-gm-plays = The GM, {$gm}, also plays {$seat} in this game, and as GM sees before the deadline everything each player sees of their own seat: every hand and card (those dealt face down too), any money, and every sealed order. Only the draws still to come are hidden from the GM as from everyone (the GM's preview of a turn uses stand-ins for them).

## A seat's own page, for its player: its mail's language, its order address, an absence.

# Variables: $seat, $title
game-seat-title = {$seat}: your seat in {$title}
game-seat-language-heading = The language of this seat's mail
game-mail-orders-heading = Orders by mail

game-seat-language = Mail for this seat in
game-seat-language-account = the account's language
game-seat-language-save = Save

## The game's state and the seat's move, in a few words.

game-status-over = over
game-status-lineups = line-ups and turn 1
# Variables: $taken, $all
game-status-waiting-players = waiting for players ({$taken} of {$all} seats taken)
# Variables: $turn
game-status-paused = {$turn}, paused
# Variables: $turn, $deadline
game-status-due = {$turn}, due {$deadline}
game-move-over = The game is over.
game-move-none = You have no orders to send: the game goes on without you.
game-move-lineup = the line-up and turn 1
# Variables: $turn, $until
game-move-sealed = Your orders for {$turn} are sealed (amend until {$until}).
# Variables: $turn
game-move-sealed-paused = Your orders for {$turn} are sealed (amend until the turn is processed; the deadline is paused).
# Variables: $turn, $due
game-move-due = Orders for {$turn} due {$due}.
# Variables: $turn
game-move-due-paused = Orders for {$turn} due: the deadline is paused.
# Variables: $turn, $taken, $all
game-move-due-waiting = Orders for {$turn} can be sent now. The game is waiting for players ({$taken} of {$all} seats taken): its deadline is set when every seat is taken.
# Variables: $turn, $taken, $all
game-move-sealed-waiting = Your orders for {$turn} are sealed. The game is waiting for players ({$taken} of {$all} seats taken): you can amend them until its first deadline, set when every seat is taken.
game-badge-sealed = sealed
game-badge-due-now = due now
# Variables: $left
game-badge-due-in = due in {$left}
# Variables: $title
game-tab-orders-due = Orders due · {$title}
# Variables: $title
game-orders-title = {$title}: your orders
# Variables: $title
game-tab-your-orders = Your orders · {$title}

## The GM's list of the games they run (their front page).

game-gm-games = Games you run
game-gm-games-all-in = every seat's orders in
# Variables: $n
game-gm-games-waiting = waiting for {$n}

## The invitation.

# Variables: $title
game-join-heading = Join {$title}
game-join-seat = You are invited to play the seat{" "}
game-join-in = {" "}in
game-join-taken = This invitation has been used: its seat is taken, in
game-join-lobby = Find an open seat in the lobby
game-join-read = Read the game
# Variables: $game, $gm
game-join-run-by = ({$game}), run by {$gm}.
game-join-take = Take the seat

## The order page's frame (the game's own form is its pieces').

game-orders-sealed-note = Sealed. You can amend your orders until the deadline.
game-orders-sealed-all-in = Sealed. Every seat's orders are in: the turn is being played now.
# Variables: $turn, $report (a link: game-orders-played-report)
game-orders-played = Sealed, and {$turn} has now been played. {$report}.
# Variables: $turn
game-orders-played-report = Read what happened in {$turn}
# Variables: $noun (the game's turn noun: turn, round)
game-orders-nothing-sealed = Nothing sealed yet for this { $noun ->
    [round] round
   *[other] turn
}.
game-orders-sealed-as-read = Sealed, as read:{" "}
game-orders-lineup = line-up
game-orders-orders = orders
game-orders-over-for-you = You have no orders to send: the game is over for you.
# Variables: $noun (track, map)
game-orders-picture-now = The {$noun} now.
game-orders-none = You have no orders to send.
game-orders-lineup-label = Line-up
game-orders-orders-label = Orders
game-orders-seal = Seal orders

## A turn: its picture, report, chart and the archive of past turns.

# Variables: $noun (the game's turn noun: turn, round)
turn-past-label = { $noun ->
    [round] past rounds
   *[other] past turns
}
turn-past = { $noun ->
    [round] Past rounds
   *[other] Past turns
}
# Variables: $noun (track, map), $after (turn 2, the start)
turn-picture-after = The {$noun} after {$after}
# Variables: $noun
turn-picture-whole = The whole {$noun}
# Variables: $turn
turn-report-of = Report of {$turn}
# Variables: $noun (race, day)
turn-so-far = The {$noun} so far
turn-state-text = Where things stand (as text)
turn-report-text = The report as text (as mailed)

## The history: every entry of the game's log.

history-intro = Every change to the game, in order. Sealed orders show once their turn is resolved.
history-pages = History pages
# Variables: $first, $last, $total
history-entries = Entries {$first}–{$last} of {$total}.
history-earlier = ← earlier
history-later = later →
history-latest = latest →|
# Variables: $noun (turn, round)
history-from-turn = From {$noun}:
history-when = When
history-who = Who
history-what = What
# Variables: $title
history-title = {$title}: history
# Variables: $title, $turn
turn-title = {$title}: {$turn}
# Variables: $game (its code: breaking-away), $title, $settings, $seats
history-created = Game created: {$title}{$settings}, seats {$seats}
# Variables: $seat
history-lineup-sealed = {$seat}: line-up sealed
# Variables: $seat
history-orders-sealed = {$seat}: orders sealed
# Variables: $seat, $text, $by
history-lineup = {$seat}: line-up {$text}{$by}
# Variables: $seat, $text, $by
history-orders = {$seat}: orders {$text}{$by}
# Variables: $bot
history-by-bot = {" "}(the { BOT($bot) } bot)
history-by-gm = {" "}(by the GM)
# Variables: $noun (the game's turn noun: turn, round), $turn
history-resolved = { $noun ->
    [round] Round
   *[other] Turn
} {$turn} resolved
# Variables: $noun, $turn
history-rolled-back = { $noun ->
    [round] Round
   *[other] Turn
} {$turn} rolled back
# Variables: $seat, $player
history-claimed = {$seat} taken by {$player}
# Variables: $seat, $bot
history-to-bot = {$seat} handed to the { BOT($bot) } bot
# Variables: $seat
history-to-player = {$seat} back to its player
# Variables: $seat
history-freed = {$seat} freed for a new player
# Variables: $at
history-deadline = Deadline set to {$at}
history-paused = Deadline paused
history-resumed = Deadline resumed
# Variables: $settings (joined by history-setting-separator)
history-settings = {" "}({$settings})
history-setting-separator = {"; "}
# Variables: $setting, $value
history-setting = {$setting} {$value}
# Variables: $setting
history-setting-given = {$setting} given
history-setting-rules = rules
history-setting-options = options
history-setting-map = map
history-setting-deck = deck
history-setting-cards = cards
# Variables: $label, $noun, $piece
history-piece = The GM: {$label}, {$noun} {$piece}

## The press on a game's pages.

press-page-heading = Press
press-page-who-reads-private = Public press is read by every seat and every visitor; private press only by the seats it went to and its sender (not the GM).
press-page-who-reads-public = Public press is read by every seat and every visitor; private press is off in this game.
press-page-older = Older press
press-page-none = No press yet.
press-page-private = private
# Variables: $noun, $turn
press-page-turn = {$noun} {$turn}
press-page-hidden = hidden by the GM
press-page-hide = Hide this message
press-page-announcement = Your announcement, as the GM
press-page-your-message = Your message
# Variables: $max, $per-hour
press-page-limits = At most {$max} characters; {$per-hour} messages an hour. Links are shown as text.
press-page-to = To (leave all unticked for public press)
press-page-as-gm = Post as the GM's announcement
press-page-post = Post
press-page-private-is = Private press between seats is{" "}
press-page-allowed = allowed
press-page-off = off
press-page-turn-off = Turn it off
press-page-allow = Allow it
# Variables: $by, $when
press-page-hidden-note = Hidden by {$by} on {$when}: shown to the others as hidden by the GM.
# Variables: $title
press-page-title = Press · {$title}

## The GM console.

# Variables: $title
console-title = {$title}: GM console
# What a GM action did, said above the console after it.
console-done = Saved.
# Variables: $turn (turn 3, round 2)
console-done-resolve = {$turn} played now.
# Variables: $turn
console-done-rollback = The last turn is rolled back: {$turn} is open again.
# Variables: $deadline
console-done-deadline = The deadline is now {$deadline}.
console-done-pause = The deadline is paused.
console-done-free = The seat is free: its new invitation is below.
console-done-archive = The game is archived: off the lists, still readable at its address.
console-done-restore = The game is back on the lists.
console-done-invite = The invitation is mailed.
console-done-bot = Saved: who plays the seat.
console-done-webhook = The webhook is saved.
console-done-rated = Saved: whether the game is rated.
console-done-piece = Done: the game's history records it.
# Variables: $turn (turn 3, round 2)
console-preview = Preview of {$turn} (nothing has changed)
console-preview-stand-in = Stand-in draws: the cards still to be drawn and the bots' choices in this preview are drawn for it alone; the game's own draws stay secret until the turn is resolved.
# Variables: $until, $by (away-by-…)
console-away = away until {$until}, played by {$by}
# Variables: $seat
console-reminder-mailed = Reminder mailed to {$seat}'s player.
# Variables: $seat
console-reminder-not-mailed = Nothing was mailed (the player takes no mail, or was reminded this turn already): send {$seat}'s player this text yourself.
# Variables: $seat
console-reminder-no-mail = Nothing was mailed (mail is off on this server): send {$seat}'s player this text yourself.
console-reminder = The reminder
console-all-in = Every seat's orders are in.
console-waiting-for = Waiting for:{" "}
console-bot = bot
# Variables: $n
console-nmr-streak = { $n ->
    [one] sent nothing {$n} turn
   *[other] sent nothing {$n} turns in a row
}
# Variables: $seat
console-remind = Remind {$seat}
# Variables: $seat
console-invitation = invitation for {$seat}
# Variables: $seat
console-invitation-link = invitation link for {$seat}
# Variables: $seat
console-copy-invitation = Copy the invitation link for {$seat}
console-played-by = Played by
console-its-player = its player
console-set = Set
# Variables: $seat
console-sure-free = I am sure (free {$seat})
console-free = Free the seat
# Variables: $seat
console-invite-address = address to invite to {$seat}
console-mail-invitation = Mail the invitation
console-the-turn = The turn
console-preview-button = Preview the adjudication
console-sure-resolve = I am sure (resolve the turn)
console-resolve = Resolve now
console-start = Start the clock now (open seats send nothing until taken)
# Variables: $zone (the GM's time zone)
console-deadline-at = New deadline ({$zone})
console-extend = Move the deadline
console-resume = Resume the deadline
console-pause = Pause the deadline
console-sure-rollback = I am sure (rollback the last turn)
console-rollback = Roll back the last turn
console-rated-over = A rated game: its players' ratings moved when it finished (the game's page says how).
console-test-game = A test game (its seed chosen by you) is never rated.
console-rated-help = A rated game moves its players on the game's ladder when it finishes; seats played by a bot at any point, or whose player sent nothing for more than half the turns, are left out. You may change this until the game is over.
console-save = Save
console-webhook = Webhook
console-webhook-help = A Discord or Slack webhook URL: "turn resolved" and "deadline soon" are posted to it. Empty: none.
console-webhook-url = webhook URL
console-webhook-save = Save the webhook
console-mail-log = Mail that did not get through
console-mail-log-none = None: no mail to or from this game's seats failed or was refused.
console-mail-log-hint = Newest first. Addresses and the mails' text are not shown.
# Variables: $n
console-mail-log-older = { $n ->
    [one] {$n} older entry not shown (the server's operator can list them all:
   *[other] {$n} older entries not shown (the server's operator can list them all:
}
console-mail-log-older-end = ).
# Variables: $noun (the season's stage noun, lower case), $stage
console-season-stage = This game is {$noun} {$stage} of
console-season-over = {" "}(over)
console-season-stage-end = .
console-rest-days = Rest days before it
# Variables: $noun
console-add-stage = Add the next {$noun}
console-add-stage-help = The same settings, seats and players (bots too), fresh draws; its first deadline moved by the rest days.
console-sure-finish-season = I am sure (finish the season)
console-finish-season = Finish the season
console-season-help = Make this game the first of a series played by the same seats (a stage race, a walking week, a league), with standings after each.
console-season-name = The season's name
console-season-stages = Planned number (optional)
console-season-make = Make this game the first of a season
console-the-game = The game
console-restore = Put back on the lists
console-sure-archive = I am sure (archive the game)
console-archive = Archive (off the lists, still readable)
console-archive-pause = Archive (off the lists, still readable; the deadline is paused)
console-sure-delete = I am sure (delete the game)
console-delete = Delete the game for good
console-not-deletable = Turns of this game were played with secret draws: it can be archived, not deleted, so that its record stays checkable.
console-orders-none = no orders to send
console-orders-kept = orders kept, turn re-opened
console-orders-waiting = waiting
console-orders-bot = its bot plays
console-orders-in = orders in
# Variables: $bot
console-player-bot = { BOT($bot) } bot
# Variables: $bot (the bot's id)
console-bot-choice = the { BOT($bot) } bot
console-player-open = open
console-category-refused = answered with errors
console-category-not-delivered = not delivered
console-category-bounced = bounced
console-pieces-rider = Riders
console-verb-drop = Declare dropped (postal 10.1)
console-verb-retire = Retire (board)
console-category-dropped = dropped

## The new-game form.

new-game-page = New game
new-game-title = Title
new-game-game = Game
# Variables: $game
new-game-used-when = Used when the game is {$game}.
new-game-seats = Seats, one per line
new-game-seats-help = Team names for a race, walker names for a day.
new-game-deadline = Deadline
new-game-every = every
new-game-hours-label = hours
new-game-hours = hours
new-game-weekly-on = weekly on
new-game-weekday = weekday
new-game-at = at
new-game-time = time
new-game-in = in
new-game-zone = time zone
new-game-early = A turn is processed early once every seat has sent its orders.
new-game-seed = Seed
new-game-seed-help = Leave empty for a secret random one; a seed you choose makes a test game whose draws you know.
new-game-rated = Rated
new-game-rated-help = The finished game moves its players on the game's ladder; seats played by a bot, or whose player sent nothing for more than half the turns, are left out. Not for a test game.
new-game-create = Create the game
new-game-setting-rules = Rules
new-game-setting-options = Board-game options
new-game-setting-map = A map file to use instead of the Keswick map (TOML)
new-game-setting-deck = A deck file to use instead of the Keswick deck (TOML)
new-game-setting-cards = Cards in each hand
new-game-choice-13 = 13 cards
new-game-choice-9 = 9 cards
new-game-choice-5 = 5 cards
new-game-choice-postal-2-2 = postal rules 2.2
new-game-choice-board = the board game
new-game-choice-pbm-2-1 = PBM rules 2.1
new-game-option-group_breakaways = group_breakaways
new-game-option-turn1_congestion = turn1_congestion
new-game-option-staggered_start = staggered_start
new-game-option-open_hands = open_hands
new-game-weekday-monday = Monday
new-game-weekday-tuesday = Tuesday
new-game-weekday-wednesday = Wednesday
new-game-weekday-thursday = Thursday
new-game-weekday-friday = Friday
new-game-weekday-saturday = Saturday
new-game-weekday-sunday = Sunday

## Deadlines and times (`pages/when.rs`), in the reader's zone.

# Variables: $minutes
when-left-min = {$minutes} min
# Variables: $hours, $minutes
when-left-h-min = {$hours} h {$minutes} min
# Variables: $hours
when-left-h = {$hours} h
# Variables: $days, $hours
when-left-d-h = {$days} d {$hours} h
# A moment in a zone. Variables: $weekday, $day, $month, $month-name, $year, $hour, $minute, $zone
when-moment = {$weekday} {$day} {$month-name} {$hour}:{$minute} {$zone}
# Variables: $moment, $left
when-deadline = {$moment} (in {$left})
# Variables: $moment
when-deadline-now = {$moment} (due now)
# Variables: $hours
when-rule-hours = every {$hours} h
# Variables: $minutes
when-rule-minutes = every {$minutes} min
# Variables: $weekday (as the rule names it: sunday), $time, $zone
when-rule-weekly = every {$weekday} at {$time} ({$zone})

## The console's mail log: what happened to a mail, never its address or text. A relay's own
## answer is shown as it wrote it ($answer).

# Variables: $seat
console-log-player = {$seat}'s player
console-log-a-player = a player
# Variables: $seat
console-log-order-address = {$seat}'s order address
console-log-an-order-address = a seat's order address
console-log-webhook = the game's webhook
console-log-webhook-failed = A post to the game's webhook failed.
# Variables: $noun (turn, round), $turn, $to (console-log-player)
console-log-report = The report of { $noun ->
    [round] round
   *[turn] turn
} {$turn} to {$to} was not delivered.
# Variables: $to
console-log-report-any = A report to {$to} was not delivered.
# Variables: $to
console-log-reminder = A reminder to {$to} was not delivered.
# Variables: $to
console-log-welcome = The welcome to {$to} was not delivered.
# Variables: $to
console-log-echo = The echo of sealed orders to {$to} was not delivered.
# Variables: $to
console-log-refusal = The answer to a mail with errors, to {$to}, was not delivered.
# Variables: $seat
console-log-invitation = The invitation to {$seat} was not delivered.
# Variables: $to
console-log-mail = A mail to {$to} was not delivered.
console-log-no-answer = no answer recorded
# Variables: $answer (the relay's), $n
console-log-attempts = {$answer} (after {$n} { $n ->
    [one] attempt
   *[other] attempts
})
# Variables: $answer (the relay's words), $to (console-log-player)
console-log-bounced-why = The address bounced it: {$answer}. Nothing more is mailed there until {$to} confirms the address again on their profile.
# Variables: $address (console-log-order-address)
console-log-refused = A mail to {$address} was answered with its errors: nothing was sealed.
console-log-refused-why = The player was told what was wrong and can send the orders again.
# Variables: $address
console-log-dropped = A mail to {$address} was dropped: nothing was read or sealed.
console-log-dropped-why = It could not be read, or there was nobody to answer (no confirmed address); the operator's mail log has the details.

## Who made a history entry: the server (a deadline passing, a bot's orders), the GM or the
## operator by name; a player is named as they are.
history-actor-server = server
# Variables: $name
history-actor-gm = {$name} (GM)
# Variables: $name
history-actor-operator = {$name} (operator)
# Variables: $bot (the bot's id)
history-actor-bot = { BOT($bot) } bot
