## The pictures' labels (the track, the map, the table): titles, legends, marks.

pic-you = {" (you)"}
# Variables: $name
pic-name-yours = {$name}, you

## Backpacks & Blisters' map (place names are the map's own).

# Variables: $map
pic-bb-label = The map: {$map}
# Variables: $n
pic-bb-points = {" · "}{$n} pt
# Variables: $number, $name
pic-bb-bus-route = bus {$number} {$name}
# Variables: $id
pic-bb-target = target: {$id}
# Variables: $walker, $from, $to
pic-bb-walked = {$walker} from {$from} to {$to}
# Variables: $walker, $space, $yours ("yes" for the reader's own walker)
pic-bb-walker-at = {$walker} at {$space}{ $yours ->
    [yes] {", you"}
   *[no] {""}
}
pic-bb-key = Key
pic-bb-key-circle = location entered with a circle
pic-bb-key-triangle = location entered with a triangle
pic-bb-key-keswick = Keswick: start and finish
pic-bb-key-space = small space (○ or △ to enter)
pic-bb-key-viewpoint = beauty spot or viewpoint: 1 point
pic-bb-key-target = ★ one of the day's targets
pic-bb-key-ferry = ferry stop
pic-bb-key-bus = bus route (numbered at its stops)
pic-bb-key-walker = a walker (letter and colour)
pic-bb-key-labels = Labels: ID name (points for ending a turn there) · café · ferry · bus routes
pic-bb-cafe = café
pic-bb-ferry = ferry
# Variables: $routes
pic-bb-buses = bus {$routes}

## Breaking Away's track.

# Variables: $turn
pic-ba-label = The track after turn {$turn}
pic-ba-sprint-1 = Sprint 1
pic-ba-sprint-2 = Sprint 2
pic-ba-finish = Finish
# Variables: $rider, $from, $to
pic-ba-moved = {$rider} from square {$from} to {$to}
# Variables: $rider, $square
pic-ba-rider-on = {$rider} on square {$square}
pic-ba-yours = {", yours"}
# Variables: $jersey
pic-ba-jersey = {", "}{$jersey}
pic-ba-sole-leader = {", sole leader"}
pic-ba-dropped = {", dropped"}
pic-ba-glance-label = The race after turn {$turn}: its groups and gaps
pic-ba-group-together = All together
pic-ba-group-breakaway = Breakaway
pic-ba-group-chasers = Chasers
pic-ba-group-peloton = Peloton
pic-ba-group-stragglers = Stragglers
# A group's name and how many riders it has: "Peloton (6)".
pic-ba-group-name = {$group} ({$riders})
pic-ba-group-square = square {$square}
pic-ba-group-squares = squares {$back}–{$front}
pic-ba-group-gap = { $squares ->
    [one] 1 square behind
   *[other] {$squares} squares behind
}
# A line still ahead, across the picture: "Sprint 1 after square 40: 10 to go" (a line lies
# between two squares, postal 4.3: a rider on square 40 has 1 to go).
pic-ba-line-ahead = {$line} after square {$square}: {$squares} to go
pic-ba-finished = Finished
# Variables: $place
pic-ba-place = {$place}.

## The chart of a game so far (every game: one line per rider or walker).

# Variables: $quantity (distance, points)
pic-chart-quantity = {$quantity}
# Variables: $quantity, $noun (the game's turn noun: turn, round)
pic-chart-label = {$quantity} over the { $noun ->
    [round] rounds
   *[other] turns
}
# Variables: $noun (the game's turn noun: turn, round)
pic-chart-turn = { $noun ->
    [round] round
   *[other] turn
}
