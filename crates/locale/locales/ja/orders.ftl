## ブレイキング・アウェイ：チームの命令とスタート時の手札の誤り。1つずつ1節で、
## 同じ行の誤りは区切りでつなぐ。用語はボードゲームの日本語ルール（選手、走者、移動力）。

ba-orders-separator = 。
# Variables: $word (as the player typed it)
ba-orders-not-rider-or-card = 「{$word}」は選手（A、B、C、D）でもカードでもありません
# Variables: $card
ba-orders-card-too-large = カード{$card}は大きすぎます
# Variables: $rider (a grade letter)
ba-orders-rider-twice = 選手{$rider}が2度指定されています
# Variables: $card
ba-orders-card-before-rider = カード{$card}の前に選手がありません（例：「A {$card}」）
ba-orders-none = 命令がありません（例：「A 12 B 3 C 9 D 7」）
# Variables: $rider
ba-orders-no-card = 選手{$rider}：カードが指定されていません
# Variables: $rider, $got
ba-orders-one-card-per-turn = 選手{$rider}：1ターンに出せるカードは1枚です（{$got}枚指定されています）
# Variables: $rider
ba-orders-no-lineup-cards = 選手{$rider}：スタート時の手札が指定されていません（例：「A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6」）
# Variables: $rider, $count, $allowed, $rule (a rule as cited: postal 3.1)
ba-orders-card-count-exactly = 選手{$rider}：カードが{$count}枚です。ちょうど{$allowed}枚にしてください（{$rule}）
# Variables: $rider, $count, $fewest, $most, $rule
ba-orders-card-count = 選手{$rider}：カードが{$count}枚です。{$fewest}枚か{$most}枚にしてください（{$rule}）
# Variables: $rider, $card, $rule
ba-orders-card-outside = 選手{$rider}：カード{$card}は1〜15の範囲外です（{$rule}）
# Variables: $rider, $sum, $most, $rule
ba-orders-sum-over = 選手{$rider}：カードの合計が{$sum}で、上限の{$most}を超えています（{$rule}）
# ボードゲームのセットアップを引用。Variables: $rider, $number, $sum, $total, $values
ba-orders-sum-not-exact = 選手{$rider}：カードの合計が{$sum}です。ちょうど{$total}にしてください（ボードゲームのルール「セットアップ」：「第{$number}走者：{$total}点持ちで、{ $values ->
        [four] 3〜4個
       *[three] 3個
    }に移動力を分配する」）
# Variables: $rider
ba-orders-no-rider = 選手{$rider}：チームにその選手はいません
# Variables: $rider
ba-orders-not-racing = 選手{$rider}：もうレースを走っていないので、命令は要りません
# Variables: $rider, $card, $hand (the rider's cards, lowest first)
ba-orders-not-in-hand = 選手{$rider}：カード{$card}は手札［{$hand}］にありません

## すべてのゲーム：ルールによる受付拒否（命令ページとメールの確認返信）。

# A line-up that does not read. Variables: $reason
orders-refused-lineup-text = スタート時の手札：{$reason}
# A line-up that breaks the set-up's limits. Variables: $reason
orders-refused-lineup = スタート時の手札：{$reason}
# Variables: $reason
orders-refused-orders = 命令：{$reason}

## バックパックス＆ブリスターズ：ハイカーのラウンドの命令の誤り。命令の語（walk、ferry、vote）と
## 地図の記号は、プレイヤーが入力するとおり英語のまま。

# A mistake named by its turn. Variables: $turn, $text
bb-orders-turn = 第{$turn}ターン：{$text}
# A mistake named by its order word. Variables: $verb, $text
bb-orders-verb = {$verb}：{$text}
# Variables: $statement
bb-orders-bad-turn = 「{$statement}」：ターンは1か2です（「1: walk 4+2 WAL」のように書いてください）
bb-orders-once-buy = チョコレートの購入（buy chocolate）
bb-orders-once-rucksack = 重いリュックの命令（give または take）
# Variables: $what (a statement: buy chocolate, finish), $statement
bb-orders-twice = {$what}が2度書かれています（「{$statement}」）
# Variables: $what (weather or vote), $statement
bb-orders-twice-in-round = {$what}がラウンド中に2度書かれています（「{$statement}」）。2ターン分で1つの文です
# Variables: $statement
bb-orders-two-moves = 1ターンに移動が2つ書かれています（2つ目は「{$statement}」）
bb-orders-which-card = どのカードですか（「walk 4+2 WAL」のように書いてください）
# Variables: $word
bb-orders-not-a-card = 「{$word}」はカードではありません（4+2 のように丸+三角の数、または weather、blister と書いてください）
# Variables: $word, $from, $to (the path's ends), $same, $counted-back (the two spaces it may mean)
bb-orders-space-from-other-end = 「{$word}」はマスではありません。{$from}と{$to}の間のマスは{$from}から数えます。{$from}から数えるなら{$same}、{$to}から数えるなら{$counted-back}です
# Variables: $word
bb-orders-not-a-space = 「{$word}」は地図のマスでも場所でもありません
bb-orders-tea-form = 「tea」または「tea discard CARD ...」と書いてください
# Variables: $verb (ferry or bus)
bb-orders-where-to = 行き先はどこですか（「{$verb} LOD」のように書いてください）
# Variables: $word
bb-orders-not-a-location = 「{$word}」は地図の場所ではありません
# Variables: $words
bb-orders-expected-swap = 「{$words}」：「swap CARD」と書いてください
# Variables: $verb (give or take)
bb-orders-write-rucksack = 「{$verb} rucksack」と書いてください
bb-orders-rucksack-form = 「give rucksack [to WALKER]」または「take rucksack」と書いてください
# Variables: $word, $walkers (every walker's name)
bb-orders-not-a-walker = 「{$word}」はハイカーではありません（{$walkers}）
bb-orders-name-one-card = カードを1枚書いてください（昼食とコーヒー、7.2）
bb-orders-weather-form = 「weather sunny」「weather cloudy」「weather discard」のいずれかを書いてください
bb-orders-name-one-walker = ハイカーを1人書いてください
# Variables: $word
bb-orders-not-an-order = 「{$word}」は命令ではありません（walk、rest、tea、ferry、bus、blister、buy chocolate、give/take rucksack、finish、discard、replace、weather、vote）
