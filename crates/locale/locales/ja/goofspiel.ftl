## ゴフスピール：ラウンドの報告、そのページと速報。カードは数字、名前はプレイヤー自身のもの。

# Variables: $n
gs-points = {$n}点
# Variables: $n
gs-podium-points = {$n}点
gs-separator = 。
gs-name-separator = 、
# Variables: $name
gs-name-you = {$name}（あなた）

## 速報。

# Variables: $name, $prize, $high
gs-head-takes = {$name}が{$high}で{$prize}の賞品を獲得
# Variables: $prize, $tied, $high
gs-head-discarded = {$prize}の賞品は捨て札に：{$tied}が{$high}で同点
# Variables: $round, $cards, $name, $high, $prize, $margin, $next
gs-story-takes = 全{$cards}ラウンドの第{$round}ラウンドで、{$name}は{$prize}の賞品に{$high}を出し、次に高い入札（{$next}）を{$margin}上回って獲得しました。
# Variables: $name, $high, $prize
gs-story-takes-alone = {$name}は{$prize}の賞品に{$high}を出し、獲得しました。
# Variables: $round, $cards, $tied, $high, $prize
gs-story-tie = 全{$cards}ラウンドの第{$round}ラウンドで、{$tied}がそろって{$prize}の賞品に{$high}を出しました。最高値が同点のときは誰も獲得できず、{$prize}の賞品は捨て札になります。
# Variables: $name, $card
gs-story-silent-one = {$name}は命令を送らず、いちばん小さいカード（{$card}）を出しました。
# Variables: $names, $cards
gs-story-silent-many = {$names}は命令を送らず、それぞれいちばん小さいカード（{$cards}）を出しました。
# Variables: $leading, $points
gs-story-over-wins = ゲーム終了：{$leading}が{$points}で勝ちました。
# Variables: $leading, $points
gs-story-over-share = ゲーム終了：{$leading}がそれぞれ{$points}で勝ちを分け合いました。
gs-story-nobody = まだ誰も得点していません。
# Variables: $leading, $points, $margin, $second
gs-story-leads-ahead = {$leading}が{$points}で首位、{$second}に{$margin}点差です。
# Variables: $leading, $points
gs-story-leads = {$leading}が{$points}で首位です。
# Variables: $leading, $points
gs-story-share-lead = {$leading}が{$points}で首位に並んでいます。
# Variables: $prize
gs-story-next-prize = 次の賞品は{$prize}です。
# Variables: $prize
gs-you-took = {$prize}の賞品を獲得しました
gs-you-took-nothing = 何も獲得できませんでした
# Variables: $bid, $nmr ("yes" when the reader sent no orders), $outcome, $points, $place
gs-yours = あなたは{$bid}を出し{ $nmr ->
    [yes] （命令なし：いちばん小さいカード）
   *[no] {""}
}、{$outcome}。現在{$points}で{$place}です。

## 報告。

# Variables: $cards, $what
gs-title = ゴフスピール · {$cards}枚 · {$what}
# Variables: $round, $cards
gs-title-round = 第{$round}ラウンド（全{$cards}ラウンド）
gs-title-over = ゲーム終了
gs-title-set-up = 準備
gs-not-started = まだ始まっていません。
# Variables: $prize
gs-the-prize = 賞品：{$prize}
gs-bids = 入札：
gs-scores = 得点：
# Variables: $prize
gs-bid-takes = {$prize}の賞品を獲得
gs-bid-tied = 最高値で同点：獲得なし
gs-bid-nmr = 命令なし：いちばん小さいカード
# Variables: $cards
gs-discarded = 捨て札：{$cards}。
# Variables: $prize
gs-prize-last = 表向きの賞品：{$prize}（最後の1枚）。
# Variables: $prize, $n
gs-prize-face-up = 表向きの賞品：{$prize}（裏向きに残り{$n}枚）。
gs-over = ゲームは終わりました。
# Variables: $cards
gs-face-down = 裏向きの賞品、次に出る順（GM用の写しのみ）：{$cards}。
# Variables: $rank
gs-rank = {$rank}位
# Variables: $score (already padded), $taken, $hand
gs-score-line = {$score}点  獲得：{$taken}  手札：{$hand}

## ページ。

# Variables: $round
gs-view-title = 第{$round}ラウンド
# Variables: $names
gs-no-orders-from = 命令が届かなかったプレイヤー：{$names}（何も送らなかったプレイヤーはいちばん小さいカードを出します。ルール5）。
# Variables: $prize
gs-bids-for = {$prize}の賞品への入札
gs-col-player = プレイヤー
gs-col-bid = 入札
gs-col-result = 結果
gs-col-points = 得点
gs-col-taken = 獲得
gs-col-hand = 手札
gs-key = 単独の最高値が賞品を獲得します。最高値が同点なら誰も獲得できません（ルール3）。
gs-scores-heading = 得点
# Variables: $winners, $n (how many share the win), $best
gs-banner = ゲーム終了。{ $n ->
    [1] {$winners}の勝ちです
   *[other] {$winners}が勝ちを分け合いました
}（{$best}点）。

## ゲームの始まり。

# Variables: $prize, $n
gs-setup-note = 最初の賞品は{$prize}です。ほかに{$n}枚が裏向きに置かれています。

## Goofspiel（テスト用の三つ目のゲーム）：入札。

gs-orders-no-bid = 命令：入札がありません（「bid 7」または「7」と送ってください）
# Variables: $text (the orders as typed)
gs-orders-not-one-bid = 命令：「{$text}」は1つの入札ではありません（「bid 7」または「7」と送ってください）
# Variables: $word
gs-orders-not-a-number = 入札：「{$word}」はカードの数字ではありません
# Variables: $card, $cards (the highest card of the game)
gs-orders-no-such-card = 入札：{$card}はこのゲームのカードではありません（1〜{$cards}）
# Variables: $card, $hand
gs-orders-not-in-hand = 入札：{$card}は手札（{$hand}）にありません
gs-orders-over = 命令：ゲームは終了しています

## ゴフスピールのテーブル。

# Variables: $round, $cards
pic-gs-round = 第{$round}ラウンド（全{$cards}ラウンド）
# Variables: $cards
pic-gs-over = 全{$cards}ラウンドでゲーム終了
# Variables: $round, $cards
pic-gs-round-words = 第{$round}ラウンド（全{$cards}ラウンド）
# Variables: $cards
pic-gs-over-words = 全{$cards}ラウンドでゲーム終了
# Variables: $when, $prize
pic-gs-label-prize = テーブル、{$when}：賞品は{$prize}
# Variables: $when
pic-gs-label = テーブル：{$when}
# Variables: $n
pic-gs-face-down = 裏向きの賞品{$n}枚
# Variables: $cards
pic-gs-discarded = 捨て札：{$cards}
pic-gs-prize = 賞品
pic-gs-prize-over = 終了
# Variables: $n
pic-gs-score = {" · "}{$n}点
pic-gs-took-nothing = 獲得なし
# Variables: $cards
pic-gs-took = 獲得：{$cards}
# Variables: $bid
pic-gs-bid = 入札 {$bid}

## ページで使うゲーム名（`game-title-NAME`）。

game-title-goofspiel = ゴフスピール

# 初めてのプレイヤーに必要なこと：ようこそメール、最初のリマインダー、命令フォーム。
# Variables: $cards
gs-first-orders = 各ラウンドで賞品カードが1枚表になり、全員が手札（1〜{$cards}）から1枚を入札します。入札を1つ送ってください。例：
    {"  "}bid {$cards}
    （または数字だけで {$cards}）。一番高い入札が1人だけなら賞品を取り、一番高い入札が並んだら誰も取りません。何も送らなかったプレイヤーは手札の一番小さいカードを入札します。

# ゲームの設定。Variables: $cards
gs-setup-cards = cards: 「{$cards}」枚では遊べません（5、9、13枚のいずれか）
