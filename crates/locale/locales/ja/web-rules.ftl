## ブレイキング・アウェイの命令フォーム：レース前はスタート時の手札の組み立て、レース中は選手ごとのメニュー。
## 用語はボードゲームの日本語ルール（選手、移動力、手札、マス）。

# Variables: $low, $high, $rules (a link to the line-up rules, reading ba-form-lineup-rules)
ba-form-lineup-lead = 各選手のスタート時の手札（{$low}〜{$high}の整数、選手ごとの制限内。{$rules}）と、第1ターンに出すカードを選んでください。
ba-form-lineup-rules = スタート時の手札のルール
# Variables: $n
ba-form-limits-cards = {$n}枚
# Variables: $fewest, $most
ba-form-limits-cards-or = {$fewest}〜{$most}枚
# Variables: $cards (ba-form-limits-cards), $total
ba-form-limits-exactly = {$cards}、合計ちょうど{$total}
# Variables: $cards, $total
ba-form-limits-at-most = {$cards}、合計{$total}以下
# A rider's fieldset. Variables: $name, $limits
ba-form-rider-limits = {$name}：{$limits}
# Variables: $n
ba-form-card = カード{$n}
# Variables: $n
ba-form-card-optional = カード{$n}（任意）
# Before the running total.
ba-form-total = 合計
# After the running total. Variables: $total
ba-form-total-exactly = ／ちょうど{$total}
# Variables: $total
ba-form-total-at-most = ／上限{$total}
ba-form-outside-limits = 制限外
# Variables: $name
ba-form-first-card = 第1ターン：{$name}が出すカード
ba-form-first-card-help = 上のカードのうち1枚。空欄なら手札の最大のカードを出します。
ba-form-for-example-colon = 例：
# After the example line-up (and its rule).
ba-form-default-lineup = 。スタート時の手札を送らなかったチームは、この手札でスタートします。
ba-form-seal-lineup = スタート時の手札と第1ターンを封印する
ba-form-check-totals = 合計を確認
ba-form-typed = スタート時の手札と第1ターンを文字で入力する
ba-form-lineup-label = 各選手のスタート時の手札
ba-form-for-example = 例：
ba-form-sentence-end = 。
ba-form-orders-label = 第1ターン：各選手のカード
ba-form-left-out = 。指定しなかった選手は手札の最大のカードを出します。
ba-form-seal-orders = 命令を封印する
ba-form-race-lead = 各選手の手札からカードを1枚ずつ選んでください。「最大」のままの選手は手札の最大のカードを出します
ba-form-play-highest = 全員が最大のカードを出す
# Variables: $square, $points (already written as points)
ba-form-rider-state = {$square}マス目、{$points}点。手札：
# The menu's first choice. Variables: $card
ba-form-highest-card = 最大（{$card}）
ba-form-highest = 最大

## バックパックス＆ブリスターズの命令フォーム：ハイカーの状況、ラウンドの各ターンのメニュー
## （移動を行き先ごとにまとめる）、天気カード、重いリュックの投票。地図の地名は英語のまま。

# Variables: $time, $weather (bb-form-sunny or bb-form-cloudy)
bb-form-now = {$time}、{$weather}。
bb-form-sunny = 晴れ
bb-form-cloudy = 曇り
# Before where the walker is.
bb-form-you-are = 現在地：
bb-form-on-the-lake = 湖上
# After where the walker is. Variables: $points, $money, $chocolate
bb-form-standing = 。{$points}点、所持金{$money}、チョコレート{$chocolate}個。
bb-form-hand = 手札：
# After the hand. Variables: $card (a card, or bb-form-no-card)
bb-form-to-come = 。次に来るカード：{$card}。
bb-form-no-card = なし
bb-form-targets = 目標地点：
bb-form-reached = （到達済み）
bb-form-comma = 、
bb-form-sentence-end = 。
# A turn's fieldset. Variables: $n, $time, $from (where the turn starts)
bb-form-turn = 第{$n}ターン（{$time}）、出発地：{$from}
# Variables: $n, $time, $note (what is special: ferries run), $from
bb-form-turn-note = 第{$n}ターン（{$time}、{$note}）、出発地：{$from}
bb-form-ferries-run = フェリー運航
bb-form-buses-run = バス運行
bb-form-lunch = 昼食：誰も動きません
bb-form-coffee = コーヒー：誰も動きません
bb-form-move-label = 行き先と行き方
bb-form-move-help = 行き先ごとに1つずつ、いちばんよい行き方（いちばん小さいカード、チョコレートなし）で並べています。「+N」はそこで終えたときの得点です。
# Variables: $place, $how
bb-form-option = {$place}：{$how}
bb-form-group-targets = あなたの目標地点
bb-form-group-cafes = カフェ
bb-form-group-ferry = フェリーで
bb-form-group-bus = バスで
bb-form-group-places = そのほかの場所
bb-form-group-paths = 今回は届かない場所の方へ
# Variables: $moves
bb-form-every = すべての行き方（{$moves}通り）
bb-form-fewer = 行き先ごとに1つ
bb-form-stay-on-lake = 湖上にとどまる
# Variables: $place
bb-form-stay = とどまる：{$place}
# A space of a path, seen from where the walker is. Variables: $place, $from, $step, $steps
bb-form-towards = {$from}から{$place}方面へ{$step}マス目（全{$steps}マス）
bb-form-a-target = {" · "}目標地点
# Variables: $points
bb-form-gain = {" · "}+{$points}
bb-form-rest-no-tea = 休む（お茶なし）
bb-form-launch-lands = 命令なし：フェリーは乗った乗り場に戻ります
bb-form-rest = 休む
# Variables: $card
bb-form-play-without-moving = {$card}を出して移動しない
# Variables: $card, $steps
bb-form-walk = {$card}で{$steps}マス歩く
# Variables: $card, $steps
bb-form-walk-chocolate = {$card}とチョコレート1個で{$steps}マス歩く
bb-form-tea = お茶（50ペンス）：+3
bb-form-land = フェリーを降りる
bb-form-ferry = フェリー（50ペンス）
bb-form-bus = バス（50ペンス）
bb-form-blister = 靴ずれのカードを出す（移動なし）
bb-form-discard-label = 捨てるカード（7.2）
bb-form-discard-weakest = いちばん弱いカード（靴ずれ、または最小のカード）
bb-form-buy = ターンの終わりにチョコレートを1個買う（カフェで、50ペンス）
bb-form-finish = Keswickでターンを終えたら、その日の歩きを終える
bb-form-plan = ここから第2ターンを表示
bb-form-weather-label = 天気カードを引いたとき（9.1）
bb-form-weather-discard = 捨てる
bb-form-weather-sunny = 晴れになるなら出す
bb-form-weather-cloudy = 曇りになるなら出す
bb-form-vote-label = 重いリュックの投票（10.5）
bb-form-no-vote = 投票しない
bb-form-plan-help = 第2ターンの行き先は第1ターンで決まります。第1ターンを変えたら「ここから第2ターンを表示」を押してください（スクリプトが有効なら第2ターンは自動で変わります）。第1ターンが予定どおりに進まなかったときは、第2ターンはできるところまで実行されます（B&B-7）。
bb-form-seal-orders = 命令を封印する
bb-form-typed = 命令を文字で入力する
# Variables: $example (orders, as code), $help (a link reading bb-form-orders-help)
bb-form-typed-label = ラウンドの2ターン分の命令。例：{$example}（{$help}を参照）
bb-form-orders-help = 命令の書き方

## 命令フォームで引くルール（リンクの前後）：「（郵便ルール3.2）」。
ba-form-rule-open = （
ba-form-rule-close = ）
