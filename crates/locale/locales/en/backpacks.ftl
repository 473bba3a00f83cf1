## Backpacks & Blisters: the round bulletin. Walkers, places and times are given already
## written ($walker, $walkers, $location, $time); place names are the map's own.

bb-points = {$points} { $count ->
    [one] point
   *[other] points
}
bb-sunny = sunny
bb-cloudy = cloudy
bb-clause-separator = {"; "}
bb-sentence-end = .
# Variables: $n (the order of arrival, for languages that count it with a counter)
bb-arrival = {$place}

## Where a walker stands.

bb-at = at {$location}
# Variables: $from, $to (the path's ends, as the map runs it), $step (from $from), $steps (end to end)
bb-on-path = on the path from {$from} to {$to}, {$step} of {$steps} steps
bb-on-lake = on the lake

## Places and moves in words (the echo of sealed orders, the reports, the order form): a
## location by its name, a space of a path by where it lies on the path.

# A space of a path as a noun. Variables: $from, $to, $step, $steps
bb-path-space = the path from {$from} to {$to} ({$step} of {$steps} steps)
# A space of a path where a walk starts. Variables: $from, $to (the path's ends), $step (from $from), $steps
bb-path-point = step {$step} of {$steps} between {$from} and {$to}
# A black space of a path, which scores when a walk ends on it (5.1.2). Variables: $viewpoint ("yes" for a triangle)
bb-black-space = { $viewpoint ->
    [yes] a viewpoint
   *[no] a beauty spot
}
# Variables: $places (named places passed on the way)
bb-via = {" via "}{$places}
# Variables: $from, $via, $to
bb-way-to = from {$from}{$via} to {$to}
# A walk ending on a path. Variables: $from, $via, $to (the end it heads for), $step (steps from the end it left), $steps
bb-way-towards = from {$from}{$via} towards {$to} ({$step} of {$steps} steps)
# Variables: $time (the end of the turn, 20 minutes after it starts: a move takes the turn, 3.1, 8.5), $points (what ending there scores)
bb-arrive = { $points ->
    [0] (arrive by {$time})
   *[other] (arrive by {$time}, +{$points})
}
# Variables: $n, $time, $what
bb-echo-turn = turn {$n} ({$time}): {$what}
bb-echo-separator = {"; "}
# Variables: $at (bb-at, bb-on-path)
bb-echo-rest = rest {$at}
bb-echo-wait-on-lake = wait on the lake
# Variables: $card, $chocolate ("yes" with a bar of chocolate), $way, $arrive
bb-echo-walk = walk {$card}{ $chocolate ->
    [yes] {" with chocolate"}
   *[no] {""}
} {$way} {$arrive}
# From a place the orders did not foresee. Variables: $card, $chocolate, $to
bb-echo-walk-to = walk {$card}{ $chocolate ->
    [yes] {" with chocolate"}
   *[no] {""}
} to {$to}
# Variables: $card, $chocolate
bb-echo-walk-unknown = walk {$card}{ $chocolate ->
    [yes] {" with chocolate"}
   *[no] {""}
}
# A card played without moving (4.2). Variables: $card, $chocolate, $at
bb-echo-walk-stay = play {$card}{ $chocolate ->
    [yes] {" with chocolate"}
   *[no] {""}
} without moving, {$at}
# Variables: $at
bb-echo-tea = tea {$at} (50p, +3)
# Variables: $at, $cards
bb-echo-tea-replacing = tea {$at} (50p, +3), replacing {$cards}
# Variables: $ferry ("yes" for the ferry, else the bus), $lake ("yes" landing from the lake), $from, $to, $arrive
bb-echo-ride = { $lake ->
    [yes] land at {$to} {$arrive}
   *[no] { $ferry ->
        [yes] ferry
       *[no] bus
    } from {$from} to {$to} (50p) {$arrive}
}
# Variables: $card
bb-echo-swap = , swapping {$card}
# Variables: $at
bb-echo-blister = play the blister card {$at}
bb-echo-buy-chocolate = buy a bar of chocolate
bb-echo-take-rucksack = take the Heavy Rucksack
bb-echo-give-rucksack = give the Heavy Rucksack
# Variables: $to
bb-echo-give-rucksack-to = give the Heavy Rucksack to {$to}
bb-echo-finish = finish the day if the turn ends in Keswick
# Variables: $card
bb-echo-discard = discard {$card}
# Variables: $cards
bb-echo-replace = replace {$cards}
bb-echo-weather-sunny = a weather card drawn: play it if it makes the weather sunny
bb-echo-weather-cloudy = a weather card drawn: play it if it makes the weather cloudy
# Variables: $walker
bb-echo-vote = vote for {$walker} to carry the Heavy Rucksack

## Headlines.

bb-head-wins = {$walker} wins the day
# Variables: $walkers (level on points)
bb-head-share-win = {$walkers} share the day's win
# The day over and nobody back in Keswick: everyone has lost (5.2).
bb-head-nobody-back = Nobody is back in Keswick: nobody wins the day
bb-head-first-to-reach = {$walker} is first to reach {$location}
bb-head-reaches = {$walker} reaches {$location}, {$order}
bb-head-back = {$walker} is back in Keswick
bb-head-rucksack = The Heavy Rucksack goes to {$walker}
bb-head-weather = The weather turns {$weather}
bb-head-nobody = Nobody has scored yet
bb-head-leads = {$walker} leads the walk

## The round's opening.

bb-at-lunch = {" "}at lunch
bb-at-coffee = {" "}at the coffee break
bb-when = {$times}{$special}, {$weather}
# Points scored in the round's two turns, not the day's total.
bb-scored-most = {$when}: {$walker} scored most this round, {$points}.
bb-scored-most-level = {$when}: {$walkers} scored most this round, {$points} each.
bb-nobody-scored = {$when}: nobody scored.

## Targets reached.

# Variables: $first ("yes" for the first walker at the target)
bb-target-walker = {$walker}{ $first ->
    [yes] {" arrived"}
   *[no] {""}
} {$order} ({$points})
bb-target-clause = { $first ->
    [yes] At
   *[no] at
} {$location}, {$walkers}

## What else happened.

bb-rested-nmr = {$walkers} sent no orders and rested
bb-rucksack-drawn = { $first ->
    [yes] The
   *[no] the
} Heavy Rucksack was drawn and {$to} carries it
bb-rucksack-voted = { $first ->
    [yes] By
   *[no] by
} vote the Heavy Rucksack passed from {$from} to {$to}
bb-rucksack-passed = { $first ->
    [yes] The
   *[no] the
} Heavy Rucksack passed from {$from} to {$to}
bb-rucksack-took = {$to} took the Heavy Rucksack
bb-weather-card = {$walker} made it {$weather} with a weather card
bb-back-in-keswick = {$walker} was back in Keswick at {$time}
# Every walker not back at the day's end: their points are lost (1.3) and so is the day (5.2). Variables: $walkers, $count ("one" or "other")
bb-lost-not-back = {$walkers} { $count ->
    [one] was
   *[other] were
} not back in Keswick by 18:00, losing every point and the day

## The standings in a sentence.

bb-next = {"; "}next: {$time}
# Variables: $over ("yes" once the day is over)
bb-standings-alone = {$walker} { $over ->
    [yes] wins the day with
   *[no] leads on
} {$points}{$next}.
bb-nobody-has-a-point = Nobody has a point yet{$next}.
bb-standings-nobody-back = Nobody was back in Keswick by 18:00, so nobody wins the day.
# Variables: $walkers (level in first place), $over, $points (each), $next
bb-standings-shared = {$walkers} { $over ->
    [yes] share the day's win with
   *[no] share the lead on
} {$points} each{$next}.
bb-standings-ahead = {$walker} { $over ->
    [yes] wins the day with
   *[no] leads on
} {$points}, {$margin} ahead of {$second}{$next}.

## The reader's own walker.

bb-did-rested-nmr = rested {$at} (no orders)
bb-did-rested = rested {$at}
# Variables: $at
bb-did-walk-stayed = played a walking card but stayed {$at}
bb-did-walked = walked {$n} { $n ->
    [one] space
   *[other] spaces
}, ending {$at}
bb-did-tea = took tea {$at}
bb-did-ferry = took the ferry to {$location}
bb-did-ferry-not-landed = took a ferry that could not land
bb-did-bus = took the bus to {$location}
bb-did-blister = nursed a blister {$at}
bb-did-break = stopped {$at}
bb-did-afloat = waited on the lake
bb-moved-back = , moved back
bb-you-did = { $first ->
    [yes] At
   *[no] at
} {$time} you {$what}{$moved-back}
# Variables: $first ("yes" when it opens the sentence)
bb-not-back = { $first ->
    [yes] You
   *[no] you
} were not back in Keswick by 18:00, losing every point and the day
bb-walk-done = Your day's walk is done
bb-this-round = {$points} this round
# Variables: $joint ("yes" when another walker has the same place)
bb-your-standing = you { $over ->
    [yes] finish
   *[no] are
} { $joint ->
    [yes] joint {$place}
   *[no] {$place}
} of {$walkers} { $over ->
    [yes] with
   *[no] on
} {$points}
bb-your-no-point = nobody has a point yet

## The round report (mail, the command line) and its page: titles and copies.

# Variables: $map, $what
bb-report-title = BACKPACKS & BLISTERS · {$map} · {$what}
# Variables: $round
bb-title-round = round {$round}
bb-title-end = the end of the day
# Variables: $round
bb-title-before-round = before round {$round}
# Variables: $round, $times
bb-view-title = Round {$round} ({$times})
bb-copy-gm = GM's copy: every hand and every note.
# Variables: $walker
bb-copy-walker = Copy for {$walker}.
bb-copy-public = Public copy.
# Variables: $walkers
bb-no-orders-from = No orders received from: {$walkers} (they rest, B&B-11).
bb-name-separator = {", "}
bb-list-separator = {", "}
bb-details-separator = {"; "}
bb-report-the-lake = the lake
bb-report-sunny = Sunny
bb-report-cloudy = Cloudy

## A turn's table: its heading, each walker's line and the notes under it.

# Variables: $time, $weather, $special
bb-turn-heading = {$time} · {$weather}{$special}
bb-turn-ferries = {" · ferries run"}
bb-turn-buses = {" · buses run"}
bb-turn-lunch = {" · LUNCH"}
bb-turn-coffee = {" · COFFEE BREAK"}
# Variables: $at (bb-at, bb-on-path, bb-on-lake)
bb-did-rested-at-nmr = rested {$at} (no orders)
# Variables: $at
bb-did-rested-at = rested {$at}
# Variables: $card, $chocolate, $circles, $triangles, $path (where the walker stayed)
bb-did-walk-no-step = played {$card}{ $chocolate ->
    [yes] {" with chocolate"}
   *[no] {""}
} ({$circles}○ {$triangles}△) but took no step from {$path}
# Variables: $card, $chocolate ("yes" when a bar was eaten), $circles, $triangles, $path
bb-did-walked-path = walked {$card}{ $chocolate ->
    [yes] {" with chocolate"}
   *[no] {""}
} ({$circles}○ {$triangles}△): {$path}
# Variables: $card, $chocolate, $circles, $triangles, $way (bb-way-to, bb-way-towards)
bb-did-walked-way = walked {$card}{ $chocolate ->
    [yes] {" with chocolate"}
   *[no] {""}
} ({$circles}○ {$triangles}△) {$way}
# Variables: $at
bb-did-tea-at = took tea {$at}
# Variables: $place, $location
bb-did-ferry-from = took the ferry from {$place} to {$location}
# Variables: $place, $location
bb-did-ferry-not-landed-from = took the ferry from {$place} to {$location}, which could not land: on the lake
# Variables: $place, $location, $route
bb-did-bus-from = took the bus from {$place} to {$location} (route {$route})
# Variables: $at
bb-did-blister-at = nursed a blister {$at}
# Variables: $at
bb-did-break-at = stopped {$at}
# Variables: $place
bb-moved-back-to = moved back to {$place} (a later arrival on a shared space, 4.5)
# Variables: $scores
bb-scores = scores {$scores}
bb-day-done = is back in Keswick: the day is done
# Variables: $cards
bb-drew = drew {$cards}
# Variables: $note
bb-note = note: {$note}
bb-card-weather = weather
bb-card-blister = blister
bb-card-rucksack = rucksack
bb-card-none-yet = none yet

## Why points were scored.

# Variables: $location, $place (1st, 2nd …)
bb-score-target = target {$location} ({$place})
bb-score-ferry = ferry trip
bb-score-tea = tea
bb-score-rucksack-at-break = carrying the Heavy Rucksack at the break
bb-score-finish = back in Keswick
bb-score-rucksack-home = the Heavy Rucksack home
bb-score-money = money left

## What did not happen as ordered, and why ($problem: the order checker's reason, as given).

# Variables: $problem
bb-note-not-carried-out = orders not carried out: {$problem}
# Variables: $problem
bb-note-route-cut-short = route cut short: {$problem}
bb-note-finish-away = finish: not in Keswick at the end of the turn, the day goes on
bb-note-not-back = not back in Keswick by 18:00: every point and the day are lost (1.3, 5.2)
bb-note-chocolate-no-cafe = buy chocolate: not at a café at the end of the turn
bb-note-chocolate-no-money = buy chocolate: no money left
# Variables: $location, $contested ("yes" when another ferry sought the same stop)
bb-note-ferry-not-landed = the ferry could not land at {$location} ({ $contested ->
    [yes] another ferry sought the same stop
   *[no] the stop was occupied
}): still on the lake
# Variables: $to
bb-note-rucksack-drawn = The Heavy Rucksack is drawn: {$to} carries it (10.1).
# Variables: $from, $to, $sub-turn (13: the end of the turn)
bb-note-rucksack-handed = The Heavy Rucksack passes from {$from} to {$to} { $sub-turn ->
    [13] at the end of the turn
   *[other] at sub-turn {$sub-turn}
} (10.4).
# Variables: $from, $to
bb-note-rucksack-voted = By vote the Heavy Rucksack passes from {$from} to {$to} (10.5).
# Variables: $walker, $weather
bb-note-weather-card = {$walker} plays a weather card: the weather is now {$weather} (9.1).

## The day as it stands.

# Variables: $time, $round
bb-clock-next = next: {$time} (round {$round})
bb-clock-over = 18:00, the day is over
# Variables: $when, $weather
bb-clock = The clock: {$when}. The weather: {$weather}.
# Variables: $name, $n
bb-target-reached = {$name} ({$n} reached)
bb-target-separator = {"; "}
# Variables: $targets
bb-targets = Targets: {$targets}.
# Variables: $walker, $time
bb-rucksack-carrier = The Heavy Rucksack: {$walker} (since {$time}).
bb-rucksack-in-deck = The Heavy Rucksack is still in the deck.
bb-standings = Standings
# Variables: $rank
bb-rank = {$rank}.
# A walker not back has lost the day (5.2): no place.
bb-rank-none = –
# Variables: $points (already padded), $count
bb-report-points = {$points} { $count ->
    [one] point
   *[other] points
}
bb-status-lost = not back by 18:00: all points lost
# Variables: $time
bb-status-back = back in Keswick at {$time}
# Variables: $at (bb-at, bb-on-path, bb-on-lake)
bb-status-at = {$at}
# Variables: $targets
bb-targets-reached = {"  "}targets: {$targets}
# Variables: $walker, $cards, $next, $money, $chocolate
bb-secrets = {$walker}'s cards: [{$cards}]; the card to come at the end of the next turn: {$next}; money {$money}; chocolate {$chocolate}.
# Variables: $walker
bb-sealed-orders = {$walker}'s sealed orders:
# Variables: $walker
bb-day-over-wins = THE DAY IS OVER. {$walker} wins.
bb-day-over-nobody = THE DAY IS OVER. Nobody was back in Keswick: nobody wins.
# Walkers level in first place (B&B-17). Variables: $walkers
bb-day-over-share = THE DAY IS OVER. {$walkers} share the win.
# Variables: $walker
bb-banner-wins = The day is over. {$walker} wins.
bb-banner-nobody = The day is over. Nobody was back in Keswick: nobody wins.
bb-banner-share = The day is over. {$walkers} share the win.
# Variables: $round
bb-orders-for-round = Orders for round {$round}
bb-orders-done = done for the day
bb-orders-sealed = received (sealed)
bb-orders-not-yet = not yet
bb-col-walker = Walker
bb-col-did = Did
bb-col-scores-notes = Scores and notes
bb-col-points = Points
bb-col-where = Where
bb-col-targets = Targets

## Refusals: orders that read but cannot be carried out where the walker stands. Each names
## the order and cites the rule. Places ($space, $stop, $from, $to) are the map's own ids.

bb-refuse-day-over-vote-only = this walker's day is over: only a vote may be sent (10.5)
# Variables: $problem (a refusal below)
bb-refuse-turn-1 = turn 1: {$problem}
bb-refuse-day-over = the walker's day is over
bb-refuse-discard-not-at-break = discard and replace are for the lunch and coffee turns (7)
# Variables: $problem
bb-refuse-walk = walk: {$problem}
# Variables: $card
bb-refuse-not-walking-card = {$card} is not a walking card
bb-refuse-no-chocolate = no chocolate to play (buy a bar at a café first, 6.3)
# The Heavy Rucksack's carrier is one circle and one triangle short (10.1).
# Variables: $problem, $card, $chocolate (yes when a bar doubles the card)
bb-refuse-route-needs-carrier = {$problem} ({$card}{ $chocolate ->
    [yes] {" "}with chocolate
   *[no] {""}
} less one circle and one triangle for the Heavy Rucksack, 10.1{ $chocolate ->
    [yes] , then doubled, 10.2
   *[no] {""}
})
# Variables: $total (coins of 50p), $money
bb-refuse-money = {$total} × 50p needed, the walker has {$money}
# Variables: $space
bb-refuse-enters-twice = the route enters {$space} twice (11.1)
# Variables: $need-circles, $need-triangles, $circles, $triangles (what the card gives)
bb-refuse-route-needs = the route needs { $need-circles ->
    [one] 1 circle
   *[other] {$need-circles} circles
} and { $need-triangles ->
    [one] 1 triangle
   *[other] {$need-triangles} triangles
}, the card gives {$circles} and {$triangles}
# Variables: $from, $to
bb-refuse-no-path = there is no path from {$from} to {$to}
# Variables: $to, $from, $way (the locations on the way, spaced)
bb-refuse-not-next-to = {$to} is not next to {$from} nor along a path from it; name the places on the way, e.g. {$way}
bb-refuse-break-nobody-moves = lunch and coffee: nobody moves (7.2); write "discard CARD", and at a café "tea" or "replace CARD ..."
bb-refuse-break-cafe-needed = tea and replacing cards need a café (7.4)
# Variables: $problem
bb-refuse-discard = discard: {$problem}
# Variables: $problem
bb-refuse-replace = replace: {$problem}
bb-refuse-tea-first-turn = no tea on the first turn of a round: the waitresses are busy (3.1.2)
# Variables: $space
bb-refuse-tea-no-cafe = tea: {$space} has no café
# Variables: $problem
bb-refuse-tea = tea: {$problem}
# Variables: $card, $hand (the cards held, separated by commas)
bb-refuse-no-card = no {$card} card in the hand [{$hand}]
bb-refuse-give-rucksack-not-carried = give rucksack: this walker does not carry the Heavy Rucksack (10.4, B&B-18)
bb-refuse-take-rucksack-carried = take rucksack: this walker carries the Heavy Rucksack already (10.4, B&B-18)
bb-refuse-take-rucksack-not-in-play = take rucksack: the Heavy Rucksack is not in play (10.1, 10.4, B&B-18)
bb-refuse-vote-no-walker = vote: no such walker
bb-refuse-vote-day-over = vote: that walker's day is over; vote for a walker still out (10.5)
bb-refuse-lake-landing-only = on the lake: only a ferry landing ("ferry STOP") is possible
bb-refuse-lake-wait = on the lake: nothing can be done until the next ferry turn
# Variables: $time
bb-refuse-ferry-time = ferry: ferries run at twenty past the hour, not at {$time} (8.3)
# Variables: $stop
bb-refuse-ferry-not-a-stop = ferry: {$stop} is not a ferry stop
bb-refuse-ferry-same-stop = ferry: the trip must go to another stop
# Variables: $problem
bb-refuse-ferry-swap = ferry: swap: {$problem}
# Variables: $time
bb-refuse-bus-time = bus: buses run at twenty to the hour, not at {$time} (8.4)
# Variables: $stop
bb-refuse-bus-not-a-stop = bus: {$stop} is not a bus stop
# Variables: $from, $to
bb-refuse-bus-no-route = bus: no bus route runs from {$from} to {$to}
# Variables: $problem
bb-refuse-bus-swap = bus: swap: {$problem}

## The order echo: what sealed orders leave to the rules, and what the second turn will find.

# Variables: $turn (1 or 2 of the round), $card
bb-note-discards-weakest = turn {$turn}: no card named to discard — discards the weakest, {$card}
# Variables: $turn
bb-note-discards-weakest-unknown = turn {$turn}: no card named to discard — discards the weakest
# Variables: $turn
bb-note-no-move = turn {$turn}: no move — the walker rests
# Variables: $turn, $space
bb-note-no-bar-bought = turn {$turn}: buy chocolate: the turn ends at {$space}, which has no café — no bar is bought (6.3)
# Variables: $problem (a refusal), $space (where turn 1 leaves the walker)
bb-note-turn-2-foreseen = turn 2: {$problem} — from {$space}, where turn 1 leaves the walker unless it is bumped back; turn 2 is carried out only as far as it can be (B&B-7)

## A GM's map or deck file that cannot be used. $file is map or deck; ids, TOML keys and the
## TOML reader's own words ($message) stay as written; $place is where (bb-data-line, -path …).

# Variables: $file, $message
bb-data-syntax = { $file ->
    [map] map
   *[deck] deck
}: {$message}
# Variables: $file, $line, $message
bb-data-syntax-line = { $file ->
    [map] map
   *[deck] deck
}: line {$line}: {$message}
# Variables: $file, $format, $expected
bb-data-format = { $file ->
    [map] map
   *[deck] deck
}: format is "{$format}", expected "{$expected}"
# Variables: $file, $version, $expected
bb-data-version = { $file ->
    [map] map
   *[deck] deck
}: version {$version} is not one this postrider reads ({$expected})
# Variables: $file, $line
bb-data-line = { $file ->
    [map] map
   *[deck] deck
} line {$line}
bb-data-home = map: home
# Variables: $place, $path (its two ends, A-B)
bb-data-path = {$place}: path {$path}
# Variables: $place
bb-data-ferry = {$place}: ferry
# Variables: $place, $route (its number)
bb-data-bus = {$place}: bus route {$route}
# Variables: $place, $card (circles+triangles)
bb-data-walking = {$place}: walking {$card}
# Variables: $place, $id
bb-data-location-id = {$place}: location id "{$id}": use 1–12 letters, digits or '_'
# Variables: $place, $id
bb-data-location-twice = {$place}: location {$id} is defined twice
# Variables: $place, $id, $shape
bb-data-shape = {$place}: location {$id}: shape "{$shape}" is not "circle" or "triangle"
# Variables: $place
bb-data-too-many-locations = {$place}: more than 255 locations
# Variables: $place, $id
bb-data-unknown-location = {$place}: unknown location "{$id}"
# Variables: $place
bb-data-path-ends = {$place}: a path must join two different locations, once
# Variables: $place, $most
bb-data-too-many-spaces = {$place}: the map has more than {$most} spaces
# Variables: $place, $space (its number along the path), $symbol
bb-data-space-symbol = {$place}: space {$space} is '{$symbol}', not o, O, t or T
# Variables: $place, $stop
bb-data-stop-twice = {$place}: stop {$stop} is listed twice
# Variables: $place
bb-data-ferry-stops = {$place}: a ferry needs at least two stops
# Variables: $place
bb-data-route-twice = {$place}: the route number is used twice
# Variables: $place, $stop
bb-data-bus-stop = {$place}: stop "{$stop}" is not a location (buses stop only at locations)
# Variables: $place
bb-data-route-stops = {$place}: a route needs at least two stops
# Variables: $id, $home
bb-data-unreachable = map: location {$id} cannot be reached on foot from {$home}
# Variables: $place
bb-data-walking-symbols = {$place}: a walking card has 0–6 circles and 0–6 triangles, not both 0
# Variables: $place
bb-data-walking-locations = {$place}: name one location per card (locations = [...])
# Variables: $place, $id
bb-data-card-home = {$place}: a card cannot name {$id}, where the day starts and ends
# Variables: $named, $needed
bb-data-targets = deck: the cards name {$named} locations; at least {$needed} are needed to draw the targets (2.1)
# Variables: $most
bb-data-deck-size = deck: more than {$most} cards
# Variables: $problem
bb-data-default-deck = the default deck does not fit this map: {$problem}

## A day's set-up.

bb-setup-one-rule-set = rules: Backpacks & Blisters has one rule set, pbm-2.1
bb-setup-week-scoring = scoring: a walking week scores by the rules (5.1) and has no tables to change
