## ページ・メール・レポートに共通する語。

# 順位（日本語は序数の語尾を変えない：1位、2位、11位）。
place = {$n}位

## 日時：閲覧者のタイムゾーン、24時間表記。

when = {$year}年{$month}月{$day}日({$weekday}) {$hour}:{$minute}
when-date = {$year}年{$month}月{$day}日({$weekday})

weekday-1 = 月
weekday-2 = 火
weekday-3 = 水
weekday-4 = 木
weekday-5 = 金
weekday-6 = 土
weekday-7 = 日

month-1 = 1月
month-2 = 2月
month-3 = 3月
month-4 = 4月
month-5 = 5月
month-6 = 6月
month-7 = 7月
month-8 = 8月
month-9 = 9月
month-10 = 10月
month-11 = 11月
month-12 = 12月

# 言語名（その言語自身で。言語の切り替えメニューに使う）。
language-name = 日本語

## 列挙：「aとb」「a、b、c」。

list-two = {$a}と{$b}
list-separator = 、
list-many = {$init}、{$last}
clause-list = {$init}、{$last}

## The record's lines at a report's foot: what ties it to the verifiable record.

# Variables: $noun (the game's word for a turn: turn, round), $noun-title (the same, capitalised), $turn, $digest
record-digest-line = 第{$turn}{ $noun ->
    [round] ラウンド
   *[turn] ターン
}・レポートのハッシュ値（SHA-256）：{$digest}
# The words before the digest on the report page.
record-digest = レポートのハッシュ値（SHA-256）
# Variables: $commitment, $noun (the game's word for a game: race, day, game)
record-commitment-line = 抽選のコミットメント：SHA-256 {$commitment}（{ $noun ->
    [day] 一日
    [game] ゲーム
   *[race] レース
}の終了後に postrider verify で検証できます）

# ターンのレポートと履歴で、不在のために代わりにプレイされた席を1席1行で示す。
# Variables: $seat, $text
away-note = 不在：{$seat}、{$text}。
# Variables: $until
away-note-missed = {$until}まで不在。届け出た不在の免除ターンを使い切ったため、命令未着時の既定動作でプレイされ、このターンは命令未着に数えます
# Variables: $until, $bot
away-note-bot = {$until}まで不在。{ BOT($bot) }ボットが代わりにプレイしました（届け出済み）
# Variables: $until
away-note-nmr = {$until}まで不在。命令未着時の既定動作でプレイされました（届け出済み）

# ステージのレポートに載せるシーズンの順位。
season-report-stand-in = （首位の選手がより格上のジャージを着ているため）
# Variables: $title, $of, $unit
season-class-line = {$title}（{ $of ->
    [teams] チーム
    [riders] 選手
    [walkers] ハイカー
   *[other] {$of}
}、{$unit}）
# Variables: $season, $stage, $n
season-report-heading = {$season}：{ $stage ->
    [day] {$n}日目
   *[other] 第{$n}ステージ
}終了時の順位
# Variables: $season, $stage, $n, $planned
season-report-heading-planned = {$season}：{ $stage ->
    [day] {$n}日目（全{$planned}日）
   *[other] 第{$n}ステージ（全{$planned}ステージ）
}終了時の順位
season-report-winners = 優勝
season-report-movement = 順位の変動
season-report-who = 名前
season-report-total = 合計

# 机上のシーズン順位（postrider season standings）。
# Variables: $name, $season, $stage, $game, $n, $planned, $best
season-desk-heading = {$name}（{ $stage ->
    [day] ウォーキングウィーク
   *[other] ステージレース
}、{$game}）：全{$planned}{ $stage ->
    [day] 日
   *[other] ステージ
}のうち{$n}{ $stage ->
    [day] 日
   *[other] ステージ
}終了時の順位{ $best ->
    [0] {""}
   *[other] 。上位{$best}回分を数え、残りは括弧内に示します
}
# Variables: $stage
season-desk-none = まだ終わった{ $stage ->
    [day] 日
   *[other] ステージ
}はありません。
# Variables: $jersey, $who, $why
season-jersey-line = {$jersey}：{$who}{$why}
# Variables: $title, $lines, $jersey（ジャージ名、または none）, $who
season-level-top = { $jersey ->
    [none] {$title}：{$lines}は同点判定をすべて行っても並んだままで、1位を分け合います。
   *[other] {$title}：{$lines}は同点判定をすべて行っても並んだままで、1位を分け合います。{$jersey}は、そのうちより格上のジャージを着ていない選手で席順が最も早い{$who}が着ます。
}

## ボットの名前（メッセージ中の `BOT($bot)`）。「…ボット」と続けて使う。
bot-random = ランダム
bot-nmr = 無提出扱い
bot-heuristic = 定石
bot-mcts = 先読み
bot-flatmc = モンテカルロ

## 文と文の間。日本語では何も入れない。
sentence-gap = {""}
## ラベルの後。日本語のラベルは全角コロンで終わるので何も入れない。
label-gap = {""}
