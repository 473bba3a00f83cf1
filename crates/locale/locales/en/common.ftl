## Words every page, mail and report shares.

# A place in a race or a ranking (CLDR ordinal rules: 1st, 2nd, 3rd, 4th, 11th, 21st).
place = { NUMBER($n, type: "ordinal") ->
    [one] {$n}st
    [two] {$n}nd
    [few] {$n}rd
   *[other] {$n}th
}

## Moments: a 24-hour clock in the reader's zone.

# Variables: $month (the month's number, for languages that write it so)
when = {$weekday} {$day} {$month-name} {$year}, {$hour}:{$minute}
# Variables: $month
when-date = {$weekday} {$day} {$month-name} {$year}

weekday-1 = Mon
weekday-2 = Tue
weekday-3 = Wed
weekday-4 = Thu
weekday-5 = Fri
weekday-6 = Sat
weekday-7 = Sun

month-1 = Jan
month-2 = Feb
month-3 = Mar
month-4 = Apr
month-5 = May
month-6 = Jun
month-7 = Jul
month-8 = Aug
month-9 = Sep
month-10 = Oct
month-11 = Nov
month-12 = Dec

# The name of a language, in that language (the language menu).
language-name = English

## Lists: `a and b`, `a, b and c`.

list-two = {$a} and {$b}
list-separator = {", "}
list-many = {$init} and {$last}
clause-list = {$init} and {$last}

## The record's lines at a report's foot: what ties it to the verifiable record.

# Variables: $noun (the game's word for a turn: turn, round), $noun-title (the same, capitalised), $turn, $digest
record-digest-line = {$noun-title} {$turn} · report digest SHA-256 {$digest}
# The words before the digest on the report page.
record-digest = report digest
# Variables: $commitment, $noun (the game's word for a game: race, day, game)
record-commitment-line = Draws committed: SHA-256 {$commitment} (checked when the {$noun} is over: postrider verify)

# A turn's report, and the history, name each seat an absence played, one line a seat.
# Variables: $seat, $text (one of the away-* below)
away-note = Away: {$seat}, {$text}.
# Variables: $until (a moment, UTC)
away-note-missed = away until {$until}; the allowance of excused turns is used up, so the rules' default for missing orders played it and the turn counts as missed
# Variables: $until, $bot
away-note-bot = away until {$until}, played by the { BOT($bot) } bot (excused)
# Variables: $until
away-note-nmr = away until {$until}, played by the rules' default for missing orders (excused)

# A season's standings in a stage's report (text, HTML, and the desk's season report).
season-report-stand-in = {" "}(its leader wears a more prestigious jersey)
# Variables: $title, $of (teams, riders, walkers), $unit
season-class-line = {$title} ({$of}, {$unit})
# Variables: $season, $stage (the game's word: stage), $n
season-report-heading = {$season}: the standings after {$stage} {$n}
# Variables: $season, $stage, $n, $planned
season-report-heading-planned = {$season}: the standings after {$stage} {$n} of {$planned}
season-report-winners = The winners
season-report-movement = Movement
season-report-who = Who
season-report-total = Total

# The desk's season standings (`postrider season standings`).
# Variables: $name, $season (stage race, walking week), $stage (stage, day), $game (its title), $n (finished), $planned (stages in the file), $best (a league's best N that count; 0: all count)
season-desk-heading = {$name} ({$season}, {$game}): after {$stage} {$n} of {$planned}{ $best ->
    [0] {""}
   *[other] ; the best {$best} count, the others in brackets
}.
# Variables: $stage
season-desk-none = No {$stage} is over yet.
# A jersey and who wears it in a season's standings. Variables: $jersey, $who, $why (season-report-stand-in or nothing)
season-jersey-line = {$jersey}: {$who}{$why}
# A classification whose first place is shared after every count-back (docs/rulings.md S-3).
# Variables: $title (the classification), $lines (the names, listed), $jersey (its jersey's
# name, or "none" where it has none or none of them wears it), $who (who of them wears it)
season-level-top = { $jersey ->
    [none] {$title}: {$lines} are level after every count-back and share first place.
   *[other] {$title}: {$lines} are level after every count-back and share first place; the {$jersey} went to {$who}, the first of them in seat order who wears no more prestigious jersey.
}

## A bot's name, from its id, as "the … bot" says it (`BOT($bot)` in a message; an id
## with no name here is said as it is).
bot-random = random
bot-nmr = no-orders
bot-heuristic = rule-of-thumb
bot-mcts = look-ahead
bot-flatmc = flat Monte Carlo

## Between two sentences: a space in English, nothing in Japanese.
sentence-gap = {" "}
## After a label, before what it labels ("Hand: …", "You are …"): a space in English,
## nothing in Japanese, whose labels end in a full-width colon.
label-gap = {" "}
