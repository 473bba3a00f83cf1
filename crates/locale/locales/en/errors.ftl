# Errors of the API and of the forms: one line each, naming the field (the API's own name,
# kept as it is in every language) and what is wrong with it.

error-absence-over = absence: { $id } is over
error-absence-unknown = absence: no absence { $id }
error-absences-too-many = absences: { $open } declared and not over, the most a player may have
error-account-changed = account: changed meanwhile; try again
error-account-unknown = account: no account { $id }
error-action-unknown = action: unknown action "{ $other }"
error-operator-action-unknown = action: unknown "{ $other }"
error-allowance-not-number = allowance: "{ $text }" is not a number of turns
error-allowance-out-of-range = allowance: { $turns } is not a number of turns from 0 to { $max }
error-archive-already = archive: game { $id } is archived already
error-as-gm-not-gm = as_gm: only the game's GM announces
error-authorization-missing = authorization: log in, or send Authorization: Bearer TOKEN
error-authorization-unknown = authorization: unknown or expired token
error-body = body: { $reason }
error-lobby-body-empty = body: give open (true or false), on_leave, or both
error-body-not-json = body: send JSON with Content-Type: application/json
error-body-too-large = body: larger than { $bytes } bytes
error-bot = bot: { $reason }
error-absence-bot-unknown = bot: "{ $name }" is not a bot (bots: { $absence-bots }; empty: the rules' default for missing orders)
error-confirm-link-unknown = confirm: the link is unknown, used or expired; give the address again
error-confirm-unticked = confirm: tick "I am sure" to { $what }
error-season-finish-unticked = confirm: tick "I am sure" to finish the season
error-control-character = { $field }: control character { $character } at character { $at } (plain text only)
error-csrf-form = csrf: the form is stale or came from another site; reload the page and send it again
error-csrf-cookie-write = csrf: { $why }; a write authenticated by the session cookie must come from this site with Content-Type: application/json (scripts: use Authorization: Bearer TOKEN)
error-delete-games-left = delete: first finish or leave these games (a GM archives a game, or frees a seat): { $list }
error-delete-season-stage = delete: the game is stage { $stage } of season { $season } ({ $name }); archive it instead
error-delete-secret-draws = delete: turns of this game were played with secret draws; archive it instead (only a game with no turn resolved, or a test game with a seed the GM chose, can be deleted)
error-delete-operator = delete: you are the server's operator; name another first (postrider account grant-operator NAME) and give up the role (postrider account revoke-operator NAME)
error-lobby-action-unknown = do: "{ $other }" is not a lobby action
error-email-invalid = email: "{ $address }" is not an address (write it as name@example.org)
error-email-mail-off = email: mail is off on this server (serve --smtp)
error-extend-clock-not-started = extend: the clock has not started (it starts when the last seat is taken, or use start)
error-extend-game-over = extend: the game is over
error-feed-unknown = feed: no feed at this address
error-time-invalid = { $field }: "{ $text }" is not a time like 2026-12-01T09:00 (in your time zone) or 2026-12-01T09:00:00+01:00
error-time-outside-calendar = { $field }: "{ $text }" is outside the calendar
error-time-offset = { $field }: "{ $text }" is { $offset } from UTC; no place is more than 14 hours from it (write the offset of the time zone you mean, such as +09:00)
error-report-format-unknown = format: "{ $other }" is not text, json, picture or chart
error-history-from-both = from_seq, from_turn: give one or the other
error-history-from-seq-unknown = from_seq: { $seq } is not an entry of the log (it holds 1 to { $total })
error-history-from-turn-unopened = from_turn: { $noun } { $turn } has not opened (the coming { $noun } is { $coming })
error-absence-from-too-far = from: { $utc-text } is more than { $max } days ahead
error-absence-from-past = from: { $utc-text } is in the past (leave it empty to begin now)
error-game-changed = game: it changed while the request was handled; read it again and resend
error-season-game-staged = game: game { $game-id } is a stage of a season already
error-game-not-number = game: "{ $game }" is not a game number
error-operator-game-not-number = game: "{ $game }" is not a game's number
error-language-no-seat = game { $game }: you hold no seat in it
error-season-first-stage-staged = game_id: game { $id } is stage { $stage } of season { $season } ({ $name }) already
error-season-first-stage-missing = game_id: give the first stage as an existing game (game_id) or a new one (first_stage), one of them
error-season-game-id-invalid = game_id: not a game
error-game-kept-changing = game: other servers kept changing it; send again
error-game-not-found = game: no game { $id }
error-absence-game-not-number = game: "{ $text }" is not a game number
error-absence-game-no-seat = game: you hold no seat in game { $id }
error-gm-unknown-account = gm: no account called "{ $name }" on this server
error-gm-only = gm: only the game's GM may do that
error-season-gm-only = gm: only the season's GM may do that
error-hours-not-number = hours: give a number of hours
error-import-secret-running = import: the file holds the secret of a { $game-noun } still running ({ $turn-noun } { $turn }): whoever holds the file knows every draw to come, so it cannot go on here as a game of secret draws; import it once it is over, or move the whole database
error-import-nul = import: log entry { $k } holds a NUL character (\u0000), which no entry may hold
error-internal = internal error
error-invite-mail-off = invite: mail is off on this server (serve --smtp)
error-invite-unknown = invite: not an invitation to this game (or already used)
error-invite-seat-taken = invite: seat { $name } is taken
error-invite-seated-already = invite: you already play seat { $held } ({ $name })
error-invite-game-over = invite: the { $game-noun } is over; its invitations have ended
error-invite-game-archived = invite: the { $game-noun } is archived; its invitations work again only if its GM puts it back
error-lang = lang: "{ $code }" is not a language postrider speaks ({ $codes })
error-leave-game-over = leave: the game is over; its seats stay as they finished
error-history-limit = limit: { $limit } is not between 1 and { $history-page-max }
error-press-limit = limit: { $limit } is not between 1 and { $press-page-max }
error-lineup-form-missing = line-up: give each rider its starting cards (for example { $default-lineup })
error-lineup-form-card = line-up: rider { $grade }, card { $k }: "{ $v }" is not a whole number
error-login-first = log in first
error-login-busy = login: the server is busy checking passwords; try again in a moment
error-login-suspended = login: this account is suspended; ask the server's operator
error-login-throttled = login: too many failed attempts; try again in { $wait } s
error-login-refused = login: unknown name or wrong password
error-mail-choice-unknown = mail_choice: "{ $other }" is none of every, digest, none
error-mail-off = mail: mail is off on this server (serve --smtp)
error-min-on-time-range = min_on_time: { $min } is not a share of turns (0 to 100)
error-min-on-time-not-number = min_on_time: "{ $text }" is not a share of turns (0 to 100)
error-min-on-time-unmet = min_on_time: this game asks for an on-time record of at least { $min }% (yours: { $percent }%, { $sent } of { $seated } turns)
error-form-field-missing = { $name }: missing from the form
error-name-taken = name: "{ $name }" is taken
error-name-unknown = name: no account "{ $name }"
error-season-name-length = name: a season's name is 1 to { $max-title } characters
error-name-invalid = name: "{ $string }" must be 1-32 letters, digits, '-', '_' or '.'
error-on-leave = on_leave: "{ $name }" is not bot_and_open, bot or open
error-open-all-seats-played = open: every seat is played (a seat a bot keeps is opened by its number)
error-open-game-over = open: the game is over or archived
error-operator-only = operator: only the server's operator may do that
error-orders-resolved-meanwhile = orders: the turn was resolved while they were being sent; read the new position and send again
error-operator-page-unknown = page: no such page
error-lobby-page = page: { $page-number }: pages count from 1
error-page = page: { $page }: pages count from 1
error-password-length = password: must be { $min-password } to 256 characters
error-password-contains-name = password: must not contain the name
error-password-weak = password: too easy to guess{ $hint }; add words or characters
error-password-throttled = password: too many failed attempts; try again in { $wait } s
error-password-wrong = password: wrong password; the account is not deleted
error-path-unknown = path: no such endpoint (see /api/openapi.json)
error-player-unknown = player: no account called "{ $name }" on this server
error-press-closed = press: the { $game-noun } is over; its press is closed (and stays to be read)
error-press-unknown = press: no public message { $press } in this game
error-press-not-seated = press: only the game's players and its GM post press
error-press-throttled = press: { $press-per-hour } messages in the last hour, the most one sender may post to a game; the next may go in { $max } min
error-query = query: { $body-text }
error-rated-game-over = rated: the game is over; whether it counts was settled when it finished
error-rated-test-game = rated: a test game (its seed chosen by the GM) cannot be rated: leave the seed out
error-record-busy = record: { $downloads } records are being downloaded; try again in a few seconds
error-record-secret = record: published when the { $game-noun } is over ({ $turn-noun } { $turn } is open); its draws are secret until then
error-remind-nothing-owed = remind: { $name } owes no orders now
error-remind-bot = remind: { $name } is played by the { BOT($bot) } bot
error-reset-link-unknown = reset: the link is unknown, used or expired; ask for a new one
error-reset-mail-off = reset: mail is off on this server; ask its operator (postrider account reset-password NAME)
error-reset-throttled = reset: too many requests from this address; try again in { $wait } s
error-resolve-nothing = resolve: nothing to resolve (the game is over, or another process resolved it)
error-rest-days-range = rest_days: at most { $max-rest-days }, not { $rest-days }
error-rest-days-not-number = rest_days: give a number of days, 0 to { $max-rest-days }
error-rollback-game-over = rollback: the game is over and its draws are public; it cannot be re-opened
error-rollback-nothing = rollback: no turn has been resolved
error-season-all-played = season: all { $stages } { $stage }s are played
error-season-finished = season: { $name } is finished
error-season-unknown = season: no season { $id }
error-season-finished-already = season: season { $id } is finished already
error-season-stage-added = season: stage { $stage } was added meanwhile; read the season again
error-season-stage-running = season: { $stage } { $stage2 } (game { $game-id }) is still being played; add the next when it is over
error-seat-none-open = seat: the game has no open seat (ask the GM for an invitation)
error-seat-game-over = seat: the game is over or archived; its seats are not open
error-seat-not-open = seat: { $name } is not open to anyone (ask the GM for an invitation)
error-seat-played = seat: { $name } is played by { $holder }; free it first
error-lobby-seat-without-open = seat: names the seat to open or close; give open too
error-seat-unknown = seat: no seat { $seat }
error-console-seat-not-number = seat: not a seat number
error-seat-not-number = seat: "{ $text }" is not a seat number
error-seat-one-a-player = seat: you already play { $name } in this game (one seat a player)
error-seat-not-yours = seat: you do not play in this game
error-extend-too-far = seconds: { $seconds } moves the deadline by more than a year (at most { $max-extend-seconds } either way)
error-seed-not-number = seed: "{ $s }" is not a whole number
error-stages-not-number = stages: give a number of stages, 1 to { $max-stages }
error-stages-range = stages: a season plans 1 to { $max-stages } stages, not { $n }
error-start-running = start: the clock is already running
error-suspend-operator = suspend: "{ $name }" is an operator; take the role away first (postrider account revoke-operator)
error-revoke-last-operator = "{ $name }" is the server's only operator; name another first (postrider account grant-operator NAME)
error-body-slow = body: not received in time (a request's body must arrive within { $seconds } s, at { $rate } bytes a second or faster)
error-connections-per-address = connections: too many open from your address at once; close some and try again
error-press-text-long = text: { $chars } characters, more than the { $press-max-chars } a message may have
error-press-text-empty = text: empty; write the message
error-time-zone-unknown = time_zone: "{ $typed }" is not a time zone (write an IANA name such as America/New_York, or leave it empty for UTC)
error-time-zone-unknown-short = time_zone: "{ $typed }" is not a time zone
error-title-length = title: must be 1 to { $max-title } characters
error-press-to-announcement = to: a GM announcement goes to everyone; leave to empty
error-press-to-unknown = to: no seat or player called "{ $trim }" in this game
error-press-private-off = to: private press is off in this game (its GM may allow it); leave to empty to post to everyone
error-press-to-ambiguous = to: "{ $trim }" is the player of several seats ({ $choices }); write the seat's name
error-press-to-no-seat = to: no seat called "{ $trim }" in this game
error-press-to-self = to: "{ $trim }" is your own seat
error-absence-to-before-from = to: { $utc-text } is not after the window's start ({ $utc-text2 })
error-absence-too-long = to: the window is { $days } days long; at most { $max }
error-turn-not-number = turn: "{ $t }" is not a turn number
error-report-turn-unresolved = turn: { $turn } has not been resolved (resolved: { $resolved })
error-unsubscribe-unknown = unsubscribe: unknown link
error-webhook-private = webhook: { $ip } is not a public address (this server posts only to the internet)
error-webhook-url = webhook: "{ $url }" is not an http:// or https:// URL naming a host (a name, or an address without a zone)
error-reset-who-missing = who: give your account's name or its confirmed address

## The lifecycle's refusals (any game). $noun is the game's own word for a seat (team,
## walker, player), a turn (turn, round) or a game (race, day, game), in English.
error-seat-name-letters = { $noun } "{ $name }": use 1–24 letters, digits, '-' or '_'
error-seats-count = { $noun }s: { $given } given, the { $rules } rules take { $least }–{ $most }
error-seats-twice = { $noun }s: "{ $name }" is given twice
error-seat-no-such = { $noun } "{ $name }": no such { $noun } ({ $noun }s: { $seats })
error-lineup-none = lineup: { $game } has no line-ups
error-lineup-closed = line-up: the race has started, line-ups are closed
error-orders-game-over = orders: the game is over
error-orders-empty = orders: no rider given
error-orders-lineup-first = orders: send the { $noun }'s line-up before its first orders
error-orders-nothing = orders: nothing sent (give lineup or orders)
error-game-over = the game is over
error-piece = { $reason }
error-piece-not-started = { $verb }: the { $game } has not started: send the line-ups and resolve { $noun } 1 first
error-turn-stale = turn: these orders are for { $noun } { $sent }, but { $noun } { $open } is open; read the new position and send again
error-sealed-too-often = { $field }: sealed { $times } times for { $noun } { $turn }, the most a { $seat } may; the last ones sealed stand
error-turn-not-resolved = turn: { $noun } { $turn } has not been resolved (resolved: { $resolved })
error-season-game = game: { $game } has no seasons
error-season-name = name: a season needs a name
error-season-best-of = best_of: a league counts at least one result
error-season-stages = stages: a season holds at most { $most }
error-season-scoring = { $reason }
error-game-unknown = game: unknown game "{ $name }" (expected { $games })
error-secret-digits = secret: give 32 to 128 lowercase hexadecimal digits
error-seed-not-secrets = seed: { $seed } is not the seed the secret gives ({ $gives })
error-game-not-over = game { $id }: it is not over

## A game's deadline rule (the GM's form or the API's `deadline`).

# Variables: $seconds
error-deadline-seconds = deadline.seconds: { $seconds } is outside 60 (a minute) to 31622400 (a year)
# Variables: $weekday
error-deadline-weekday = deadline.weekday: "{ $weekday }" is not a day of the week
# Variables: $time
error-deadline-time = deadline.time: "{ $time }" is not a time like 20:00
# Variables: $zone
error-deadline-zone = deadline.zone: "{ $zone }" is not a time zone like Europe/London

## A game's settings (the new-game form, the API's `settings`, the command line's flags).

# Variables: $key, $game (its title), $settings (the names it has, comma-separated)
error-setting-unknown = { $key }: { $game } has no setting "{ $key }" (its settings: { $settings })
# Variables: $key, $game
error-setting-unknown-none = { $key }: { $game } has no setting "{ $key }" (it has none)
# Variables: $key, $expected (names or text), $got (the JSON given)
error-setting-shape = { $key }: expected { $expected ->
    [names] a list of names
   *[text] a string
}, got { $got }

## What a game does not have.

# Variables: $game (its title)
error-lacks-lineups = { $game } has no line-ups
# Variables: $game
error-lacks-scenario = scenario: { $game } has no scenario notation
# Variables: $game, $verb (the action asked for)
error-lacks-piece-action = { $verb }: { $game } has no such action on its pieces

## Web Push: a device's subscription.

error-push-endpoint = endpoint: not an https:// URL of a push service at a public address
error-push-key = keys.p256dh: not a P-256 public key in base64url
error-push-auth = keys.auth: not a 16-byte auth secret in base64url
# Variables: $max
error-push-devices = endpoint: you have { $max } devices already; remove one on your profile first
error-push-no-device = endpoint: no device of yours has this endpoint

## A game that keeps an account from being deleted (error-delete-games-left's $list).
# Variables: $title, $game (its number)
error-delete-game-run = "{ $title }" (game { $game }, you run)
# Variables: $title, $game
error-delete-game-played = "{ $title }" (game { $game }, you play)
