## Breaking Away: the turn bulletin and the turn report.
## Riders, teams and lines are given already named ($rider, $riders, $team, $line).

# Variables: $count ("one" when the points are exactly 1)
ba-points = {$points} { $count ->
    [one] point
   *[other] points
}
ba-squares = {$n} { $n ->
    [one] square
   *[other] squares
}
ba-riders = {$n} riders
ba-rider-card = {$rider} {$card}
ba-clause-separator = {"; "}
ba-sentence-end = .

ba-line-sprint-1 = Sprint 1
ba-line-sprint-2 = Sprint 2
ba-line-the-finish = the finish

## Headlines.

ba-head-wins = Team {$team} wins the race
# Variables: $teams (level in every respect, BA-17)
ba-head-share-win = Teams {$teams} share the win
ba-head-first-over-finish = {$rider} is first over the finish line
ba-head-finish-together = {$riders} cross the finish line first together
ba-head-takes-line = {$rider} takes {$line}
ba-head-share-line = {$riders} share {$line}
ba-head-breaks-away = {$rider} breaks away by {$lead}
ba-head-break-away = {$riders} break away
ba-head-finishes = {$rider} finishes {$place}
ba-head-place-at-line = {$riders} { $count ->
    [one] takes
   *[other] share
} {$place} at {$line}
ba-head-keeps-lead = {$rider} keeps the lead
ba-head-empty = The road is empty
ba-head-leads = {$rider} leads the race
ba-head-share-lead = {$riders} share the lead
ba-head-many-share-lead = {$n} riders share the lead

## The front of the race.

ba-front-over = The race is over after {$turns} turns, with {$n} { $n ->
    [one] rider
   *[other] riders
} over the finish line.
ba-front-empty = The road is empty: every rider has finished or retired.
ba-from-finish = {$n} { $n ->
    [one] square
   *[other] squares
} from the finish
ba-front-level = At the front, {$who} ride level, {$from-finish}.
# Variables: $an ("yes" when the card's number is read with "an": an 8, an 11)
ba-how-broke-away = broke away with { $an ->
    [yes] an
   *[no] a
} {$card} and leads alone
ba-how-kept-lead = kept the lead with { $an ->
    [yes] an
   *[no] a
} {$card}
ba-how-played = played { $an ->
    [yes] an
   *[no] a
} {$card} and leads
ba-how-leads = leads
ba-gap-clear = , {$squares} clear of {$who}
ba-gap-alone = , alone on the road
ba-front = Out in front, {$rider} {$how}{$gap}, {$from-finish}.

## Places at the lines.

ba-line-took = {$rider} took {$place} ({$points})
ba-line-shared = {$riders} shared {$place} ({$points} each)
ba-line-finished-no-points = {$rider} finished {$place} without points
# Variables: $first ("yes" for the sentence's first clause)
ba-line-clause = { $first ->
    [yes] At
   *[no] at
} {$line}, {$items}

## Teams that sent nothing.

ba-silent = { $count ->
    [one] Team {$teams} sent no moves, so its riders played their highest cards: {$played}
   *[other] Teams {$teams} sent no moves, so their riders played their highest cards: {$played}
}
ba-dropped = { $first ->
    [yes] The
   *[no] the
} { $count ->
    [one] dropped rider played its highest card
   *[other] dropped riders played their highest cards
}: {$items}

## The standings in a sentence.

ba-no-score = No team has scored yet.
# Variables: $over ("yes" once the race is over)
ba-standings-alone = Team {$team} { $over ->
    [yes] wins with
   *[no] leads the standings on
} {$points}.
# Variables: $teams (sharing first place), $over, $points (each)
ba-standings-shared = Teams {$teams} { $over ->
    [yes] share the win with
   *[no] share the lead on
} {$points} each.
# Variables: $second (the teams sharing second place), $count ("one" or "other": how many)
ba-standings-level = Team {$team} { $over ->
    [yes] wins with
   *[no] leads the standings on
} {$points}, level with { $count ->
    [one] team
   *[other] teams
} {$second} but ahead on its best-placed rider.
ba-standings-ahead = Team {$team} { $over ->
    [yes] wins with
   *[no] leads the standings on
} {$points}, {$margin} ahead of { $count ->
    [one] team
   *[other] teams
} {$second}.

## The reader's own team.

# Variables: $silent ("yes" when the team sent nothing)
ba-your-move = {$rider}{ $silent ->
    [yes] {""}
   *[no] {" played"}
} {$card} ({$from} → {$to})
ba-yours-none = Your riders did not race this turn
ba-yours-silent = You sent no moves, so your riders played their highest cards: {$moves}
ba-yours-moves = Your riders: {$moves}
ba-yours-award = {$riders} { $count ->
    [one] took
   *[other] shared
} {$place} at {$line} ({$points})
ba-yours-broke-away = {$riders} broke away
# Variables: $joint ("yes" when another team has the same place)
ba-yours-rank = team {$team} { $over ->
    [yes] finishes
   *[no] is
} { $joint ->
    [yes] joint {$place}
   *[no] {$place}
} of {$teams} { $over ->
    [yes] with
   *[no] on
} {$points}
ba-yours-no-score = no team has scored yet

## The text report (mail, the command line): its title and copy.

ba-rulebook-postal = postal rules 2.2
ba-rulebook-board = board-game rules
ba-title = BREAKING AWAY · {$rulebook}{$options} · {$what}
ba-title-turn = turn {$turn}
ba-title-before-turn = before turn {$turn}
ba-copy-gm = GM's copy: every hand and every replacement card.
ba-copy-team = Copy for team {$team}.
ba-copy-public = Public copy.
ba-first-team = Turn 1: team {$team} was drawn to move first; then clockwise, every rider 1, then 2, 3 and 4.
ba-no-moves-from = No moves received from: {$teams}. Their riders played their highest cards.

## Moves.

ba-moves = Moves, in the order they were made
ba-move-played = played {$card}
ba-note-nmr = {"  "}(no orders: highest card)
ba-note-highest = {"  "}(highest card: no card named)
ba-note-dropped = {"  "}(dropped: highest card)
ba-note-together = {"  "}= together
ba-key-together = {"  "}("= together": tied on every check, they moved simultaneously and share points, postal 8.2.5)

## The lines.

ba-line-title-sprint-1 = Sprint 1
ba-line-title-sprint-2 = Sprint 2
ba-line-title-finish = Finish
ba-line-at-postal = {$line} (between squares {$at} and {$next})
ba-line-at-board = {$line} (race distance {$at}, square {$square} of the loop)
ba-in-turn = {"  "}(turn {$turn})
ba-points-shared = {$points} each (shared)
ba-no-points = no points
ba-first-unknown = 1st was taken before this record begins.
ba-places-unknown = 1st–{$place} were taken before this record begins.

## Replacement cards (postal 7).

ba-replacements = Replacement cards (each team sees its own)
ba-replacement = ({$why}); hand now {$hand}
ba-why-none-ahead = no riders directly ahead
ba-why-one-ahead = 3 + 1 rider directly ahead
ba-why-string-ahead = 3 + {$n} riders in the string ahead
ba-why-broke-away = broke away: sole leader by {$lead}
ba-why-kept-lead = kept the sole lead
ba-why-alone = alone on the road
ba-why-crowded = crowded square on turn 1

## The road.

ba-road = The road ({$n} { $n ->
    [one] rider
   *[other] riders
} racing; back {$back}, front {$front}; '|' marks a line)
ba-road-gap = ({$n} empty { $n ->
    [one] square
   *[other] squares
})
ba-road-dropped = {" "}(dropped)
ba-road-square = (sq {$square})
ba-road-sole-leader = {"   "}◀ sole leader

## Standings and the result.

ba-team-standings = Team standings
# A team's place in the standings. Variables: $rank
ba-rank = {$rank}.
# Variables: $points (already padded), $count
ba-points-word = {$points} { $count ->
    [one] point
   *[other] points
}
ba-best-finisher = {"   "}best finisher {$place}
ba-race-over = THE RACE IS OVER. Team {$team} wins.
ba-race-over-shared = THE RACE IS OVER. Teams {$teams} share the win.
ba-finishing-order = Finishing order:
ba-points-in-all = ({$points} points in all)

## Between turns.

ba-not-started = The race has not started. Line-ups received:
ba-received-sealed = received (sealed)
ba-not-yet = not yet
ba-riders-heading = Riders
ba-status-dropped = {" "}dropped
ba-status-retired = {" "}retired
ba-status-finished = {" "}finished {$place}
ba-hand = hand {$cards}
# Between a hand's cards (ba-hand, ba-replacement).
ba-card-separator = {" "}
ba-cards = {$n} cards
ba-rider-row = distance {$distance}  points {$points}
ba-orders-for-turn = Orders for turn {$turn}

## The report on the page: its tables.

ba-view-title = Turn {$turn}
ba-rule = postal {$number}
ba-col-rider = Rider
ba-col-card = Card
ba-col-from = From
ba-col-to = To
ba-col-note = Note
ba-col-place = Place
ba-col-points = Points
ba-col-turn = Turn
ba-col-why = Why
ba-col-hand-now = Hand now
ba-col-team = Team
ba-col-best-finisher = Best finisher
ba-mark-no-orders = no orders
ba-mark-highest = highest card
ba-mark-dropped = dropped
ba-mark-together = together
ba-mark-key-no-orders = no orders: the team sent no orders, so the rider played its highest card
ba-mark-key-highest = highest card: the team's orders named no card for this rider, so it played its highest card
ba-mark-key-dropped = dropped: a dropped rider without orders plays its highest card
ba-mark-key-together = together: tied on every check, these riders moved at the same time and share the points of the places they took
ba-key-open = {" "}(
ba-key-close = ).
ba-banner = The race is over. Team {$team} wins.
ba-banner-shared = The race is over. Teams {$teams} share the win.

## The line-up's limits and an example: the welcome mail, the first reminder, the order form.
# Variables: $low, $high, $rule (ba-lineup-rule-*)
ba-lineup-help = Before the race, choose each rider's starting cards, numbers from {$low} to {$high} ({$rule}):
# Variables: $rule (its number)
ba-lineup-rule-postal = postal {$rule}
ba-lineup-rule-board = board: set-up
# Variables: $grade, $count (ba-lineup-cards*), $bound (ba-lineup-exactly or -at-most)
ba-lineup-limit = {$grade}: {$count}, adding up to {$bound}
# Variables: $n
ba-lineup-cards = {$n} cards
# Variables: $fewest, $most
ba-lineup-cards-range = {$fewest} or {$most} cards
# Variables: $total
ba-lineup-exactly = exactly {$total}
# Variables: $total
ba-lineup-at-most = at most {$total}
# Variables: $example
ba-lineup-example = For example: {$example}
ba-lineup-turn-one = and turn 1's card for each rider, one of its own, e.g. A 10 B 9 C 9 D 6; a rider without an order plays its highest card. A team that sends no line-up starts with the example.

## The order echo: what sealed orders leave to the rules (postal 9.1 as docs/rulings.md reads it).

# Variables: $rider (its letter), $card
ba-note-highest-card = {$rider}: no order — plays its highest card, {$card}
# Variables: $rider
ba-note-highest-card-unknown = {$rider}: no order — plays its highest card

## A race's set-up: the rule set, the board game's options, a season's scoring tables.

# Variables: $field, $problem
ba-setup-field = {$field}: {$problem}
# Variables: $name
ba-setup-unknown-rule-set = unknown rule set "{$name}" (expected "postal-2.2" or "board")
# Variables: $name, $names (every option's name)
ba-setup-unknown-option = unknown option "{$name}" (expected one of {$names})
# Variables: $options
ba-setup-postal-options = options: {$options} belong to the board rules, not postal-2.2
# Variables: $table (finish or sprint), $places
ba-setup-scoring-table = scoring.{$table}: at most {$places} places of at most 1000 points
ba-setup-scoring-team-riders = scoring.team_riders: a team has 1 to 4 riders to count

## A GM's action on a rider (drop, retire, reinstate).

# Variables: $name, $example (a rider's name written right)
ba-gm-unknown-rider = rider "{$name}": no such rider (write team-grade, e.g. {$example}-A)
# Variables: $status (racing, dropped, retired, finished), $place (when finished), $over (yes or no)
ba-gm-rider-status = rider: cannot do that to a rider who is { $status ->
    [racing] racing
    [dropped] dropped
    [retired] retired
   *[finished] finished ({$place})
}{ $over ->
    [yes] {" "}(the race is over)
   *[no] {""}
}
ba-gm-not-started = the race has not started, there is no position yet
