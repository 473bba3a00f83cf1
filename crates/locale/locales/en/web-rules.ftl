## Breaking Away's order form: the line-up builder before the race, the riders' menus during it.

# Variables: $low, $high, $rules (a link to the line-up rules, reading ba-form-lineup-rules)
ba-form-lineup-lead = Choose each rider's starting cards: whole numbers from {$low} to {$high}, within the rider's limits ({$rules}), and the card it plays on turn 1.
ba-form-lineup-rules = the line-up rules
# Variables: $n
ba-form-limits-cards = {$n} cards
# Variables: $fewest, $most
ba-form-limits-cards-or = {$fewest} or {$most} cards
# Variables: $cards (ba-form-limits-cards), $total
ba-form-limits-exactly = {$cards}, adding up to exactly {$total}
# Variables: $cards, $total
ba-form-limits-at-most = {$cards}, adding up to at most {$total}
# A rider's fieldset. Variables: $name, $limits
ba-form-rider-limits = {$name}: {$limits}
# Variables: $n
ba-form-card = Card {$n}
# Variables: $n
ba-form-card-optional = Card {$n} (optional)
# Before the running total.
ba-form-total = Total
# After the running total. Variables: $total
ba-form-total-exactly = of exactly {$total}
# Variables: $total
ba-form-total-at-most = of at most {$total}
ba-form-outside-limits = outside the limits
# Variables: $name
ba-form-first-card = Turn 1: the card {$name} plays
ba-form-first-card-help = One of its cards above; left empty, it plays its highest.
ba-form-for-example-colon = For example:
# After the example line-up (and its rule).
ba-form-default-lineup = . A team that sends no line-up starts with it.
ba-form-seal-lineup = Seal the line-up and turn 1
ba-form-check-totals = Check the totals
ba-form-typed = Or type the line-up and turn 1
ba-form-lineup-label = Line-up: each rider's starting cards
ba-form-for-example = For example
ba-form-sentence-end = .
ba-form-orders-label = Turn 1: a card for each rider
ba-form-left-out = ; a rider left out plays its highest card.
ba-form-seal-orders = Seal orders
ba-form-race-lead = A card for each rider, from its hand. A rider left on "highest" plays its highest card
ba-form-play-highest = Play my highest cards
# Variables: $square, $points (already written as points)
ba-form-rider-state = Square {$square}, {$points} points. Hand:
# The menu's first choice. Variables: $card
ba-form-highest-card = highest, {$card}
ba-form-highest = highest

## Backpacks & Blisters' order form: a walker's standing, then a menu per turn of the round
## (the moves grouped by where they end), the weather card and the Heavy Rucksack vote.

# Variables: $time, $weather (bb-form-sunny or bb-form-cloudy)
bb-form-now = {$time}, {$weather}.
bb-form-sunny = sunny
bb-form-cloudy = cloudy
# Before where the walker is.
bb-form-you-are = You are
bb-form-on-the-lake = on the lake
# After where the walker is. Variables: $points, $money, $chocolate
bb-form-standing = ; {$points} points; money {$money}; chocolate {$chocolate}.
bb-form-hand = Hand:
# After the hand. Variables: $card (a card, or bb-form-no-card)
bb-form-to-come = ; the card to come: {$card}.
bb-form-no-card = none
bb-form-targets = Targets:
bb-form-reached = (reached)
bb-form-comma = ,
bb-form-sentence-end = .
# A turn's fieldset. Variables: $n, $time, $from (where the turn starts)
bb-form-turn = Turn {$n} ({$time}), from {$from}
# Variables: $n, $time, $note (what is special: ferries run), $from
bb-form-turn-note = Turn {$n} ({$time}, {$note}), from {$from}
bb-form-ferries-run = ferries run
bb-form-buses-run = buses run
bb-form-lunch = lunch: nobody moves
bb-form-coffee = coffee: nobody moves
bb-form-move-label = Where to, and how
bb-form-move-help = Each place once, by its best way (the smallest card, no chocolate); "+N" is what ending there scores.
# A choice of the menu: where it leads, and how. Variables: $place, $how
bb-form-option = {$place}: {$how}
bb-form-group-targets = Your targets
bb-form-group-cafes = Cafés
bb-form-group-ferry = By ferry
bb-form-group-bus = By bus
bb-form-group-places = Other places
bb-form-group-paths = Towards places out of reach
# Variables: $moves (how many moves the full list has)
bb-form-every = Every way to go ({$moves} moves)
bb-form-fewer = Each place once
bb-form-stay-on-lake = Stay on the lake
# Variables: $place
bb-form-stay = Stay: {$place}
# A space of a path, seen from where the walker is. Variables: $place (the end the walk heads for), $from (the other end), $step (from $from), $steps
bb-form-towards = towards {$place}, {$step} of {$steps} steps from {$from}
bb-form-a-target = {" · "}a target
# Variables: $points
bb-form-gain = {" · "}+{$points}
bb-form-rest-no-tea = rest (no tea)
bb-form-launch-lands = no order: the launch lands where it was boarded
bb-form-rest = rest
# Variables: $card
bb-form-play-without-moving = play {$card} without moving
# Variables: $card, $steps
bb-form-walk = walk with {$card}, { $steps ->
    [one] {$steps} step
   *[other] {$steps} steps
}
# Variables: $card, $steps
bb-form-walk-chocolate = walk with {$card} and a bar of chocolate, { $steps ->
    [one] {$steps} step
   *[other] {$steps} steps
}
bb-form-tea = tea (50p): +3
bb-form-land = land from the launch
bb-form-ferry = ferry (50p)
bb-form-bus = bus (50p)
bb-form-blister = play the blister card (no move)
bb-form-discard-label = Card to discard (7.2)
bb-form-discard-weakest = the weakest (a blister, or the smallest card)
bb-form-buy = buy a bar of chocolate at the end of the turn (at a café, 50p)
bb-form-finish = finish the day if I end the turn in Keswick
bb-form-plan = Show turn 2 from there
bb-form-weather-label = If you draw a change-of-weather card (9.1)
bb-form-weather-discard = discard it
bb-form-weather-sunny = play it if it makes the weather sunny
bb-form-weather-cloudy = play it if it makes the weather cloudy
bb-form-vote-label = Heavy Rucksack vote (10.5)
bb-form-no-vote = no vote
bb-form-plan-help = Turn 2's places follow from turn 1: after changing turn 1, press "Show turn 2 from there" (with scripts on, turn 2 follows by itself). If turn 1 does not go as planned, turn 2 is carried out as far as it can be (B&B-7).
bb-form-seal-orders = Seal orders
bb-form-typed = Or type your orders
# Variables: $example (orders, as code), $help (a link reading bb-form-orders-help)
bb-form-typed-label = Orders for both turns of the round, for example {$example} (see {$help})
bb-form-orders-help = the orders help

## A rule cited on the order form, around its link: ` (postal 3.2)`.
ba-form-rule-open = {" "}(
ba-form-rule-close = )
