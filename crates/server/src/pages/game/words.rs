//! A game in words: what it calls its things, its titles, its status for a reader, the
//! reader's move and the game's finish as the lists of games show them.

use game_api::report::ReportView;
use game_api::{Lang, Seat, Viewer};
use locale::tr;
use store::Table;

use crate::pages::frame::Visitor;
use crate::pages::when::Urgency;

/// The message `id` in `lang`, or `fallback` where the `.ftl` files have none (a game's own
/// word that no message names yet: a new game's noun, a setting's value).
pub fn word(lang: Lang, id: &str, fallback: &str) -> String {
    let text = lang.t(id);
    if text == id {
        fallback.to_string()
    } else {
        text
    }
}

/// What a game calls one of its things (`turn`, `race`, `team`, `track`), in `lang`.
pub fn noun(lang: Lang, noun: &str) -> String {
    word(lang, &format!("game-noun-{noun}"), noun)
}

/// A game's title (`Breaking Away`), in `lang`.
pub fn game_title(lang: Lang, game: gm::GameInfo) -> String {
    game.title_in(lang)
}

/// A game's rules' name (`postal-2.2`), in `lang`.
pub fn rules_title(lang: Lang, rules: &str) -> String {
    word(
        lang,
        &format!("game-rules-{}", rules.replace('.', "-")),
        rules,
    )
}

/// A turn by its game's noun: `turn 3`, `第3ターン`.
pub fn turn_words(lang: Lang, game: gm::GameInfo, turn: u16) -> String {
    tr!(
        lang,
        "turn-name",
        noun = noun(lang, game.turn_noun),
        n = turn
    )
}

/// The game's state in a few words: over, paused, or the coming turn and its deadline.
pub fn status_text(table: &store::Summary, visitor: &Visitor) -> String {
    let lang = visitor.lang;
    if table.row.over {
        return lang.t("game-status-over");
    }
    let turn = if table.started {
        turn_words(lang, table.row.game, table.turn)
    } else {
        lang.t("game-status-lineups")
    };
    if table.waiting_for_players() {
        let (taken, all) = table.seats_taken();
        return tr!(
            lang,
            "game-status-waiting-players",
            taken = taken,
            all = all
        );
    }
    match (table.row.paused, table.row.next_deadline) {
        (true, _) => tr!(lang, "game-status-paused", turn = turn),
        (false, Some(at)) => tr!(
            lang,
            "game-status-due",
            turn = turn,
            deadline = visitor.deadline(at)
        ),
        (false, None) => turn,
    }
}

/// What a seat's player must do now, in a few words: "Your orders are sealed (amend until …)",
/// "Orders for turn 6 due Sun 13 Dec 20:00 Europe/London", or that there is nothing to send.
/// The time left is the [`Badge`]'s, shown beside it wherever this is.
pub fn your_move(table: &Table, visitor: &Visitor, seat: Seat) -> (String, bool) {
    let lang = visitor.lang;
    let record = &table.record;
    if record.is_over() {
        return (lang.t("game-move-over"), false);
    }
    if !record.takes_orders(seat) {
        return (lang.t("game-move-none"), false);
    }
    let noun = if record.started() {
        turn_words(lang, record.game(), record.turn())
    } else {
        lang.t("game-move-lineup")
    };
    // The clock: running to a deadline, paused by the GM, or not started (a game waiting for
    // its players: its first deadline is set when the last seat is taken).
    enum Clock {
        Due(i64),
        Paused,
        Waiting { taken: usize, all: usize },
    }
    let clock = match (table.row.paused, table.row.next_deadline) {
        (true, _) => Clock::Paused,
        (false, Some(at)) => Clock::Due(at),
        (false, None) => Clock::Waiting {
            taken: table.seats.iter().filter(|s| s.taken()).count(),
            all: table.seats.len(),
        },
    };
    let moment = |at: i64| crate::pages::when::moment_in(lang, at, visitor.zone());
    let ready = record.ready(seat);
    let text = match (clock, ready) {
        (Clock::Due(at), true) => tr!(lang, "game-move-sealed", turn = noun, until = moment(at)),
        (Clock::Due(at), false) => tr!(lang, "game-move-due", turn = noun, due = moment(at)),
        (Clock::Paused, true) => tr!(lang, "game-move-sealed-paused", turn = noun),
        (Clock::Paused, false) => tr!(lang, "game-move-due-paused", turn = noun),
        (Clock::Waiting { taken, all }, true) => tr!(
            lang,
            "game-move-sealed-waiting",
            turn = noun,
            taken = taken,
            all = all
        ),
        (Clock::Waiting { taken, all }, false) => tr!(
            lang,
            "game-move-due-waiting",
            turn = noun,
            taken = taken,
            all = all
        ),
    };
    (text, !ready)
}

/// The badge beside "your move": how near the deadline is when the seat's orders are due
/// (`due in 13 min`, styled by its urgency), or that they are sealed.
#[derive(Debug)]
pub struct Badge {
    pub text: String,
    /// `badge-warn`, `badge-danger`, `badge-ok`, or empty.
    pub class: &'static str,
    /// The "your move" box's class (`due-soon`), or empty.
    pub urgency: &'static str,
}

impl Badge {
    pub fn of(table: &Table, visitor: &Visitor, seat: Seat) -> Option<Badge> {
        let lang = visitor.lang;
        let record = &table.record;
        if record.is_over() || !record.takes_orders(seat) {
            return None;
        }
        if record.ready(seat) {
            return Some(Badge {
                text: lang.t("game-badge-sealed"),
                class: "badge-ok",
                urgency: "",
            });
        }
        let at = table.row.next_deadline.filter(|_| !table.row.paused)?;
        let urgency = Urgency::of(at, visitor.now);
        let text = match urgency {
            Urgency::Late => lang.t("game-badge-due-now"),
            _ => tr!(
                lang,
                "game-badge-due-in",
                left = crate::pages::when::left_in(lang, at - visitor.now)
            ),
        };
        Some(Badge {
            text,
            class: urgency.badge(),
            urgency: urgency.class(),
        })
    }
}

/// How a finished game ended for its reader: the winner (every seat in first place, when they
/// share it; none when nobody won), and the reader's own place.
#[derive(Debug)]
pub struct Finish {
    pub winners: Vec<String>,
    /// `4th`, `joint 1st`; `None` for a reader without a seat.
    pub place: Option<String>,
}

impl Finish {
    /// From the last report's view, once the game is over; the reader's place in `lang`, as
    /// the standings show it (a place shared is "joint").
    pub fn of(view: &ReportView, lang: Lang) -> Option<Finish> {
        let over = view.over.as_ref()?;
        // An empty podium: nobody won (a Backpacks day nobody got back from, 5.2).
        let first = over.podium.first().map(|p| p.place);
        let winners = over
            .podium
            .iter()
            .filter(|p| Some(p.place) == first)
            .map(|p| p.name.clone())
            .collect();
        let place = over.yours.map(|own| {
            if own.shared {
                tr!(lang, "game-finish-joint", place = lang.place(own.place))
            } else {
                lang.place(own.place)
            }
        });
        Some(Finish { winners, place })
    }

    /// The game's end for a seat of `table`, read from its last report, in `lang`.
    pub fn of_seat(table: &Table, seat: Seat, lang: Lang) -> Option<Finish> {
        let record = &table.record;
        if !record.is_over() {
            return None;
        }
        let view = record
            .report_view(Viewer::Seat(seat), lang, record.resolved())
            .ok()?;
        Finish::of(&view, lang)
    }

    /// `Yellow won; you were 4th`, `Red and Blue share the win; you were joint 1st` in `lang`
    /// (a tab's title: without the full stop).
    pub fn text(&self, lang: Lang) -> String {
        self.sentence(lang)
            .trim_end_matches(['.', '。'])
            .to_string()
    }

    /// [`Finish::text`] as a sentence, with its full stop (the game page's banner).
    pub fn sentence(&self, lang: Lang) -> String {
        if self.winners.is_empty() {
            return match &self.place {
                Some(place) => tr!(lang, "game-finish-nobody-place", place = place.clone()),
                None => lang.t("game-finish-nobody"),
            };
        }
        let winners = lang.and_list(&self.winners);
        match (&self.place, self.winners.len() > 1) {
            (Some(place), false) => tr!(
                lang,
                "game-finish-won-place",
                winner = winners,
                place = place.clone()
            ),
            (Some(place), true) => tr!(
                lang,
                "game-finish-shared-place",
                winners = winners,
                place = place.clone()
            ),
            (None, false) => tr!(lang, "game-finish-won", winner = winners),
            (None, true) => tr!(lang, "game-finish-shared", winners = winners),
        }
    }
}

/// Each setting of a set-up in words (`options open_hands`), but those named in `skip`.
pub fn settings_said(
    lang: Lang,
    game: &gm::GameInfo,
    setup: &gm::Setup,
    skip: &[&str],
) -> Vec<String> {
    setup
        .settings
        .iter()
        .filter(|(name, _)| !skip.contains(&name.as_str()))
        .map(|(name, value)| {
            let kind = game
                .settings
                .iter()
                .find(|s| s.name == name)
                .map(|s| s.kind);
            let setting = word(lang, &format!("history-setting-{name}"), name);
            let said = match value {
                _ if kind == Some(gm::SettingKind::File) => {
                    return tr!(lang, "history-setting-given", setting = setting);
                }
                // The rules name themselves (`postal rules 2.2`, `board-game rules`).
                serde_json::Value::String(text) if name == "rules" => {
                    return setting_value(lang, text);
                }
                serde_json::Value::String(text) => setting_value(lang, text),
                serde_json::Value::Array(names) => {
                    let names: Vec<String> = names
                        .iter()
                        .filter_map(|n| n.as_str())
                        .map(|n| setting_value(lang, n))
                        .collect();
                    names.join(&lang.t("game-list-comma"))
                }
                other => other.to_string(),
            };
            tr!(lang, "history-setting", setting = setting, value = said)
        })
        .collect()
}

/// A setting's value in words (`postal-2.2`, `open_hands`; `郵便ルール2.2`): the rules' name,
/// an option's, or the value as given.
fn setting_value(lang: Lang, value: &str) -> String {
    let rules = rules_title(lang, value);
    if rules != value {
        return rules;
    }
    word(lang, &format!("new-game-option-{value}"), value)
}

#[cfg(test)]
mod tests {
    use game_api::report::{Over, OwnPlace, Podium, ReportView};
    use game_api::{Lang, Seat, Viewer};

    use super::Finish;

    /// The end with this podium, the reader's place the podium's own entry.
    fn over(places: &[(usize, &str, bool)]) -> ReportView {
        let seats: Vec<usize> = places.iter().map(|p| p.0).collect();
        let yours = places
            .iter()
            .position(|p| p.2)
            .and_then(|k| OwnPlace::of(&seats, Viewer::Seat(Seat(k as u8))));
        ReportView {
            over: Some(Over {
                banner: String::new(),
                podium: places
                    .iter()
                    .map(|&(place, name, own)| Podium {
                        place,
                        name: name.into(),
                        detail: String::new(),
                        own,
                    })
                    .collect(),
                yours,
            }),
            ..ReportView::default()
        }
    }

    /// Off the podium the reader is told the place its row shows, shared or not: two at 4th
    /// are both "joint 4th", the second not "5th" (a sentence never disagrees with its table).
    #[test]
    fn a_place_off_the_podium_is_the_standings_place() {
        let mut view = over(&[(1, "Red", false), (2, "Blue", false), (3, "Grey", false)]);
        let yours = |place, shared| Some(OwnPlace { place, shared });
        view.over.as_mut().unwrap().yours = yours(4, true);
        assert_eq!(
            Finish::of(&view, Lang::EN).unwrap().sentence(Lang::EN),
            "Red won; you were joint 4th."
        );
        view.over.as_mut().unwrap().yours = yours(5, false);
        assert_eq!(
            Finish::of(&view, Lang::EN).unwrap().sentence(Lang::EN),
            "Red won; you were 5th."
        );
    }

    /// A win shared is said as shared, to each of its winners, in both languages: the banner
    /// agrees with the report's "share the day's win" (B&B-17: walkers level on points share
    /// their place).
    #[test]
    fn a_shared_win_is_said_as_shared_to_each_winner() {
        let second = over(&[(1, "gwen", false), (1, "second", true)]);
        let finish = Finish::of(&second, Lang::EN).unwrap();
        assert_eq!(
            finish.sentence(Lang::EN),
            "gwen and second share the win; you were joint 1st."
        );
        assert_eq!(
            finish.text(Lang::EN),
            "gwen and second share the win; you were joint 1st"
        );
        let ja = Lang::from_code("ja").unwrap();
        let finish = Finish::of(&second, ja).unwrap();
        assert_eq!(
            finish.sentence(ja),
            "gwenとsecondが同率で優勝しました。あなたは同率1位でした。"
        );
        // A sole winner, and a place below a shared one (after two at 1st, 3rd).
        let third = over(&[(1, "Red", false), (1, "Blue", false), (3, "Grey", true)]);
        assert_eq!(
            Finish::of(&third, Lang::EN).unwrap().sentence(Lang::EN),
            "Red and Blue share the win; you were 3rd."
        );
        let sole = over(&[(1, "Yellow", false), (2, "Red", true)]);
        assert_eq!(
            Finish::of(&sole, Lang::EN).unwrap().sentence(Lang::EN),
            "Yellow won; you were 2nd."
        );
    }

    /// B&B 5.2: a day nobody got back from has no winner, and its banner says so rather than
    /// naming the losers as winners (the report's podium holds only walkers who are back).
    #[test]
    fn nobody_back_nobody_won() {
        let nobody = over(&[]);
        let finish = Finish::of(&nobody, Lang::EN).unwrap();
        assert!(finish.winners.is_empty());
        assert_eq!(finish.sentence(Lang::EN), "Nobody won.");
        let ja = Lang::from_code("ja").unwrap();
        assert_eq!(
            Finish::of(&nobody, ja).unwrap().sentence(ja),
            "勝者はいません。"
        );
    }
}
