## バックパックス＆ブリスターズ：ラウンドの速報。地名は地図のとおり（英語）。

bb-points = {$points}点
bb-sunny = 晴れ
bb-cloudy = 曇り
bb-clause-separator = 。
bb-sentence-end = 。
bb-arrival = {$n}番目

## ハイカーのいる場所。

bb-at = {$location}
bb-on-path = {$from}から{$to}への道（全{$steps}マス中{$step}マス目）
bb-on-lake = 湖上

## 場所と移動を言葉で（封印した命令の確認、報告、命令フォーム）。地点は名前で、道のマスは道のどこにあるかで。

bb-path-space = {$from}から{$to}への道（全{$steps}マス中{$step}マス目）
bb-path-point = {$from}と{$to}の間の全{$steps}マス中{$step}マス目
bb-black-space = { $viewpoint ->
    [yes] 展望地点
   *[no] 景勝地
}
bb-via = {$places}経由で
bb-way-to = {$from}から{$via}{$to}へ
bb-way-towards = {$from}から{$via}{$to}方面へ（全{$steps}マス中{$step}マス目）
bb-arrive = { $points ->
    [0] （{$time}までに到着）
   *[other] （{$time}までに到着、+{$points}）
}
bb-echo-turn = 第{$n}ターン（{$time}）：{$what}
bb-echo-separator = 。
bb-echo-rest = {$at}で休む
bb-echo-wait-on-lake = 湖上で待つ
bb-echo-walk = {$card}{ $chocolate ->
    [yes] とチョコレート
   *[no] {""}
}で{$way}歩く{$arrive}
bb-echo-walk-to = {$card}{ $chocolate ->
    [yes] とチョコレート
   *[no] {""}
}で{$to}へ歩く
bb-echo-walk-unknown = {$card}{ $chocolate ->
    [yes] とチョコレート
   *[no] {""}
}で歩く
bb-echo-walk-stay = {$at}で{$card}{ $chocolate ->
    [yes] とチョコレート
   *[no] {""}
}を出して移動しない
bb-echo-tea = {$at}でお茶（50ペンス、+3）
bb-echo-tea-replacing = {$at}でお茶（50ペンス、+3）、{$cards}を取り替える
bb-echo-ride = { $lake ->
    [yes] {$to}に上陸する{$arrive}
   *[no] { $ferry ->
        [yes] フェリー
       *[no] バス
    }で{$from}から{$to}へ（50ペンス）{$arrive}
}
bb-echo-swap = 、{$card}を交換
bb-echo-blister = {$at}で靴ずれのカードを出す
bb-echo-buy-chocolate = チョコレートを1個買う
bb-echo-take-rucksack = 重いリュックを受け取る
bb-echo-give-rucksack = 重いリュックを渡す
bb-echo-give-rucksack-to = 重いリュックを{$to}に渡す
bb-echo-finish = Keswickでターンを終えたら一日を終える
bb-echo-discard = {$card}を捨てる
bb-echo-replace = {$cards}を取り替える
bb-echo-weather-sunny = 天気カードを引いたら、晴れになるなら出す
bb-echo-weather-cloudy = 天気カードを引いたら、曇りになるなら出す
bb-echo-vote = 重いリュックを背負う人に{$walker}を投票

## 見出し。

bb-head-wins = {$walker}がこの日の勝者
bb-head-share-win = {$walkers}がこの日の勝利を分け合う
bb-head-nobody-back = 誰もKeswickに戻れず、この日の勝者はいない
bb-head-first-to-reach = {$walker}が{$location}に一番乗り
bb-head-reaches = {$walker}が{$order}に{$location}へ到着
bb-head-back = {$walker}がKeswickに帰着
bb-head-rucksack = 重いリュックは{$walker}の手に
bb-head-weather = 天気は{$weather}に
bb-head-nobody = まだ誰も得点していない
bb-head-leads = {$walker}が首位

## ラウンドの始まり。

bb-at-lunch = （昼食）
bb-at-coffee = （コーヒー休憩）
bb-when = {$times}{$special}、{$weather}
bb-scored-most = {$when}。このラウンドの最多得点は{$walker}（{$points}）。
bb-scored-most-level = {$when}。このラウンドの最多得点は{$walkers}（各{$points}）。
bb-nobody-scored = {$when}。得点者なし。

## 到達した目標地点。

bb-target-walker = {$walker}が{$order}{ $first ->
    [yes] に到着
   *[no] {""}
}（{$points}点）
bb-target-clause = {$location}には{$walkers}

## そのほかの出来事。

bb-rested-nmr = {$walkers}は命令を出さず休憩した
bb-rucksack-drawn = 抽選で重いリュックは{$to}が背負うことになった
bb-rucksack-voted = 投票で重いリュックが{$from}から{$to}に渡った
bb-rucksack-passed = 重いリュックが{$from}から{$to}に渡った
bb-rucksack-took = {$to}が重いリュックを背負った
bb-weather-card = {$walker}が天気カードで{$weather}にした
bb-back-in-keswick = {$walker}は{$time}にKeswickへ戻った
bb-lost-not-back = {$walkers}は18:00までにKeswickに戻れず、得点をすべて失ってこの日は負けとなった

## 順位を一文で。

bb-next = 。次は{$time}
bb-standings-alone = {$walker}が{$points}で{ $over ->
    [yes] この日の勝者
   *[no] 首位
}{$next}。
bb-nobody-has-a-point = まだ誰も得点していない{$next}。
bb-standings-nobody-back = 18:00までに誰もKeswickに戻れなかったので、この日の勝者はいない。
bb-standings-shared = {$walkers}がそれぞれ{$points}で{ $over ->
    [yes] この日の勝利を分け合う
   *[no] 首位に並ぶ
}{$next}。
bb-standings-ahead = {$walker}が{$points}で{ $over ->
    [yes] この日の勝者
   *[no] 首位
}、{$second}に{$margin}差{$next}。

## 読み手のハイカー。

bb-did-rested-nmr = {$at}で休憩（命令なし）
bb-did-rested = {$at}で休憩
bb-did-walked = { $n ->
    [0] 歩くカードを出したが{$at}から動かなかった
   *[other] {$n}マス歩いて{$at}へ
}
bb-did-walk-stayed = 歩くカードを出したが{$at}から動かなかった
bb-did-tea = {$at}でお茶
bb-did-ferry = フェリーで{$location}へ
bb-did-ferry-not-landed = フェリーに乗ったが着岸できなかった
bb-did-bus = バスで{$location}へ
bb-did-blister = {$at}で靴ずれの手当て
bb-did-break = {$at}で足を止めた
bb-did-afloat = 湖上で待った
bb-moved-back = 、押し戻された
bb-you-did = {$time}に{$what}{$moved-back}
bb-not-back = 18:00までにKeswickに戻れず、得点をすべて失ってこの日は負けとなった
bb-walk-done = 今日の歩きは終わった
bb-this-round = このラウンド{$points}点
bb-your-standing = あなたは{$walkers}人中{ $joint ->
    [yes] 同率{$place}
   *[no] {$place}
}（{$points}）
bb-your-no-point = まだ誰も得点していない

## ラウンドの報告（メール、コマンドライン）とそのページ：題と写し。

# Variables: $map, $what
bb-report-title = バックパックス＆ブリスターズ · {$map} · {$what}
# Variables: $round
bb-title-round = 第{$round}ラウンド
bb-title-end = 一日の終わり
# Variables: $round
bb-title-before-round = 第{$round}ラウンドの前
# Variables: $round, $times
bb-view-title = 第{$round}ラウンド（{$times}）
bb-copy-gm = GM用の写し：すべての手札とすべての注記。
# Variables: $walker
bb-copy-walker = {$walker}用の写し。
bb-copy-public = 公開用の写し。
# Variables: $walkers
bb-no-orders-from = 命令が届かなかったハイカー：{$walkers}（休憩した。B&B-11）。
bb-name-separator = 、
bb-list-separator = 、
bb-details-separator = 。
bb-report-the-lake = 湖上
bb-report-sunny = 晴れ
bb-report-cloudy = 曇り

## ターンの表：見出し、ハイカーごとの行とその注記。

# Variables: $time, $weather, $special
bb-turn-heading = {$time} · {$weather}{$special}
bb-turn-ferries = {" · フェリー運航"}
bb-turn-buses = {" · バス運行"}
bb-turn-lunch = {" · 昼食"}
bb-turn-coffee = {" · コーヒー休憩"}
# Variables: $at
bb-did-rested-at-nmr = {$at}で休憩（命令なし）
# Variables: $at
bb-did-rested-at = {$at}で休憩
bb-did-walk-no-step = {$card}を出した{ $chocolate ->
    [yes] （チョコレート付き）
   *[no] {""}
}（{$circles}○ {$triangles}△）が、{$path}から一歩も進めなかった
# Variables: $card, $chocolate ("yes" when a bar was eaten), $circles, $triangles, $path
bb-did-walked-path = {$card}で歩いた{ $chocolate ->
    [yes] （チョコレート付き）
   *[no] {""}
}（{$circles}○ {$triangles}△）：{$path}
# Variables: $card, $chocolate, $circles, $triangles, $way
bb-did-walked-way = {$card}{ $chocolate ->
    [yes] （チョコレート付き）
   *[no] {""}
}（{$circles}○ {$triangles}△）で{$way}歩いた
# Variables: $at
bb-did-tea-at = {$at}でお茶
# Variables: $place, $location
bb-did-ferry-from = フェリーで{$place}から{$location}へ
# Variables: $place, $location
bb-did-ferry-not-landed-from = フェリーで{$place}から{$location}へ向かったが着岸できず、湖上に
# Variables: $place, $location, $route
bb-did-bus-from = バスで{$place}から{$location}へ（{$route}番路線）
# Variables: $at
bb-did-blister-at = {$at}で靴ずれの手当て
# Variables: $at
bb-did-break-at = {$at}で足を止めた
# Variables: $place
bb-moved-back-to = {$place}に押し戻された（同じマスに後から着いたため。4.5）
# Variables: $scores
bb-scores = 得点：{$scores}
bb-day-done = Keswickに帰着、この日の歩きは終わり
# Variables: $cards
bb-drew = 引いたカード：{$cards}
# Variables: $note
bb-note = 注記：{$note}
bb-card-weather = 天気
bb-card-blister = 靴ずれ
bb-card-rucksack = リュック
bb-card-none-yet = まだなし

## 得点の理由。

# Variables: $location, $place (1st, 2nd …)
bb-score-target = 目標地点{$location}（{$place}）
bb-score-ferry = フェリーの旅
bb-score-tea = お茶
bb-score-rucksack-at-break = 休憩時に重いリュックを背負っていた
bb-score-finish = Keswickに帰着
bb-score-rucksack-home = 重いリュックを持ち帰った
bb-score-money = 残ったお金

## 命令どおりにならなかったこととその理由（$problem：命令の確認が述べた理由のまま）。

# Variables: $problem
bb-note-not-carried-out = 命令は実行されなかった：{$problem}
# Variables: $problem
bb-note-route-cut-short = 経路は途中まで：{$problem}
bb-note-finish-away = ゴール：ターン終了時にKeswickにいないため、一日は続く
bb-note-not-back = 18:00までにKeswickに戻れず、得点をすべて失ってこの日は負け（1.3、5.2）
bb-note-chocolate-no-cafe = チョコレート購入：ターン終了時にカフェにいない
bb-note-chocolate-no-money = チョコレート購入：お金が残っていない
# Variables: $location, $contested ("yes" when another ferry sought the same stop)
bb-note-ferry-not-landed = フェリーは{$location}に着岸できなかった（{ $contested ->
    [yes] 別のフェリーが同じ乗り場を目指したため
   *[no] 乗り場がふさがっていたため
}）。まだ湖上にいる
# Variables: $to
bb-note-rucksack-drawn = 重いリュックが引かれ、{$to}が背負う（10.1）。
# Variables: $from, $to, $sub-turn (13: the end of the turn)
bb-note-rucksack-handed = { $sub-turn ->
    [13] ターンの終わりに
   *[other] サブターン{$sub-turn}に
}重いリュックが{$from}から{$to}に渡った（10.4）。
# Variables: $from, $to
bb-note-rucksack-voted = 投票で重いリュックが{$from}から{$to}に渡った（10.5）。
# Variables: $walker, $weather
bb-note-weather-card = {$walker}が天気カードを出し、天気は{$weather}になった（9.1）。

## 現在の一日。

# Variables: $time, $round
bb-clock-next = 次は{$time}（第{$round}ラウンド）
bb-clock-over = 18:00、一日は終わった
# Variables: $when, $weather
bb-clock = 時刻：{$when}。天気：{$weather}。
# Variables: $name, $n
bb-target-reached = {$name}（到達{$n}人）
bb-target-separator = 、
# Variables: $targets
bb-targets = 目標地点：{$targets}。
# Variables: $walker, $time
bb-rucksack-carrier = 重いリュック：{$walker}（{$time}から）。
bb-rucksack-in-deck = 重いリュックはまだ山札の中。
bb-standings = 順位
# Variables: $rank
bb-rank = {$rank}位
bb-rank-none = －
# Variables: $points (already padded), $count
bb-report-points = {$points}点
bb-status-lost = 18:00までに戻れず、得点はすべて失われた
# Variables: $time
bb-status-back = {$time}にKeswickへ帰着
# Variables: $at
bb-status-at = {$at}
# Variables: $targets
bb-targets-reached = {"  "}目標地点：{$targets}
# Variables: $walker, $cards, $next, $money, $chocolate
bb-secrets = {$walker}の手札：［{$cards}］。次のターンの終わりに来るカード：{$next}。所持金{$money}。チョコレート{$chocolate}個。
# Variables: $walker
bb-sealed-orders = {$walker}の封印された命令：
# Variables: $walker
bb-day-over-wins = 一日が終わった。勝者は{$walker}。
bb-day-over-nobody = 一日が終わった。誰もKeswickに戻れず、勝者はいない。
# Variables: $walkers
bb-day-over-share = 一日が終わった。{$walkers}が勝利を分け合った。
# Variables: $walker
bb-banner-wins = 一日が終わった。勝者は{$walker}。
bb-banner-nobody = 一日が終わった。誰もKeswickに戻れず、勝者はいない。
bb-banner-share = 一日が終わった。{$walkers}が勝利を分け合った。
# Variables: $round
bb-orders-for-round = 第{$round}ラウンドの命令
bb-orders-done = この日は終了
bb-orders-sealed = 受領済み（封印）
bb-orders-not-yet = 未着
bb-col-walker = ハイカー
bb-col-did = 行動
bb-col-scores-notes = 得点と注記
bb-col-points = 得点
bb-col-where = 場所
bb-col-targets = 目標地点

## 命令の却下：読めるが、ハイカーのいる場所では実行できない命令。命令の名前（英語のまま）と規則の番号を添えます。地名は地図のとおり。

bb-refuse-day-over-vote-only = このハイカーの一日は終わっています。送れるのは投票だけです（10.5）
# Variables: $problem
bb-refuse-turn-1 = 第1ターン：{$problem}
bb-refuse-day-over = このハイカーの一日は終わっています
bb-refuse-discard-not-at-break = discard と replace は昼食とコーヒーのターンにだけ使えます（7）
# Variables: $problem
bb-refuse-walk = walk：{$problem}
# Variables: $card
bb-refuse-not-walking-card = {$card}は歩行カードではありません
bb-refuse-no-chocolate = 使えるチョコレートがありません（先にカフェで買ってください。6.3）
# Variables: $problem, $card, $chocolate
bb-refuse-route-needs-carrier = {$problem}。重いリュックを背負っているため、{$card}の○と△は1つずつ減ります（10.1）{ $chocolate ->
    [yes] 。チョコレートで2倍になるのはそのあとです（10.2）
   *[no] {""}
}
# Variables: $total, $money
bb-refuse-money = 50ペンス硬貨が{$total}枚必要ですが、{$money}枚しかありません
# Variables: $space
bb-refuse-enters-twice = 経路が{$space}に2度入ります（11.1）
# Variables: $need-circles, $need-triangles, $circles, $triangles
bb-refuse-route-needs = この経路には{$need-circles}○ {$need-triangles}△が要りますが、カードは{$circles}○ {$triangles}△です
# Variables: $from, $to
bb-refuse-no-path = {$from}から{$to}への道はありません
# Variables: $to, $from, $way
bb-refuse-not-next-to = {$to}は{$from}の隣でも、そこからの道の先でもありません。途中の場所を書いてください（例：{$way}）
bb-refuse-break-nobody-moves = 昼食とコーヒーの間は誰も動きません（7.2）。「discard CARD」と書き、カフェでは「tea」や「replace CARD ...」も書けます
bb-refuse-break-cafe-needed = お茶とカードの交換はカフェでしかできません（7.4）
# Variables: $problem
bb-refuse-discard = discard：{$problem}
# Variables: $problem
bb-refuse-replace = replace：{$problem}
bb-refuse-tea-first-turn = ラウンドの最初のターンにはお茶は飲めません。ウェイトレスが忙しいのです（3.1.2）
# Variables: $space
bb-refuse-tea-no-cafe = tea：{$space}にはカフェがありません
# Variables: $problem
bb-refuse-tea = tea：{$problem}
# Variables: $card, $hand
bb-refuse-no-card = 手札［{$hand}］に{$card}のカードがありません
bb-refuse-give-rucksack-not-carried = give rucksack：このハイカーは重いリュックを背負っていません（10.4、B&B-18）
bb-refuse-take-rucksack-carried = take rucksack：このハイカーはもう重いリュックを背負っています（10.4、B&B-18）
bb-refuse-take-rucksack-not-in-play = take rucksack：重いリュックはまだ場に出ていません（10.1、10.4、B&B-18）
bb-refuse-vote-no-walker = vote：そのハイカーはいません
bb-refuse-vote-day-over = vote：そのハイカーの一日は終わっています。まだ歩いているハイカーに投票してください（10.5）
bb-refuse-lake-landing-only = 湖上：できるのはフェリーの着岸（「ferry STOP」）だけです
bb-refuse-lake-wait = 湖上：次のフェリーのターンまで何もできません
# Variables: $time
bb-refuse-ferry-time = ferry：フェリーは毎時20分に出ます。{$time}には出ません（8.3）
# Variables: $stop
bb-refuse-ferry-not-a-stop = ferry：{$stop}はフェリー乗り場ではありません
bb-refuse-ferry-same-stop = ferry：別の乗り場へ行く便でなければなりません
# Variables: $problem
bb-refuse-ferry-swap = ferry：カードの交換：{$problem}
# Variables: $time
bb-refuse-bus-time = bus：バスは毎時40分に出ます。{$time}には出ません（8.4）
# Variables: $stop
bb-refuse-bus-not-a-stop = bus：{$stop}はバス停ではありません
# Variables: $from, $to
bb-refuse-bus-no-route = bus：{$from}から{$to}へのバス路線はありません
# Variables: $problem
bb-refuse-bus-swap = bus：カードの交換：{$problem}

## 命令の控え：ルールに任される部分と、第2ターンに起こること。

# Variables: $turn, $card
bb-note-discards-weakest = 第{$turn}ターン：捨てるカードの指定がないため、いちばん弱い{$card}を捨てます
# Variables: $turn
bb-note-discards-weakest-unknown = 第{$turn}ターン：捨てるカードの指定がないため、いちばん弱いカードを捨てます
# Variables: $turn
bb-note-no-move = 第{$turn}ターン：移動の命令がないため、休憩します
# Variables: $turn, $space
bb-note-no-bar-bought = 第{$turn}ターン：buy chocolate：ターンは{$space}で終わり、そこにはカフェがないため、チョコレートは買えません（6.3）
# Variables: $problem, $space
bb-note-turn-2-foreseen = 第2ターン：{$problem}。第1ターン後に（押し戻されずに）{$space}にいると仮定した判定です。第2ターンはできるところまで実行されます（B&B-7）

## GMの地図・デッキのファイルの誤り。ID、TOMLのキー、TOMLの読み手の言葉（$message）はそのまま。

# Variables: $file, $message
bb-data-syntax = { $file ->
    [map] 地図
   *[deck] デッキ
}：{$message}
# Variables: $file, $line, $message
bb-data-syntax-line = { $file ->
    [map] 地図
   *[deck] デッキ
}：{$line}行目：{$message}
# Variables: $file, $format, $expected
bb-data-format = { $file ->
    [map] 地図
   *[deck] デッキ
}：format が「{$format}」です。「{$expected}」でなければなりません
# Variables: $file, $version, $expected
bb-data-version = { $file ->
    [map] 地図
   *[deck] デッキ
}：version {$version} はこの postrider では読めません（{$expected}）
# Variables: $file, $line
bb-data-line = { $file ->
    [map] 地図
   *[deck] デッキ
}の{$line}行目
bb-data-home = 地図：home
# Variables: $place, $path
bb-data-path = {$place}（path {$path}）
# Variables: $place
bb-data-ferry = {$place}（ferry）
# Variables: $place, $route
bb-data-bus = {$place}（{$route}番のバス路線）
# Variables: $place, $card
bb-data-walking = {$place}（歩行カード {$card}）
# Variables: $place, $id
bb-data-location-id = {$place}：場所のID「{$id}」：英数字と「_」で1〜12文字にしてください
# Variables: $place, $id
bb-data-location-twice = {$place}：場所 {$id} が2度定義されています
# Variables: $place, $id, $shape
bb-data-shape = {$place}：場所 {$id}：shape「{$shape}」は「circle」でも「triangle」でもありません
# Variables: $place
bb-data-too-many-locations = {$place}：場所が255を超えています
# Variables: $place, $id
bb-data-unknown-location = {$place}：「{$id}」という場所はありません
# Variables: $place
bb-data-path-ends = {$place}：道は異なる2つの場所を、1度だけ結ばなければなりません
# Variables: $place, $most
bb-data-too-many-spaces = {$place}：地図のマスが{$most}を超えています
# Variables: $place, $space, $symbol
bb-data-space-symbol = {$place}：{$space}番目のマスが「{$symbol}」です。o、O、t、T のいずれかにしてください
# Variables: $place, $stop
bb-data-stop-twice = {$place}：乗り場 {$stop} が2度挙げられています
# Variables: $place
bb-data-ferry-stops = {$place}：フェリーには乗り場が2つ以上必要です
# Variables: $place
bb-data-route-twice = {$place}：路線の番号が2度使われています
# Variables: $place, $stop
bb-data-bus-stop = {$place}：停留所「{$stop}」は場所ではありません（バスは場所にしか停まりません）
# Variables: $place
bb-data-route-stops = {$place}：路線には停留所が2つ以上必要です
# Variables: $id, $home
bb-data-unreachable = 地図：場所 {$id} には {$home} から歩いて行けません
# Variables: $place
bb-data-walking-symbols = {$place}：歩行カードの○と△はそれぞれ0〜6個で、両方0にはできません
# Variables: $place
bb-data-walking-locations = {$place}：カード1枚に場所を1つ挙げてください（locations = [...]）
# Variables: $place, $id
bb-data-card-home = {$place}：一日の出発点でありゴールである {$id} はカードに書けません
# Variables: $named, $needed
bb-data-targets = デッキ：カードが挙げる場所は{$named}か所です。目標地点を引くには{$needed}か所以上必要です（2.1）
# Variables: $most
bb-data-deck-size = デッキ：カードが{$most}枚を超えています
# Variables: $problem
bb-data-default-deck = 標準のデッキがこの地図に合いません：{$problem}

## 一日の設定。

bb-setup-one-rule-set = rules: バックパックス＆ブリスターズのルールは pbm-2.1 の1つだけです
bb-setup-week-scoring = scoring: ウォーキングウィークの得点はルールどおり（5.1）で、変えられる得点表はありません
