## Goofspiel: the round report, its page and its bulletin. Cards are numbers; names are the
## players' own.

# Variables: $n
gs-points = {$n} { $n ->
    [one] point
   *[other] points
}
# Variables: $n
gs-podium-points = {$n} points
gs-separator = {"; "}
gs-name-separator = {", "}
# Variables: $name
gs-name-you = {$name} (you)

## The bulletin.

# Variables: $name, $prize, $high
gs-head-takes = {$name} takes the {$prize} with a {$high}
# Variables: $prize, $tied, $high
gs-head-discarded = The {$prize} is discarded: {$tied} tie at {$high}
# Variables: $round, $cards, $name, $high, $prize, $margin, $next
gs-story-takes = In round {$round} of {$cards}, {$name} bid {$high} for the {$prize}, {$margin} more than the next bid ({$next}), and takes it.
# Variables: $name, $high, $prize
gs-story-takes-alone = {$name} bid {$high} for the {$prize} and takes it.
# Variables: $round, $cards, $tied, $high, $prize
gs-story-tie = In round {$round} of {$cards}, {$tied} each bid {$high} for the {$prize}: a tied highest bid takes nothing, and the {$prize} is discarded.
# Variables: $name, $card
gs-story-silent-one = {$name} sent no orders and bid its lowest card, {$card}.
# Variables: $names, $cards
gs-story-silent-many = {$names} sent no orders and bid their lowest cards ({$cards}).
# Variables: $leading, $points
gs-story-over-wins = The game is over: {$leading} wins with {$points}.
# Variables: $leading, $points
gs-story-over-share = The game is over: {$leading} share the win with {$points} each.
gs-story-nobody = Nobody has scored yet.
# Variables: $leading, $points, $margin, $second
gs-story-leads-ahead = {$leading} leads with {$points}, {$margin} ahead of {$second}.
# Variables: $leading, $points
gs-story-leads = {$leading} leads with {$points}.
# Variables: $leading, $points
gs-story-share-lead = {$leading} share the lead with {$points}.
# Variables: $prize
gs-story-next-prize = The next prize is the {$prize}.
# Variables: $prize
gs-you-took = took the {$prize}
gs-you-took-nothing = took nothing
# Variables: $bid, $nmr ("yes" when the reader sent no orders), $outcome, $points, $place
gs-yours = You bid {$bid}{ $nmr ->
    [yes] {" (no orders: your lowest card)"}
   *[no] {""}
} and {$outcome}; you have {$points}, {$place} place.

## The report.

# Variables: $cards, $what
gs-title = GOOFSPIEL · {$cards} cards · {$what}
# Variables: $round, $cards
gs-title-round = round {$round} of {$cards}
gs-title-over = the game is over
gs-title-set-up = set up
gs-not-started = Not started.
# Variables: $prize
gs-the-prize = The prize: {$prize}
gs-bids = Bids:
gs-scores = Scores:
# Variables: $prize
gs-bid-takes = takes the {$prize}
gs-bid-tied = tied highest: takes nothing
gs-bid-nmr = no orders: lowest card
# Variables: $cards
gs-discarded = {" "}Discarded: {$cards}.
# Variables: $prize
gs-prize-last = The prize face up: {$prize} (the last).
# Variables: $prize, $n
gs-prize-face-up = The prize face up: {$prize} ({$n} more face down).
gs-over = The game is over.
# Variables: $cards
gs-face-down = Face down, the next first (the GM's copy only): {$cards}.
# Variables: $rank
gs-rank = {$rank}.
# Variables: $score (already padded), $taken, $hand
gs-score-line = {$score}  took: {$taken}  hand: {$hand}

## The page.

# Variables: $round
gs-view-title = Round {$round}
# Variables: $names
gs-no-orders-from = No orders received from: {$names} (a player who sends nothing bids their lowest card, rule 5).
# Variables: $prize
gs-bids-for = The bids for the {$prize}
gs-col-player = Player
gs-col-bid = Bid
gs-col-result = Result
gs-col-points = Points
gs-col-taken = Taken
gs-col-hand = Hand
gs-key = The single highest bid takes the prize; a tied highest bid takes nothing (rule 3).
gs-scores-heading = Scores
# Variables: $winners, $n (how many share the win), $best
gs-banner = The game is over. {$winners} { $n ->
    [one] wins
   *[other] share the win
} with {$best} points.

## The game's opening.

# Variables: $prize, $n
gs-setup-note = The first prize is the {$prize}; {$n} more lie face down.

## Goofspiel (the third game, for the tests): a seat's bid.

gs-orders-no-bid = orders: no bid given (send `bid 7` or just `7`)
# Variables: $text (the orders as typed)
gs-orders-not-one-bid = orders: "{$text}" is not one bid (send `bid 7` or just `7`)
# Variables: $word
gs-orders-not-a-number = bid: "{$word}" is not a card number
# Variables: $card, $cards (the highest card of the game)
gs-orders-no-such-card = bid: {$card} is not a card of this game (1 to {$cards})
# Variables: $card, $hand
gs-orders-not-in-hand = bid: {$card} is not in your hand ({$hand})
gs-orders-over = orders: the game is over

## Goofspiel's table.

# Variables: $round, $cards
pic-gs-round = Round {$round} of {$cards}
# Variables: $cards
pic-gs-over = The game is over after {$cards} rounds
# Variables: $round, $cards
pic-gs-round-words = round {$round} of {$cards}
# Variables: $cards
pic-gs-over-words = the game is over after {$cards} rounds
# Variables: $when, $prize
pic-gs-label-prize = The table, {$when}: the prize is the {$prize}
# Variables: $when
pic-gs-label = The table: {$when}
# Variables: $n
pic-gs-face-down = {$n} { $n ->
    [one] prize
   *[other] prizes
} face down
# Variables: $cards
pic-gs-discarded = discarded: {$cards}
pic-gs-prize = prize
pic-gs-prize-over = over
# Variables: $n
pic-gs-score = {" · "}{$n} pt
pic-gs-took-nothing = took nothing
# Variables: $cards
pic-gs-took = took {$cards}
# Variables: $bid
pic-gs-bid = bid {$bid}

## The game's name, where pages name it (`game-title-NAME`).

game-title-goofspiel = Goofspiel

# What a first-time player needs: the welcome mail, the first reminder, the order form.
# Variables: $cards (cards in each hand)
gs-first-orders = Each round a prize card is turned face up and every player bids one card from their hand, 1 to {$cards}. Send one bid, for example:
    {"  "}bid {$cards}
    (or just {$cards}). The single highest bid takes the prize; a tied highest bid takes nothing. A player who sends nothing bids their lowest card.

# A game's set-up. Variables: $cards (as given)
gs-setup-cards = cards: "{$cards}" is not a number of cards Goofspiel is played with (5, 9 or 13)
