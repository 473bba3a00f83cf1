## The site's frame: the header, the footer and the error page every page shares.

site-nav = site
site-games = Games
site-new-game = New game
site-your-move = Your move
# Variables: $n (how many games)
site-awaiting = { $n ->
    [one] {$n} game awaiting your orders
   *[other] {$n} games awaiting your orders
}
site-profile = Your profile: settings, absences, log out
site-server = Server
site-log-out = Log out
site-log-in = Log in
site-register = Register
# The footer's menu of languages.
site-language = Language
site-error-title = Something is wrong
site-back-to-games = Back to the games

## The profile's language form.

language-title = Language
language-help = The site, your turn reports and your mail are written in it. A seat can have its own language for its mail (on the seat's settings, linked from the game page).
language-label = Your language
language-save = Save

## A player's public profile (`/players/{name}`).

player-on-time = On-time record
# Variables: $sent, $seated
player-on-time-sent = of turns with orders sent: {$sent} of {$seated} turns seated.
player-no-turn-yet = No turn seated yet.
player-turns-seated = Turns seated
player-orders-sent = Orders sent
player-missed = Missed (NMR)
player-abandoned = Seats abandoned
player-on-time-help = Turns with orders sent, of the resolved turns the player held a seat with orders to send (not a bot's turns).
player-games = Games
player-no-games = No games yet.
player-game = Game
player-seat = Seat
player-result = Result
player-on-time-col = On time
player-seat-left = (left)
player-result-left = left
# Variables: $place (already written as a place: 1st, 2nd)
player-result-place = finished {$place}
player-result-finished = finished
player-result-running = running
# Variables: $percent, $sent, $seated
player-on-time-cell = {$percent}% ({$sent} of {$seated})

## The profile's calendars and feeds.

feeds-title = Calendars and feeds
feeds-public-profile = Your public profile:
feeds-help = Each seat's deadlines as a calendar to subscribe to, and its reports as a feed. The addresses are secret: anyone who has one reads that seat's reports. Renew them to stop the old ones.
feeds-no-seat = You hold no seat.
feeds-calendar = Calendar (iCalendar)
feeds-reports = Reports (Atom)
feeds-renew = Renew these addresses
# A Copy button's word, and its word once done (the feeds, the console's invitation links).
copy = Copy
# Variables: $what (feeds-calendar or feeds-reports)
feeds-copy-label = Copy the address of the {$what}
copied = Copied
