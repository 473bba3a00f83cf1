## The club's and the account's pages: the front page, the lobby, logging in and out, account
## care, the profile (time zone, mail, absences), the operator's page, ratings and seasons.

## The front page and the reader's own games.

front-title = Games
front-every-game = Every game
# Variables: $api (the address of the API's description, shown as a link)
front-about = Scripts use the JSON API described at {$api}.
front-what = What postrider is
front-intro = postrider runs board games by mail and on the web. Every player seals their orders before the deadline; the server then plays the turn, and everyone reads what happened, with a picture of the race or the map.
front-ba-line = A bicycle race for teams of four riders: each turn you play a card for each rider, break away or shelter in the bunch, and sprint for points.
front-ba-help = How to play Breaking Away
front-bb-line = A day's walk around Keswick: plan your walker's way from place to place, two turns at a time, and reach your targets before the others.
front-bb-help = How Backpacks & Blisters orders are written
front-how-to-start = How to start
# Variables: $seat (a link: front-start-seat), $create (a link: front-start-create)
front-start = {$seat} in a game looking for players, or {$create} and invite your friends by link or by mail.
front-start-seat = Take an open seat
front-start-create = create a game
# Variables: $register (a link: front-start-register)
front-start-account = Either needs an account: {$register} (a name and a password).
front-start-register = register
front-game = Game
# Variables: $bot (the bot's name)
front-seat-bot = { BOT($bot) } bot
front-seat-open = open
# Variables: $start (a link, whose words are front-start-one)
front-no-games = No games yet: {$start}.
front-start-one = start one
front-deleted = The game is deleted.
# Variables: $ladders (links to each game's ladder)
front-ladders = Ratings of rated games: {$ladders}.
front-your-move = Your move
# Variables: $start (a link, whose words are front-no-seat-start)
front-no-seat = You have no seat in a game yet. Follow an invitation link, or {$start}.
front-no-seat-start = start a game
front-you-play = You play
front-your-orders = Your orders
front-new-report = new report
# Variables: $finish (how the game ended for the reader: "Yellow won; you were 4th")
front-finished = {$finish}.

## The lobby: games looking for players, taking and leaving a seat, the console's open seats.

lobby-title = Looking for players
lobby-none = No game is looking for players now.
lobby-more = More games looking for players
# Variables: $n (how many games in all)
lobby-in-all = ({$n} in all)
# Variables: $percent
lobby-asks = asks an on-time record of {$percent}%
lobby-you-play = You play in this game.
# Variables: $free, $total (seats)
lobby-seats-free = {$free} of {$total} seats free
lobby-gm = GM
# Variables: $noun (the game's word for a turn: turn, round), $turn
lobby-under-way = under way ({$noun} {$turn})
lobby-sign-in = Sign in to take a seat
# Variables: $bot (the bot's name)
lobby-bot-keeps = (the { BOT($bot) } bot keeps it)
# Variables: $seat (the seat's name)
lobby-take = Take {$seat}
lobby-leave-this = Leave this game
lobby-open-seats = Open seats
lobby-open-seats-help = This game is looking for players: anyone signed in may take an open seat.
# Variables: $title (the game's title)
lobby-leave-question = Leave {$title}?
# Variables: $seat (the seat's name), $then (what becomes of the seat: bot-and-open, bot, open)
lobby-leave-explain = You play {$seat}. If you leave, { $then ->
    [bot-and-open] a bot plays your seat and it is offered to a replacement player
    [bot] a bot plays your seat
   *[open] your seat is offered to a replacement player (until one takes it, it sends nothing)
}; the GM is told, and your on-time record counts the seat as abandoned once the game is under way. You cannot come back to this seat unless it is offered again.
lobby-leave = Leave the game
lobby-stay = Stay
lobby-console-none-open = No seat is open to anyone: seats are taken by invitation.
# Variables: $seats (the open seats' names)
lobby-console-open = Open to anyone: {$seats}.
lobby-console-open-all = Open the empty seats to anyone
lobby-console-close-all = Close every open seat
lobby-console-open-one = Open one seat (a bot may keep it)
lobby-console-open-button = Open
lobby-console-when-leaves = When a player leaves
lobby-console-save = Save
lobby-console-min = Least on-time record a new player needs (per cent; empty: none)
lobby-on-leave-bot-and-open = a bot plays it and it is offered to a replacement
lobby-on-leave-bot = a bot plays it
lobby-on-leave-open = it is offered to a replacement (nothing plays it meanwhile)

## Logging in, registering, confirming an address, unsubscribing.

account-log-in = Log in
account-register = Register
account-name = Name
account-password = Password (10 characters or more, not easy to guess)
# Variables: $register (a link, whose words are account-register)
account-no-account = No account yet? {$register}.
account-forgot = Forgot your password?
# Variables: $login (a link, whose words are account-log-in)
account-have-account = Have an account? {$login}.
# Variables: $seat, $title (set in bold), $game (the rules' name), $gm
account-invited = You are invited to play {$seat} in {$title} ({$game}), run by {$gm}. Log in or register, and you will come back to take the seat.
account-logged-in = Logged in
# Variables: $notice (how many failed attempts since when, as the server says it)
account-failed-attempts = {$notice}: if they were not yours, someone is guessing your password.
account-continue = Continue
account-confirmed = Address confirmed
# Variables: $name (the account's name)
account-confirmed-text = Reports and order echoes for {$name} will be mailed to it.
account-unsubscribe = Unsubscribe
account-unsubscribe-question = Stop all mail from postrider?
account-unsubscribe-note = Your account keeps working on the web; choose again on your profile page to receive mail.
account-unsubscribed = Unsubscribed
account-unsubscribed-text = postrider mails you nothing more unasked (answers to your own order mail still come). Choose again on your profile page.

## Account care: a forgotten password, a new one, deleting the account.

account-forgot-help = Give your account's name or the address it confirmed: a link to choose a new password is mailed to that address.
account-forgot-who = Name or address
account-forgot-send = Mail me a link
account-forgot-note = No address on the account, or no mail on this server? The server's operator can give you a link.
account-mailed-title = Check your mail
account-mailed = If an account with a confirmed address matches, a link has been mailed to it. It works for an hour, once.
account-back-to-login = Back to the login
account-reset-title = Choose a new password
# Variables: $name (the account's name, set in bold)
account-reset-for = A new password for {$name}. Every session and token of the account ends.
account-reset-password = New password (10 characters or more, not easy to guess)
account-reset-set = Set the password
account-delete-title = Delete your account
account-delete-help = Your name, address, password and sessions are erased. Your seats in finished games stay in their records as “former player”. Games you run or play that are still going must be finished, archived or left first.
account-delete-password = Your password
account-delete-button = Delete my account
account-deleted-title = Account deleted
account-deleted = Your account is deleted. Thank you for playing.
account-deleted-games = The games
account-not-deleted = Your account is not deleted
account-back-to-profile = Back to your profile

## The profile: the time zone.

profile-title = Your profile
profile-saved = Saved.
profile-zone = Time zone
# Variables: $now (the time now in the reader's zone, set in bold)
profile-zone-now = Deadlines are shown in your time zone: now {$now}.
profile-zone-help = An IANA name such as America/New_York or Europe/London. Where scripts run, your browser's own zone is used until you choose one; empty: UTC.
profile-save = Save

## The profile: mail settings.

mail-form-title = Mail
mail-form-off = Mail is off on this server: nothing is mailed.
# Variables: $address (set in bold)
mail-form-pending = Waiting for confirmation: {$address} (open the link mailed to it).
# Variables: $address (set in bold)
mail-form-confirmed = Mail goes to {$address}.
# Variables: $address, $words (the relay's own)
mail-form-bouncing = Mail to {$address} bounced: “{$words}”. Nothing is mailed there until you confirm it again: save this form with the address to be mailed a new confirmation link, or give another address.
mail-form-no-address = No address yet.
mail-form-address = Address (a new one is confirmed by a link mailed to it)
mail-form-unasked = What to mail you unasked
mail-form-every = Every mail: each turn's report, reminders a day and two hours before a deadline
mail-form-digest = A daily digest: one mail a day listing the games whose orders are due
mail-form-none = None
mail-form-always = Answers to your own order mail, and confirmation links, always come.
mail-form-save = Save mail settings

## Absences: the form that declares one, one's windows away, a game's seats away, the
## console's allowance.

away-title = Away
away-help = Going away? While you are away, a seat of yours that has sent nothing by its deadline is played for you, and the game's allowance excuses those turns from your on-time record.
away-who-plays = Who plays for you
away-nmr-default = The rules' default for missing orders
# Variables: $bot (the bot's name)
away-the-bot = The { BOT($bot) } bot
# Variables: $title
away-scope-titled = {$title}
away-scope-game = a deleted game
away-scope-all = all your games
away-by-nmr-default = the rules' default for missing orders
# Variables: $bot (the bot's name)
away-by-bot = the { BOT($bot) } bot
# Variables: $from, $to (moments), $scope (away-scope-…), $by (away-by-…)
away-window = {$from} to {$to} ({$scope}; played by {$by})
away-cancel = Cancel
away-end-now = End it now
away-game = For
away-from = From
# Variables: $zone (the reader's time zone)
away-from-hint = In your time zone ({$zone}); empty: now.
away-to = Back on
# Variables: $days
away-to-hint = At most {$days} days after the start.
away-declare = Declare the absence
away-seats-away = Seats away
# Variables: $seat (set in bold), $until (a moment), $played (who plays the seat: bot, default, used-up), $bot (the bot's name), $used, $total (excused turns)
away-seat-line = {$seat} is away until {$until}; { $played ->
    [bot] played by the { BOT($bot) } bot
    [default] played by the rules' default for missing orders
   *[used-up] its excused turns are used up: orders not sent count as missed (NMR)
} (excused turns used: {$used} of {$total}).
away-absences = Absences
away-seat = Seat
away-excused-used = Excused turns used
# Variables: $until (a moment)
away-until = until {$until}
# Variables: $used, $total
away-used-of = {$used} of {$total}
away-allowance = Excused turns per player
# Variables: $max
away-allowance-hint = Turns played for an absent player that do not count as missed, 0 to {$max}.
away-set-allowance = Set the allowance

## The operator's page (`/operator`).

operator-title = Server
operator-health = Health
operator-ready = Ready: the deadlines and the mail are keeping up.
operator-behind = Behind: see below.
# Variables: $database (what the database is and how it answers)
operator-database = Database: {$database}
operator-database-ok = Database: answering
# Variables: $n (how many games)
operator-overdue = Games past their deadline: {$n}
operator-waiting-none = Oldest mail waiting: none
# Variables: $seconds
operator-waiting = Oldest mail waiting: {$seconds} s
operator-backups-off = Backups before the deadlines: off (the server is started without a backup directory).
operator-backups-none = Backups before the deadlines: none made yet (one is made before the next deadline).
# Variables: $at (a moment)
operator-backups-made = Backups before the deadlines: the last made {$at}.
# Variables: $n (how many in a row), $error (the last reason, in the system's words)
operator-backups-failing = Backups before the deadlines are failing: {$n} in a row; the last: {$error}
# Variables: $readyz, $mail-log, $backup (the address and the commands, set as code)
operator-health-note = The same as {$readyz}; {$mail-log} and {$backup} do the rest on the command line.
operator-mail-log = Mail that did not get through
operator-none = None.
# Variables: $game (its number)
operator-game = game {$game}
# Variables: $days
operator-idle = Games untouched for {$days} days
operator-archive-note = Archiving takes a game off the lists and pauses it; its GM can put it back.
# Variables: $game (its number), $gm, $at (a moment)
operator-idle-game = (game {$game}, GM {$gm}, last move {$at})
operator-archive = Archive
operator-accounts = Accounts
operator-names-beginning = Names beginning with
operator-find = Find
operator-suspended = suspended
operator-lift = Lift the suspension
operator-suspend = Suspend
operator-operator = operator
# Variables: $at (a moment)
operator-since = since {$at}
# Variables: $n (how many accounts are listed)
operator-first = … the first {$n}; give more of the name to find others.
operator-done-suspend = Suspended: the account's sessions ended.
operator-done-lift = The suspension is lifted.
operator-done-archive = Archived.
operator-done = Done.

## A game kind's ladder (`/ratings/GAME`).

# Variables: $game (the game's title)
ratings-title = {$game} ratings
# Variables: $game (the game's title), $shown-after (how many rated games before a rating shows)
ratings-about = Players of rated {$game} games, by their rating: the conservative estimate of a multiplayer Weng–Lin rating (μ − 3σ, times 40), which rises as a player's results become certain. A rating shows after {$shown-after} rated games. Seats played by a bot, and seats whose player sent nothing for more than half the turns, are left out.
# Variables: $game (the game's title)
ratings-none = No rated game of {$game} has finished yet.
ratings-ladder = The ladder
# Variables: $page
ratings-ladder-page = The ladder, page {$page}
# Variables: $shown-after
ratings-nobody = Nobody has played {$shown-after} rated games yet.
ratings-rank = Rank
ratings-player = Player
ratings-rating = Rating
ratings-games = Games
ratings-better = Better rated
ratings-more = More players
ratings-provisional = Provisional
# Variables: $shown-after
ratings-provisional-help = Fewer than {$shown-after} rated games: the rating is not shown yet.
# Variables: $n (how many more players)
ratings-more-provisional = And {$n} more.

## A season's page (`/seasons/ID`). Messages about stages are given the game's own noun
## (`$noun`: stage, day) and, where a sentence starts with it, `$noun-cap` (Stage, Day).

# Variables: $what (what the GM's step did)
season-done = Done: {$what}.
season-done-new = the season is made, this game its first stage
season-done-finish = the season is finished
# Variables: $game (its number)
season-done-stage = the next stage is game {$game}, its seats taken as before
# Variables: $game (the rules' title), $season (the game's word for a season: stage race), $noun, $gm, $played, $planned (0: not said), $end (running, finished, over)
season-lead = {$game} {$season} · GM {$gm} · { $planned ->
    [0] {$played}
   *[other] {$played} of {$planned}
} {$noun}s played{ $end ->
    [finished] {" · finished by the GM"}
    [over] {" · over"}
   *[running] {""}
}
# Variables: $bot (the bot's name)
season-bot = { BOT($bot) } bot
season-open = open
season-no-change = no change
# Variables: $n (places)
season-up = { $n ->
    [one] up {$n} place
   *[other] up {$n} places
}
# Variables: $n (places)
season-down = { $n ->
    [one] down {$n} place
   *[other] down {$n} places
}
season-being-played = being played
season-over = over
# Variables: $winners (the winners, already joined)
season-won-by = won by {$winners}
# Variables: $noun, $noun-cap, $n (the stage's number), $title (its game's title)
season-stage-line = {$noun-cap} {$n}: {$title}
# Variables: $n (days)
season-rest-days = { $n ->
    [one] after {$n} rest day
   *[other] after {$n} rest days
}
# Variables: $noun, $noun-cap, $n (the stage's number)
season-waiting = {$noun-cap} {$n} is being played: the next can be added when it is over.
# Variables: $noun, $noun-cap
season-stages = {$noun-cap}s
# Variables: $noun
season-no-stage = No {$noun} yet.
# Variables: $noun
season-add-next = Add the next {$noun}
# Variables: $noun, $running (yes: a stage is being played)
season-sure = I am sure (finish the season{ $running ->
    [yes] ; the {$noun} being played leaves it
   *[no] {""}
})
# Variables: $noun
season-standings-later = The standings come after the first {$noun} is over.
# Variables: $noun, $n (stages counted)
season-standings = { $n ->
    [one] The standings after {$n} {$noun}
   *[other] The standings after {$n} {$noun}s
}
# Variables: $noun
season-since-last = Since the last {$noun}
season-winners = The winners
season-sep = {": "}
season-jerseys-end = The jerseys at the end
season-jerseys = Who wears the jerseys
season-stand-in = (for the leader, who wears a more prestigious jersey)
season-gm-steps = The GM's steps
season-rest-before = Rest days before it
season-rest-hint = The same game, settings, seats and players (bots too), fresh draws; its first deadline moved by the rest days.
season-finish = Finish the season
# Variables: $jersey (its name)
season-leader-wears = The leader wears the {$jersey}.
# Variables: $unit
season-totals = Totals in {$unit}.
# Variables: $ties (the count-back, season-ties)
season-ties-line = Ties: {$ties}.
season-who = Who
season-total = Total
season-dropped-title = dropped: not counted
season-dropped = (dropped)
# After logging in, when someone failed to log in as this account meanwhile.
# Variables: $n
login-failed-attempts = { $n ->
    [one] 1 failed login attempt since your last login
   *[other] {$n} failed login attempts since your last login
}
# A season's classifications, units and jerseys: the game names them in English, so English
# keeps the game's words ($title, $unit, $name); $key is the game and the classification
# (breaking-away-general, breaking-away-points, breaking-away-sprints, breaking-away-teams,
# breaking-away-race, backpacks-general, backpacks-targets).
# Variables: $key, $title
season-class = {$title}
# Variables: $key, $unit
season-unit = {$unit}
# How lines level on the total are ordered (the count-back).
# Variables: $key, $ties (the game's words)
season-ties = {$ties}
# Variables: $key (the name, dashed: yellow-jersey), $name
season-jersey = {$name}
# What became of a mail in the operator's mail log.
# Variables: $what (outbox-failed, inbound-refused, inbound-dropped)
operator-log-what = { $what ->
    [outbox-failed] outbox failed
    [inbound-refused] inbound refused
   *[inbound-dropped] inbound dropped
}

## Profile: push notifications to the player's devices.

push-form-title = Notifications on your devices
push-form-about = Installed on your phone's home screen (or in a browser that allows it), postrider can tell you on the lock screen. Each device is switched on from itself.
push-form-this = Notify this device
push-form-unsupported = This browser cannot take notifications from a site.
push-form-none = No device gets notifications yet.
push-form-remove = Remove
push-form-what = What is sent to your devices
push-form-report = A new report of one of your games
push-form-remind = A reminder when your orders are missing before a deadline
push-form-press = An announcement of a game's GM
push-form-save = Save the notification settings

## The front page's list of every game: a seat and who has it.
# Variables: $seat, $who (a player, a bot or front-seat-open)
front-seat-who = {$seat} ({$who})

## A lobby game's kind: its game, then its rules and the options its GM chose.
# Variables: $game, $rules
lobby-game-rules = {$game} ({$rules})
