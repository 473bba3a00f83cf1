## 図のラベル（コース、地図、テーブル）：題、凡例、しるし。

pic-you = （あなた）
# Variables: $name
pic-name-yours = {$name}（あなた）

## バックパックス＆ブリスターズの地図（地名は地図のとおり）。

# Variables: $map
pic-bb-label = 地図：{$map}
# Variables: $n
pic-bb-points = {" · "}{$n}点
# Variables: $number, $name
pic-bb-bus-route = バス{$number}番 {$name}
# Variables: $id
pic-bb-target = 目標地点：{$id}
# Variables: $walker, $from, $to
pic-bb-walked = {$walker}：{$from}から{$to}へ
# Variables: $walker, $space, $yours ("yes" for the reader's own walker)
pic-bb-walker-at = {$walker}：{$space}{ $yours ->
    [yes] （あなた）
   *[no] {""}
}
pic-bb-key = 凡例
pic-bb-key-circle = ○で入る場所
pic-bb-key-triangle = △で入る場所
pic-bb-key-keswick = Keswick：スタートとゴール
pic-bb-key-space = 小さなマス（○か△で入る）
pic-bb-key-viewpoint = 景勝地・展望地点：1点
pic-bb-key-target = ★ その日の目標地点
pic-bb-key-ferry = フェリー乗り場
pic-bb-key-bus = バス路線（停留所に番号）
pic-bb-key-walker = ハイカー（文字と色）
pic-bb-key-labels = ラベル：ID 名前（ターン終了時の得点）· カフェ · フェリー · バス路線
pic-bb-cafe = カフェ
pic-bb-ferry = フェリー
# Variables: $routes
pic-bb-buses = バス{$routes}

## ブレイキング・アウェイのコース。

# Variables: $turn
pic-ba-label = 第{$turn}ターン後のコース
pic-ba-sprint-1 = スプリント1
pic-ba-sprint-2 = スプリント2
pic-ba-finish = ゴール
# Variables: $rider, $from, $to
pic-ba-moved = {$rider}：{$from}から{$to}へ
# Variables: $rider, $square
pic-ba-rider-on = {$rider}：{$square}マス目
pic-ba-yours = （あなたの選手）
# Variables: $jersey
pic-ba-jersey = 、{$jersey}
pic-ba-sole-leader = 、単独トップ
pic-ba-dropped = 、脱落
pic-ba-glance-label = 第{$turn}ターン後のレース：集団とその差
pic-ba-group-together = 全員が一団
pic-ba-group-breakaway = 逃げ集団
pic-ba-group-chasers = 追走集団
pic-ba-group-peloton = メイン集団
pic-ba-group-stragglers = 遅れた集団
pic-ba-group-name = {$group}（{$riders}人）
pic-ba-group-square = {$square}マス目
pic-ba-group-squares = {$back}〜{$front}マス目
pic-ba-group-gap = {$squares}マス後方
pic-ba-line-ahead = {$line}（{$square}マス目の先）まであと{$squares}マス
pic-ba-finished = ゴール順
# Variables: $place
pic-ba-place = {$place}位

## The chart of a game so far (every game: one line per rider or walker).

# Variables: $quantity (distance, points)
pic-chart-quantity = { $quantity ->
    [distance] 距離
   *[points] 得点
}
# Variables: $quantity, $noun (the game's turn noun: turn, round)
pic-chart-label = { $noun ->
    [round] ラウンド
   *[other] ターン
}ごとの{ $quantity ->
    [distance] 距離
   *[points] 得点
}
# Variables: $noun (the game's turn noun: turn, round)
pic-chart-turn = { $noun ->
    [round] ラウンド
   *[other] ターン
}
