## バックパック&ブリスターズ：ラウンドの速報。地名は地図のとおり（英語）。

bb-points = {$points}点
bb-sunny = 晴れ
bb-cloudy = 曇り
bb-clause-separator = 。
bb-sentence-end = 。
bb-arrival = {$n}番目

## ハイカーのいる場所。

bb-at = {$location}
bb-on-path = {$from}から{$to}への道（{$n}マス中{$k}マス目）
bb-on-lake = 湖上

## 見出し。

bb-head-wins = {$walker}がこの日の勝者
bb-head-first-to-reach = {$walker}が{$location}に一番乗り
bb-head-reaches = {$walker}が{$location}に{$order}に到着
bb-head-back = {$walker}がKeswickに帰着
bb-head-rucksack = 重いリュックは{$walker}の手に
bb-head-weather = 天気は{$weather}に
bb-head-nobody = まだ誰も得点していない
bb-head-leads = {$walker}が首位

## ラウンドの始まり。

bb-at-lunch = （昼食）
bb-at-coffee = （コーヒー休憩）
bb-when = {$times}{$special}、{$weather}
bb-scored-most = {$when}。最多得点は{$walker}（{$points}）。
bb-scored-most-level = {$when}。最多得点は{$walkers}（各{$points}）。
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

## 順位を一文で。

bb-next = 。次は{$time}
bb-standings-alone = {$walker}が{$points}で{ $over ->
    [yes] この日の勝者
   *[no] 首位
}{$next}。
bb-nobody-has-a-point = まだ誰も得点していない{$next}。
bb-standings-level = {$walker}が{$points}で{ $over ->
    [yes] この日の勝者
   *[no] 首位
}、{$second}と同点{$next}。
bb-standings-ahead = {$walker}が{$points}で{ $over ->
    [yes] この日の勝者
   *[no] 首位
}、{$second}に{$margin}差{$next}。

## 読み手のハイカー。

bb-did-rested-nmr = {$at}で休憩（命令なし）
bb-did-rested = {$at}で休憩
bb-did-walked = {$n}マス歩いて{$at}へ
bb-did-tea = {$at}でお茶
bb-did-ferry = フェリーで{$location}へ
bb-did-ferry-not-landed = フェリーに乗ったが着岸できなかった
bb-did-bus = バスで{$location}へ
bb-did-blister = {$at}で靴ずれの手当て
bb-did-break = {$at}で止まった
bb-did-afloat = 湖上で待った
bb-moved-back = 、押し戻された
bb-you-did = {$time}に{$what}{$moved-back}
bb-not-back = 18:00までに戻れなかった
bb-walk-done = 今日の歩きは終わった
bb-this-round = このラウンド{$points}点
bb-your-standing = あなたは{$walkers}人中{$place}（{$points}）
