## The help pages' titles (their text is one template per language:
## templates/GAME/help.LANG.html).

help-ba-title = Breaking Away: the rules
help-bb-title = Backpacks & Blisters: orders
