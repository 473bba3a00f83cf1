## ヘルプページの題名（本文は言語ごとのテンプレート：templates/GAME/help.LANG.html）。

help-ba-title = ブレイキング・アウェイ：ルール
help-bb-title = バックパックス＆ブリスターズ：命令の書き方
