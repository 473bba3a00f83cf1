## Breaking Away: the mistakes in a team's orders or line-up, one clause each; a line's
## mistakes are joined by the separator.

ba-orders-separator = {"; "}
# Variables: $word (as the player typed it)
ba-orders-not-rider-or-card = "{$word}" is not a rider (A, B, C or D) or a card
# Variables: $card
ba-orders-card-too-large = card {$card} is too large
# Variables: $rider (a grade letter)
ba-orders-rider-twice = rider {$rider} is given twice
# Variables: $card
ba-orders-card-before-rider = card {$card} comes before any rider (write e.g. "A {$card}")
ba-orders-none = no orders given (write e.g. "A 12 B 3 C 9 D 7")
# Variables: $rider
ba-orders-no-card = rider {$rider}: no card given
# Variables: $rider, $got
ba-orders-one-card-per-turn = rider {$rider}: one card per turn, got {$got}
# Variables: $rider
ba-orders-no-lineup-cards = rider {$rider}: no cards given (write e.g. "A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6")
# Variables: $rider, $count, $allowed, $rule (a rule as cited: postal 3.1)
ba-orders-card-count-exactly = rider {$rider}: {$count} cards, exactly {$allowed} allowed ({$rule})
# Variables: $rider, $count, $fewest, $most, $rule
ba-orders-card-count = rider {$rider}: {$count} cards, {$fewest} or {$most} allowed ({$rule})
# Variables: $rider, $card, $rule
ba-orders-card-outside = rider {$rider}: card {$card} is outside 1–15 ({$rule})
# Variables: $rider, $sum, $most, $rule
ba-orders-sum-over = rider {$rider}: cards sum to {$sum}, more than the {$most} allowed ({$rule})
# The board game's set-up, quoted. Variables: $rider, $number (the rider's number, 1–4), $sum, $total, $values (four: rider 1's 3 or 4 cards; three)
ba-orders-sum-not-exact = rider {$rider}: cards sum to {$sum}, not {$total} (board: set-up, "rider {$number} holds {$total} points and distributes them over { $values ->
        [four] 3 or 4 values
       *[three] 3 values
    }")
# Variables: $rider
ba-orders-no-rider = rider {$rider}: the team has no such rider
# Variables: $rider
ba-orders-not-racing = rider {$rider}: not racing any more, no orders needed
# Variables: $rider, $card, $hand (the rider's cards, lowest first)
ba-orders-not-in-hand = rider {$rider}: card {$card} is not in the hand [{$hand}]

## Every game: a refusal of the rules, as the order page and the mail's echo give it.

# A line-up that does not read. Variables: $reason
orders-refused-lineup-text = lineup: {$reason}
# A line-up that breaks the set-up's limits. Variables: $reason
orders-refused-lineup = line-up: {$reason}
# Variables: $reason
orders-refused-orders = orders: {$reason}

## Backpacks & Blisters: a mistake in a walker's orders for the round. The order words
## (walk, ferry, vote) and the map's ids stay as the player types them.

# A mistake named by its turn. Variables: $turn, $text
bb-orders-turn = turn {$turn}: {$text}
# A mistake named by its order word. Variables: $verb, $text
bb-orders-verb = {$verb}: {$text}
# Variables: $statement
bb-orders-bad-turn = "{$statement}": a turn is 1 or 2 (write "1: walk 4+2 WAL")
bb-orders-once-buy = buy chocolate
bb-orders-once-rucksack = a Heavy Rucksack order (give or take)
# Variables: $what (a statement: buy chocolate, finish), $statement
bb-orders-twice = {$what} given twice ("{$statement}")
# Variables: $what (weather or vote), $statement
bb-orders-twice-in-round = {$what} given twice in the round ("{$statement}"); it is one statement for both turns
# Variables: $statement
bb-orders-two-moves = two moves given for one turn ("{$statement}" is the second)
bb-orders-which-card = which card? (write "walk 4+2 WAL")
# Variables: $word
bb-orders-not-a-card = "{$word}" is not a card (write circles+triangles such as 4+2, or weather, or blister)
# Variables: $word, $from, $to (the path's ends), $same, $counted-back (the two spaces it may mean)
bb-orders-space-from-other-end = "{$word}" is not a space: the spaces between {$from} and {$to} are numbered from {$from}; the space is {$same} counting from {$from}, or {$counted-back} counting from {$to}
# Variables: $word
bb-orders-not-a-space = "{$word}" is not a space or location of the map
bb-orders-tea-form = expected "tea" or "tea discard CARD ..."
# Variables: $verb (ferry or bus)
bb-orders-where-to = where to? (write "{$verb} LOD")
# Variables: $word
bb-orders-not-a-location = "{$word}" is not a location of the map
# Variables: $words
bb-orders-expected-swap = "{$words}": expected "swap CARD"
# Variables: $verb (give or take)
bb-orders-write-rucksack = write "{$verb} rucksack"
bb-orders-rucksack-form = write "give rucksack [to WALKER]" or "take rucksack"
# Variables: $word, $walkers (every walker's name)
bb-orders-not-a-walker = "{$word}" is not a walker ({$walkers})
bb-orders-name-one-card = name one card (lunch and coffee, 7.2)
bb-orders-weather-form = write "weather sunny", "weather cloudy" or "weather discard"
bb-orders-name-one-walker = name one walker
# Variables: $word
bb-orders-not-an-order = "{$word}" is not an order (walk, rest, tea, ferry, bus, blister, buy chocolate, give/take rucksack, finish, discard, replace, weather, vote)
