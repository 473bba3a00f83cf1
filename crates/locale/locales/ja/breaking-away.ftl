## ブレイキング・アウェイ：ターンの速報とターンレポート。
## 用語はボードゲームの日本語ルール（選手、移動力、スプリント、ゴールライン、リタイヤ）に従う。

ba-points = {$points}点
ba-squares = {$n}マス
ba-riders = {$n}人
ba-rider-card = {$rider} {$card}
ba-clause-separator = 。
ba-sentence-end = 。

ba-line-sprint-1 = スプリント1
ba-line-sprint-2 = スプリント2
ba-line-the-finish = ゴール

## 見出し。

ba-head-wins = チーム{$team}が優勝
ba-head-first-over-finish = {$rider}がトップでゴール
ba-head-finish-together = {$riders}が並んでトップでゴール
ba-head-takes-line = {$rider}が{$line}を制す
ba-head-share-line = {$riders}が{$line}を分け合う
ba-head-breaks-away = {$rider}が{$lead}マス差で飛び出す
ba-head-break-away = {$riders}が飛び出す
ba-head-finishes = {$rider}が{$place}でゴール
ba-head-place-at-line = {$riders}が{$line}で{$place}
ba-head-keeps-lead = {$rider}が首位を守る
ba-head-empty = コース上に選手なし
ba-head-leads = {$rider}が先頭
ba-head-share-lead = {$riders}が並んで先頭
ba-head-many-share-lead = {$n}人が並んで先頭

## 先頭集団。

ba-front-over = {$turns}ターンでレースが終わり、{$n}人がゴールラインを越えた。
ba-front-empty = コース上には誰もいない。全員がゴールしたかリタイヤした。
ba-from-finish = ゴールまで{$n}マス
ba-front-level = 先頭は{$who}が並走、{$from-finish}。
ba-how-broke-away = 移動力{$card}で飛び出して単独トップ
ba-how-kept-lead = 移動力{$card}で首位を守り
ba-how-played = 移動力{$card}で先頭
ba-how-leads = 先頭
ba-gap-clear = 、{$who}に{$squares}差
ba-gap-alone = 、独走
ba-front = {$rider}が{$how}{$gap}、{$from-finish}。

## ラインでの順位。

ba-line-took = {$rider}が{$place}（{$points}）
ba-line-shared = {$riders}が同着{$place}（各{$points}）
ba-line-finished-no-points = {$rider}は{$place}でゴール（得点なし）
ba-line-clause = {$line}では{$items}

## 命令を出さなかったチーム。

ba-silent = チーム{$teams}は命令を出さなかったため、選手は手札の最大の移動力を使った：{$played}
ba-dropped = 脱落した選手は手札の最大の移動力を使った：{$items}

## 順位を一文で。

ba-no-score = まだ得点したチームはない。
ba-standings-alone = チーム{$team}が{$points}で{ $over ->
    [yes] 優勝
   *[no] 首位
}。
ba-standings-level = チーム{$team}が{$points}で{ $over ->
    [yes] 優勝
   *[no] 首位
}。チーム{$second}と同点だが、最上位の選手の順位で上回る。
ba-standings-ahead = チーム{$team}が{$points}で{ $over ->
    [yes] 優勝
   *[no] 首位
}、チーム{$second}に{$margin}差。

## 読み手のチーム。

ba-your-move = {$rider} {$card}（{$from}→{$to}）
ba-yours-none = あなたの選手はこのターン走らなかった
ba-yours-silent = 命令が届かなかったため、あなたの選手は手札の最大の移動力を使った：{$moves}
ba-yours-moves = あなたの選手：{$moves}
ba-yours-award = {$riders}が{$line}で{ $count ->
    [one] {$place}
   *[other] 同着{$place}
}（{$points}）
ba-yours-broke-away = {$riders}が飛び出した
ba-yours-rank = チーム{$team}は{$teams}チーム中{$place}（{$points}）
