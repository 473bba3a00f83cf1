//! The record of whichever game: everything above the rules crates reaches a game through
//! [`Record`], which holds a [`GameRecord`] of the game a set-up names (behind `crate::erased`)
//! and forwards to it. The games themselves are listed in `crate::games`.

use bots::BotGame;
use game_api::chart::Progress;
use game_api::picture::Picture;
use game_api::report::ReportView;
use game_api::{Lang, Rng, Seat, Viewer};
use serde_json::Value;

use crate::erased::{AnyRecord, open};
use crate::error::GmError;
use crate::event::{Author, Event, Setup};
use crate::games::{Asked, GameInfo, parse_bot};
use crate::record::{GameRecord, Submission};

/// The GM's record of a game, whichever game it is: built by replaying its log.
#[derive(Debug)]
pub struct Record(Box<dyn AnyRecord>);

impl Clone for Record {
    fn clone(&self) -> Self {
        Record(self.0.clone_box())
    }
}

impl Record {
    /// A new game from its set-up; refused with the field named if the set-up is bad.
    pub fn new(setup: &Setup) -> Result<Record, GmError> {
        open(setup).map(Record)
    }

    /// The coming turn was re-opened by a roll-back (`GameRecord::reopen`).
    pub(crate) fn reopen(&mut self) {
        self.0.reopen();
    }

    /// A copy to preview the coming turn on: for a game whose draws are secret, its coming
    /// draws are stand-ins (`draws::stand_in_seed`), so that the preview shows no draw not yet
    /// made; a game whose GM chose the seed keeps its own (its GM knows them).
    pub fn for_preview(&self) -> Record {
        if self.setup().secret.is_none() {
            return self.clone();
        }
        let seed = crate::draws::stand_in_seed(self.setup(), self.turn());
        Record(self.0.with_stand_in_draws(seed))
    }

    /// Applies one entry that changes the record.
    pub fn apply(&mut self, event: &Event) -> Result<(), GmError> {
        self.0.apply(event)
    }

    /// See [`GameRecord::apply_sealings`].
    pub fn apply_sealings(&mut self, event: &Event, run: u16) -> Result<(), GmError> {
        self.0.apply_sealings(event, run)
    }

    /// Which game this is.
    pub fn game(&self) -> GameInfo {
        self.0.info()
    }

    pub fn setup(&self) -> &Setup {
        self.0.setup()
    }

    pub fn seats(&self) -> &[String] {
        &self.0.setup().seats
    }

    /// The seat with this name.
    pub fn seat(&self, name: &str) -> Result<Seat, GmError> {
        self.0.seat(name)
    }

    /// The number of the coming turn (Breaking Away) or round (Backpacks).
    pub fn turn(&self) -> u16 {
        self.0.turn()
    }

    /// How many turns (or rounds) have been resolved.
    pub fn resolved(&self) -> u16 {
        self.0.resolved()
    }

    /// The rule set the game is played by (`postal-2.2`, `board`, `pbm-2.1`).
    pub fn rules_name(&self) -> &'static str {
        self.0.rules_name()
    }

    /// Whether play has begun (a Breaking Away race waits for its line-ups; a day begins at
    /// once).
    pub fn started(&self) -> bool {
        self.0.started()
    }

    pub fn is_over(&self) -> bool {
        self.0.is_over()
    }

    /// Whether the seat still has a part to play (not every rider finished, the walker out).
    pub fn takes_orders(&self, seat: Seat) -> bool {
        self.0.takes_orders(seat)
    }

    /// The seat's sealed orders as the engine read them: (line-up, orders).
    pub fn sealed(&self, seat: Seat) -> (Option<String>, Option<String>) {
        self.0.sealed_text(seat)
    }

    /// The seat's sealed orders as its player reads them, in `lang`: places by name where the
    /// order text has codes (the echo, the order page); the API keeps [`sealed`](Self::sealed).
    pub fn sealed_words(&self, seat: Seat, lang: Lang) -> Option<String> {
        self.0.sealed_words(seat, lang)
    }

    /// Orders the log keeps for `turn` (their text), as their player read them then, in
    /// `lang` (the history page); `None` when they cannot be read against that turn.
    pub fn orders_words_at(&self, turn: u16, seat: Seat, text: &str, lang: Lang) -> Option<String> {
        self.0.orders_words_at(turn, seat, text, lang)
    }

    /// What the seat's sealed orders leave to the rules' defaults, one line each (`D: no order
    /// — plays its highest card, 12`): the echo says so, in `lang`.
    pub fn orders_notes(&self, seat: Seat, lang: Lang) -> Vec<String> {
        self.0.orders_notes(seat, lang)
    }

    /// Whether everything the seat needs to send for the coming turn is sealed.
    pub fn ready(&self, seat: Seat) -> bool {
        self.0.ready(seat)
    }

    /// Every seat that plays is ready: the turn can be resolved before its deadline.
    pub fn all_ready(&self) -> bool {
        self.0.all_ready()
    }

    /// Whether a roll-back re-opened the coming turn and the seat has sent nothing since: its
    /// orders are kept for the deadline, but it is not ready (a roll-back re-opens a turn with
    /// its orders, not its seats' readiness).
    pub fn reopened(&self, seat: Seat) -> bool {
        self.0.reopened(seat)
    }

    /// How many turns in a row, up to the last resolved, the seat sent nothing (the GM's
    /// console shows who is missing).
    pub fn nmr_streak(&self, seat: Seat) -> u16 {
        self.0.nmr_streak(seat)
    }

    /// The turns the seat had orders to send, and how many of them it sent nothing for.
    pub fn silences(&self, seat: Seat) -> (u16, u16) {
        self.0.silences(seat)
    }

    /// Reads and checks a player's submission without changing anything, and gives back the
    /// log entries that seal it, with the text as the engine read it.
    pub fn check(
        &self,
        seat: Seat,
        submission: &Submission,
        author: Author,
    ) -> Result<Vec<Event>, GmError> {
        self.0.check(seat, submission, author)
    }

    /// The entries a bot sends for a seat that is not ready; empty if it has nothing to send.
    pub fn bot_events(&self, seat: Seat, bot: &str) -> Result<Vec<Event>, GmError> {
        self.0.bot_events(seat, parse_bot(bot)?)
    }

    /// A turn's report (the last one if `turn` is `None`) as plain text, as `viewer` may see
    /// it; where the game stands if nothing has been resolved.
    /// Every report a player gets ends with the digest of the turn's public report (which
    /// the record keeps) and the game's commitment to its draws (`draws`).
    pub fn report_text(
        &self,
        viewer: Viewer,
        lang: Lang,
        turn: Option<u16>,
    ) -> Result<String, GmError> {
        let mut text = self.report_body(viewer, lang, turn)?;
        if !text.ends_with('\n') {
            text.push('\n');
        }
        text.push('\n');
        if let Some(turn) = turn.or((self.resolved() > 0).then(|| self.resolved())) {
            text.push_str(&self.digest_line(turn, lang)?);
        }
        text.push_str(&self.commitment_line(lang));
        Ok(text)
    }

    /// The line that ties a turn's report to the record: `Turn 7 · report digest SHA-256 …`.
    pub fn digest_line(&self, turn: u16, lang: Lang) -> Result<String, GmError> {
        // English starts the line with the noun (`Round 3`): given capitalised beside it.
        let noun = self.game().turn_noun;
        let mut chars = noun.chars();
        let noun_title: String = chars
            .next()
            .map(|c| c.to_ascii_uppercase())
            .into_iter()
            .chain(chars)
            .collect();
        Ok(format!(
            "{}\n",
            locale::tr!(
                lang,
                "record-digest-line",
                noun = noun,
                noun_title = noun_title,
                turn = turn.to_string(),
                digest = self.turn_digest(turn)?
            )
        ))
    }

    /// The line that ends every report in `lang`: the game's commitment to its draws.
    pub fn commitment_line(&self, lang: Lang) -> String {
        format!(
            "{}\n",
            locale::tr!(
                lang,
                "record-commitment-line",
                commitment = self.commitment(),
                noun = self.game().game_noun
            )
        )
    }

    /// `report_text` without the commitment: for a printout of many turns (`demo`).
    pub fn report_body(
        &self,
        viewer: Viewer,
        lang: Lang,
        turn: Option<u16>,
    ) -> Result<String, GmError> {
        match turn.or((self.resolved() > 0).then(|| self.resolved())) {
            None => Ok(self.0.state_report(viewer, lang)),
            Some(t) => self.0.turn_report(viewer, lang, t),
        }
    }

    /// A resolved turn's report as a typed view for the page (HTML with
    /// [`ReportView::html`]), as `viewer` may see it.
    /// It carries the digest of the turn's public report, as the text does.
    pub fn report_view(
        &self,
        viewer: Viewer,
        lang: Lang,
        turn: u16,
    ) -> Result<ReportView, GmError> {
        let mut view = self.0.report_view(viewer, lang, turn)?;
        view.digest = Some(self.turn_digest(turn)?);
        view.digest_label = lang.t("record-digest");
        Ok(view)
    }

    /// The game's published commitment to its draws (`draws::commitment`).
    pub fn commitment(&self) -> String {
        crate::draws::commitment(self.setup())
    }

    /// The digest of a resolved turn's public report, as the log keeps it
    /// (`draws::report_digest`): the English one, whatever language readers get.
    pub fn turn_digest(&self, turn: u16) -> Result<String, GmError> {
        let report = self.0.turn_report(Viewer::Public, Lang::EN, turn)?;
        Ok(crate::draws::report_digest(&report))
    }

    /// The entry that logs the resolution of `turn`, just applied: with the digest of the
    /// report it published and the edition of that report's text, for `verify`.
    pub fn resolution_entry(&self, turn: u16) -> Result<Event, GmError> {
        Ok(Event::Resolved {
            turn,
            digest: Some(self.turn_digest(turn)?),
            format: Some(self.game().report_format),
        })
    }

    /// Where the game stands between turns, as `viewer` may read it: the road or the map, the
    /// hands the viewer may see, whose orders are in, the standings.
    pub fn state_text(&self, viewer: Viewer, lang: Lang) -> String {
        self.0.state_report(viewer, lang)
    }

    /// The game now, as `viewer` may see it: the one place the API's game state comes from.
    pub fn view_json(&self, viewer: Viewer) -> Value {
        self.0.view_json(viewer)
    }

    /// The track (Breaking Away) or the map (Backpacks) after `turn` resolved turns (`None`:
    /// now), with its close-up for a phone and the last turn's moves, `viewer`'s own pieces
    /// marked, labelled in `lang`; `None` before a race has started.
    pub fn picture(&self, turn: Option<u16>, viewer: Viewer, lang: Lang) -> Option<Picture> {
        self.season_picture(turn, viewer, lang, &[])
    }

    /// [`Record::picture`] of a season's stage, the pieces wearing `jerseys` marked.
    pub fn season_picture(
        &self,
        turn: Option<u16>,
        viewer: Viewer,
        lang: Lang,
        jerseys: &[game_api::season::Worn],
    ) -> Option<Picture> {
        self.0
            .picture(turn.unwrap_or(self.resolved()), viewer, lang, jerseys)
    }

    /// The picture a report mail of `turn` shows (`Game::mail_picture`: the close-up where
    /// there is one), a season's jerseys marked.
    pub fn mail_picture(
        &self,
        turn: u16,
        viewer: Viewer,
        lang: Lang,
        jerseys: &[game_api::season::Worn],
    ) -> Option<String> {
        self.0.mail_picture(turn, viewer, lang, jerseys)
    }

    /// The whole picture of [`Record::picture`].
    pub fn picture_svg(&self, turn: Option<u16>, viewer: Viewer, lang: Lang) -> Option<String> {
        self.picture(turn, viewer, lang).map(|p| p.svg)
    }

    /// Each rider's distance (Breaking Away) or each walker's points (Backpacks) after every
    /// resolved turn up to `upto`.
    pub fn progress(&self, upto: u16) -> Progress {
        self.0.progress(upto)
    }

    /// What a first-time player needs for the first orders (the welcome mail, the first
    /// reminder), if the game says anything.
    pub fn first_orders_help(&self, lang: Lang) -> Option<String> {
        self.0.first_orders_help(lang)
    }

    /// What everybody should know once the game is set up, and what comes next.
    pub fn setup_note(&self) -> String {
        let info = self.game();
        let mut note = self.0.setup_note();
        if !note.is_empty() {
            note.push(' ');
        }
        if self.started() {
            note.push_str(&format!(
                "Next: each {}'s orders for {} {} (postrider orders).\n",
                info.seat_noun,
                info.turn_noun,
                self.turn()
            ));
        } else {
            note.push_str(&format!(
                "Next: each {}'s line-up (postrider lineup).\n",
                info.seat_noun
            ));
        }
        note
    }

    /// The game as its GM sees it now, with every resolved turn's GM report, as JSON: records
    /// that print the same are the same game (tests and replay checks compare them this way).
    pub fn to_json(&self) -> String {
        let reports: Vec<String> = (1..=self.resolved())
            .map(|t| {
                self.0
                    .turn_report(Viewer::Gm, Lang::EN, t)
                    .unwrap_or_default()
            })
            .collect();
        let sealed: Vec<_> = (0..self.seats().len() as u8)
            .map(|s| self.sealed(Seat(s)))
            .collect();
        serde_json::json!({
            "view": self.view_json(Viewer::Gm),
            "state": self.state_text(Viewer::Gm, Lang::EN),
            "sealed": sealed,
            "reports": reports,
        })
        .to_string()
    }

    /// Whether `text` reads as a line-up (`lineup`) or as orders in this game's grammar, and
    /// the text as read; nothing is checked against the position (a mail's lines are sorted
    /// this way before the whole is checked).
    pub fn reads(&self, lineup: bool, text: &str) -> Result<String, GmError> {
        self.0.reads(lineup, text)
    }

    /// Why the rules refuse `seat`'s `submission`, in the reader's `lang`, quoting the
    /// player's words as typed (the order page's error and the mail's echo); `None` when the
    /// rules take it. In English, the same words as the refusal `submit` gives.
    pub fn refusal(&self, seat: Seat, submission: &Submission, lang: Lang) -> Option<String> {
        self.0.refusal(seat, submission, lang)
    }

    /// The search's advice for a seat, as `postrider advise` prints it (`BotGame::advise`).
    pub fn advise(&self, asked: Asked<'_>, rng: &mut Rng) -> Result<String, GmError> {
        self.0.advise(asked, rng)
    }

    /// The typed record, for the few tools that are written for one game.
    pub fn downcast<G: BotGame>(&self) -> Option<&GameRecord<G>> {
        self.0.as_any().downcast_ref()
    }

    /// The position in the game's scenario notation, with the sealed orders (GM only).
    pub fn scenario_json(&self) -> Result<Value, GmError> {
        self.0.scenario_json()
    }

    /// The pieces the GM may act on now (`GameInfo::piece_actions`): the console's menu.
    pub fn pieces(&self) -> Vec<String> {
        self.0.pieces()
    }

    /// The finished game read as one stage of a season (`Game::stage`); `None` before the end.
    pub fn stage(&self) -> Option<Value> {
        self.0.stage()
    }

    /// Each seat's place once the game is over (1 won; level seats share a place).
    pub fn places(&self) -> Option<Vec<u16>> {
        self.0.places()
    }
}
