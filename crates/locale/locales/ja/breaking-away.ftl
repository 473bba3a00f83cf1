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
ba-head-share-win = チーム{$teams}が優勝を分け合う
ba-head-first-over-finish = {$rider}がトップでゴール
ba-head-finish-together = {$riders}が並んでトップでゴール
ba-head-takes-line = {$rider}が{$line}を制す
ba-head-share-line = {$riders}が{$line}を分け合う
ba-head-breaks-away = {$rider}が{$lead}マス差で飛び出す
ba-head-break-away = {$riders}が飛び出す
ba-head-finishes = {$rider}が{$place}でゴール
ba-head-place-at-line = {$riders}が{$line}で{$place}
ba-head-keeps-lead = {$rider}がトップを守る
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
ba-how-kept-lead = 移動力{$card}でトップを守り
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

ba-silent = チーム{$teams}は命令を出さなかったため、選手は手札の最大のカードを出した：{$played}
ba-dropped = 脱落した選手は手札の最大のカードを出した：{$items}

## 順位を一文で。

ba-no-score = まだ得点したチームはない。
ba-standings-alone = チーム{$team}が{$points}で{ $over ->
    [yes] 優勝
   *[no] 首位
}。
ba-standings-shared = チーム{$teams}がそれぞれ{$points}で{ $over ->
    [yes] 同率優勝
   *[no] 首位に並ぶ
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
ba-yours-silent = 命令が届かなかったため、あなたの選手は手札の最大のカードを出した：{$moves}
ba-yours-moves = あなたの選手：{$moves}
ba-yours-award = {$riders}が{$line}で{ $count ->
    [one] {$place}
   *[other] 同着{$place}
}（{$points}）
ba-yours-broke-away = {$riders}が飛び出した
ba-yours-rank = チーム{$team}は{$teams}チーム中{ $joint ->
    [yes] 同率{$place}
   *[no] {$place}
}（{$points}）
ba-yours-no-score = どのチームもまだ得点していない

## テキストのレポート（メール、コマンドライン）：表題と宛先。

ba-rulebook-postal = 郵便ルール2.2
ba-rulebook-board = ボードゲームのルール
ba-title = ブレイキング・アウェイ · {$rulebook}{$options} · {$what}
ba-title-turn = 第{$turn}ターン
ba-title-before-turn = 第{$turn}ターンの前
ba-copy-gm = GM用：全チームの手札と移動力補充をすべて記載。
ba-copy-team = チーム{$team}用。
ba-copy-public = 公開用。
ba-first-team = 第1ターン：抽選でチーム{$team}が最初に移動。以後時計回りに各チームの第1走者、続いて第2、第3、第4走者の順。
ba-no-moves-from = 命令が届かなかったチーム：{$teams}。その選手は手札の最大のカードを出した。

## 移動。

ba-moves = 移動（移動した順）
ba-move-played = 移動力{$card}
ba-note-nmr = {"  "}（命令なし：最大のカード）
ba-note-highest = {"  "}（最大のカード：カードの指定なし）
ba-note-dropped = {"  "}（脱落：最大のカード）
ba-note-together = {"  "}= 同時
ba-key-together = {"  "}（「= 同時」：すべての判定で並んだため同時に移動し、得点を分け合う。郵便ルール8.2.5）

## ライン。

ba-line-title-sprint-1 = スプリント1
ba-line-title-sprint-2 = スプリント2
ba-line-title-finish = ゴール
ba-line-at-postal = {$line}（{$at}マス目と{$next}マス目の間）
ba-line-at-board = {$line}（レース距離{$at}、周回コースの{$square}マス目）
ba-in-turn = {"  "}（第{$turn}ターン）
ba-points-shared = 各{$points}（同着）
ba-no-points = 得点なし
ba-first-unknown = 1位はこの記録の始まる前に決まった。
ba-places-unknown = 1位〜{$place}はこの記録の始まる前に決まった。

## 移動力補充（郵便ルール7）。

ba-replacements = 移動力補充（各チームには自分の分だけ表示）
ba-replacement = （{$why}）、手札［{$hand}］
ba-why-none-ahead = 直前に選手なし
ba-why-one-ahead = 3+直前の選手1人
ba-why-string-ahead = 3+前に連なる選手{$n}人
ba-why-broke-away = ブレイキング・アウェイ・ボーナス：{$lead}マス差の単独トップ
ba-why-kept-lead = 単独トップを維持
ba-why-alone = 独走
ba-why-crowded = 第1ターンの密集マス

## コース。

ba-road = コース（走行中{$n}人、最後尾{$back}、先頭{$front}。「|」はライン）
ba-road-gap = （空き{$n}マス）
ba-road-dropped = （脱落）
ba-road-square = ({$square}マス目)
ba-road-sole-leader = {"   "}◀ 単独トップ

## 順位と結果。

ba-team-standings = チーム順位
# 順位表の順位。Variables: $rank
ba-rank = {$rank}位
# Variables: $points（桁をそろえ済み）, $count
ba-points-word = {$points}点
ba-best-finisher = {"   "}最上位 {$place}
ba-race-over = レース終了。チーム{$team}の優勝。
ba-race-over-shared = レース終了。チーム{$teams}の同率優勝。
ba-finishing-order = ゴール順：
ba-points-in-all = （合計{$points}点）

## ターンの合間。

ba-not-started = レースはまだ始まっていない。届いたスタート時の手札：
ba-received-sealed = 受領済み（封印）
ba-not-yet = 未着
ba-riders-heading = 選手
ba-status-dropped = {" "}脱落
ba-status-retired = {" "}リタイヤ
ba-status-finished = {" "}{$place}でゴール
ba-hand = 手札［{$cards}］
# 手札のカードの区切り（ba-hand、ba-replacement）。
ba-card-separator = 、
ba-cards = {$n}枚
ba-rider-row = 距離 {$distance}  得点 {$points}
ba-orders-for-turn = 第{$turn}ターンの命令

## ページのレポート：表。

ba-view-title = 第{$turn}ターン
ba-rule = 郵便ルール{$number}
ba-col-rider = 選手
ba-col-card = 移動力
ba-col-from = 出発
ba-col-to = 到着
ba-col-note = 備考
ba-col-place = 順位
ba-col-points = 得点
ba-col-turn = ターン
ba-col-why = 理由
ba-col-hand-now = 現在の手札
ba-col-team = チーム
ba-col-best-finisher = 最上位
ba-mark-no-orders = 命令なし
ba-mark-highest = 最大のカード
ba-mark-dropped = 脱落
ba-mark-together = 同時
ba-mark-key-no-orders = 命令なし：チームから命令が届かなかったため、選手は手札の最大のカードを出した
ba-mark-key-highest = 最大のカード：チームの命令がこの選手のカードを指定しなかったため、手札の最大のカードを出した
ba-mark-key-dropped = 脱落：命令のない脱落した選手は手札の最大のカードを出す
ba-mark-key-together = 同時：すべての判定で並んだ選手は同時に移動し、獲得した順位の得点を分け合う
ba-key-open = （
ba-key-close = ）。
ba-banner = レース終了。チーム{$team}の優勝。
ba-banner-shared = レース終了。チーム{$teams}の同率優勝。

## スタート時の手札の制限と例：ようこそメール、最初のリマインダー、命令フォーム。
# Variables: $low, $high, $rule
ba-lineup-help = レースの前に、各選手のスタート時の手札を{$low}〜{$high}の数で選んでください（{$rule}）：
# Variables: $rule
ba-lineup-rule-postal = 郵便ルール{$rule}
ba-lineup-rule-board = ボードゲームのルール「セットアップ」
# Variables: $grade, $count, $bound
ba-lineup-limit = {$grade}：{$count}、合計{$bound}
# Variables: $n
ba-lineup-cards = {$n}枚
# Variables: $fewest, $most
ba-lineup-cards-range = {$fewest}枚か{$most}枚
# Variables: $total
ba-lineup-exactly = ちょうど{$total}
# Variables: $total
ba-lineup-at-most = {$total}以下
# Variables: $example
ba-lineup-example = 例：{$example}
ba-lineup-turn-one = あわせて、第1ターンに各選手が出すカードを、その選手の手札から1枚ずつ送ってください（例：A 10 B 9 C 9 D 6）。命令のない選手は手札の最大のカードを出します。スタート時の手札を送らなかったチームは、例の手札でスタートします。

## 命令の控え：封印した命令のうち、ルールに任される部分。

# Variables: $rider, $card
ba-note-highest-card = {$rider}：命令なし。手札の最大のカード（{$card}）を出します
# Variables: $rider
ba-note-highest-card-unknown = {$rider}：命令なし。手札の最大のカードを出します

## レースの設定：ルール、ボードゲームのオプション、シーズンの得点表。

# Variables: $field, $problem
ba-setup-field = {$field}: {$problem}
# Variables: $name
ba-setup-unknown-rule-set = 「{$name}」というルールはありません（「postal-2.2」か「board」）
# Variables: $name, $names
ba-setup-unknown-option = 「{$name}」というオプションはありません（{$names} のいずれか）
# Variables: $options
ba-setup-postal-options = options: {$options} はボードゲームのルールのオプションで、postal-2.2 では使えません
# Variables: $table, $places
ba-setup-scoring-table = scoring.{$table}: 得点表は{$places}位まで、各1000点までです
ba-setup-scoring-team-riders = scoring.team_riders: チームで数える選手は1人から4人です

## 選手へのGMの操作（脱落、リタイヤ、復帰）。

# Variables: $name, $example
ba-gm-unknown-rider = 選手「{$name}」：そのような選手はいません（チーム-グレードで書いてください。例：{$example}-A）
# Variables: $status, $place, $over
ba-gm-rider-status = 選手：{ $status ->
    [racing] レース中の
    [dropped] 脱落した
    [retired] リタイヤした
   *[finished] {$place}位でゴールした
}選手にはその操作はできません{ $over ->
    [yes] （レースは終わっています）
   *[no] {""}
}
ba-gm-not-started = レースはまだ始まっておらず、局面がありません
