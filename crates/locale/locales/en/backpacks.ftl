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
bb-on-path = on the path from {$from} to {$to}, {$k} of {$n}
bb-on-lake = on the lake

## Headlines.

bb-head-wins = {$walker} wins the day
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
bb-scored-most = {$when}: {$walker} scored most, {$points}.
bb-scored-most-level = {$when}: {$walkers} scored most, {$points} each.
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

## The standings in a sentence.

bb-next = {"; "}next: {$time}
# Variables: $over ("yes" once the day is over)
bb-standings-alone = {$walker} { $over ->
    [yes] wins the day with
   *[no] leads on
} {$points}{$next}.
bb-nobody-has-a-point = Nobody has a point yet{$next}.
bb-standings-level = {$walker} { $over ->
    [yes] wins the day with
   *[no] leads on
} {$points}, level with {$second}{$next}.
bb-standings-ahead = {$walker} { $over ->
    [yes] wins the day with
   *[no] leads on
} {$points}, {$margin} ahead of {$second}{$next}.

## The reader's own walker.

bb-did-rested-nmr = rested {$at} (no orders)
bb-did-rested = rested {$at}
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
bb-not-back = You were not back by 18:00
bb-walk-done = Your day's walk is done
bb-this-round = {$points} this round
bb-your-standing = you { $over ->
    [yes] finish
   *[no] are
} {$place} of {$walkers} { $over ->
    [yes] with
   *[no] on
} {$points}
