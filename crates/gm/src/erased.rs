//! A [`GameRecord`] of any game behind one trait object: what [`crate::Record`] forwards to,
//! whichever game a set-up names. Written once over `G: BotGame`; the registry's
//! [`with_game`] picks the type.

use bots::{AdviceRequest, BotGame, BotKind};
use game_api::chart::Progress;
use game_api::picture::{Picture, Scene};
use game_api::report::ReportView;
use game_api::season::Worn;
use game_api::{Lang, Rng, Seat, Viewer};
use serde_json::Value;

use crate::error::GmError;
use crate::event::{Author, Event, Setup};
use crate::games::{Asked, GameInfo, GameVisitor, with_game};
use crate::record::{GameRecord, Submission};

/// Opens a new record of the game the set-up names.
pub(crate) fn open(setup: &Setup) -> Result<Box<dyn AnyRecord>, GmError> {
    struct Open<'a>(&'a Setup);
    impl GameVisitor for Open<'_> {
        type Output = Result<Box<dyn AnyRecord>, GmError>;
        fn visit<G: BotGame>(self) -> Self::Output {
            Ok(Box::new(GameRecord::<G>::new(self.0)?))
        }
    }
    with_game(&setup.game, Open(setup))?
}

/// A [`GameRecord`] of any game, seen through what the layers above need.
pub(crate) trait AnyRecord: std::fmt::Debug + Send + Sync {
    fn clone_box(&self) -> Box<dyn AnyRecord>;
    fn info(&self) -> GameInfo;
    fn setup(&self) -> &Setup;
    fn rules_name(&self) -> &'static str;
    fn seat(&self, name: &str) -> Result<Seat, GmError>;
    fn turn(&self) -> u16;
    fn resolved(&self) -> u16;
    fn started(&self) -> bool;
    fn is_over(&self) -> bool;
    fn takes_orders(&self, seat: Seat) -> bool;
    fn sealed_text(&self, seat: Seat) -> (Option<String>, Option<String>);
    fn orders_notes(&self, seat: Seat, lang: Lang) -> Vec<String>;
    fn sealed_words(&self, seat: Seat, lang: Lang) -> Option<String>;
    fn orders_words_at(&self, turn: u16, seat: Seat, text: &str, lang: Lang) -> Option<String>;
    fn ready(&self, seat: Seat) -> bool;
    fn all_ready(&self) -> bool;
    fn reopened(&self, seat: Seat) -> bool;
    fn reopen(&mut self);
    fn nmr_streak(&self, seat: Seat) -> u16;
    fn silences(&self, seat: Seat) -> (u16, u16);
    fn apply(&mut self, event: &Event) -> Result<(), GmError>;
    fn apply_sealings(&mut self, event: &Event, run: u16) -> Result<(), GmError>;
    fn check(
        &self,
        seat: Seat,
        submission: &Submission,
        author: Author,
    ) -> Result<Vec<Event>, GmError>;
    fn bot_events(&self, seat: Seat, bot: BotKind) -> Result<Vec<Event>, GmError>;
    fn turn_report(&self, viewer: Viewer, lang: Lang, turn: u16) -> Result<String, GmError>;
    fn report_view(&self, viewer: Viewer, lang: Lang, turn: u16) -> Result<ReportView, GmError>;
    fn state_report(&self, viewer: Viewer, lang: Lang) -> String;
    fn view_json(&self, viewer: Viewer) -> Value;
    fn picture(&self, turn: u16, viewer: Viewer, lang: Lang, jerseys: &[Worn]) -> Option<Picture>;
    fn mail_picture(
        &self,
        turn: u16,
        viewer: Viewer,
        lang: Lang,
        jerseys: &[Worn],
    ) -> Option<String>;
    fn progress(&self, upto: u16) -> Progress;
    fn scenario_json(&self) -> Result<Value, GmError>;
    fn pieces(&self) -> Vec<String>;
    fn stage(&self) -> Option<Value>;
    fn places(&self) -> Option<Vec<u16>>;
    fn setup_note(&self) -> String;
    fn first_orders_help(&self, lang: Lang) -> Option<String>;
    fn reads(&self, lineup: bool, text: &str) -> Result<String, GmError>;
    fn refusal(&self, seat: Seat, submission: &Submission, lang: Lang) -> Option<String>;
    fn advise(&self, asked: Asked<'_>, rng: &mut Rng) -> Result<String, GmError>;
    fn with_stand_in_draws(&self, seed: u64) -> Box<dyn AnyRecord>;
    fn as_any(&self) -> &dyn std::any::Any;
}

impl<G: BotGame> AnyRecord for GameRecord<G> {
    fn clone_box(&self) -> Box<dyn AnyRecord> {
        Box::new(self.clone())
    }
    fn info(&self) -> GameInfo {
        GameInfo::of::<G>()
    }
    fn setup(&self) -> &Setup {
        GameRecord::setup(self)
    }
    fn rules_name(&self) -> &'static str {
        G::rules_name(self.settings())
    }
    fn seat(&self, name: &str) -> Result<Seat, GmError> {
        GameRecord::seat(self, name)
    }
    fn turn(&self) -> u16 {
        GameRecord::turn(self)
    }
    fn resolved(&self) -> u16 {
        GameRecord::resolved(self)
    }
    fn started(&self) -> bool {
        GameRecord::started(self)
    }
    fn is_over(&self) -> bool {
        GameRecord::is_over(self)
    }
    fn takes_orders(&self, seat: Seat) -> bool {
        GameRecord::takes_orders(self, seat)
    }
    fn sealed_text(&self, seat: Seat) -> (Option<String>, Option<String>) {
        GameRecord::sealed_text(self, seat)
    }
    fn orders_notes(&self, seat: Seat, lang: Lang) -> Vec<String> {
        GameRecord::orders_notes(self, seat, lang)
    }
    fn sealed_words(&self, seat: Seat, lang: Lang) -> Option<String> {
        GameRecord::sealed_words(self, seat, lang)
    }
    fn orders_words_at(&self, turn: u16, seat: Seat, text: &str, lang: Lang) -> Option<String> {
        GameRecord::orders_words_at(self, turn, seat, text, lang)
    }
    fn ready(&self, seat: Seat) -> bool {
        GameRecord::ready(self, seat)
    }
    fn all_ready(&self) -> bool {
        GameRecord::all_ready(self)
    }
    fn reopened(&self, seat: Seat) -> bool {
        GameRecord::reopened(self, seat)
    }
    fn reopen(&mut self) {
        GameRecord::reopen(self)
    }
    fn nmr_streak(&self, seat: Seat) -> u16 {
        GameRecord::nmr_streak(self, seat)
    }
    fn silences(&self, seat: Seat) -> (u16, u16) {
        GameRecord::silences(self, seat)
    }
    fn apply(&mut self, event: &Event) -> Result<(), GmError> {
        GameRecord::apply(self, event)
    }
    fn apply_sealings(&mut self, event: &Event, run: u16) -> Result<(), GmError> {
        GameRecord::apply_sealings(self, event, run)
    }
    fn check(
        &self,
        seat: Seat,
        submission: &Submission,
        author: Author,
    ) -> Result<Vec<Event>, GmError> {
        GameRecord::check(self, seat, submission, author)
    }
    fn bot_events(&self, seat: Seat, bot: BotKind) -> Result<Vec<Event>, GmError> {
        GameRecord::bot_events(self, seat, bot)
    }
    fn turn_report(&self, viewer: Viewer, lang: Lang, turn: u16) -> Result<String, GmError> {
        GameRecord::turn_report(self, viewer, lang, turn)
    }
    fn report_view(&self, viewer: Viewer, lang: Lang, turn: u16) -> Result<ReportView, GmError> {
        GameRecord::report_view(self, viewer, lang, turn)
    }
    fn state_report(&self, viewer: Viewer, lang: Lang) -> String {
        GameRecord::state_report(self, viewer, lang)
    }
    fn view_json(&self, viewer: Viewer) -> Value {
        G::view_json(&self.table(), viewer)
    }
    fn picture(&self, turn: u16, viewer: Viewer, lang: Lang, jerseys: &[Worn]) -> Option<Picture> {
        let scene = scene(self, turn, viewer, jerseys)?;
        Some(G::picture(&self.table_in(lang), scene))
    }
    fn mail_picture(
        &self,
        turn: u16,
        viewer: Viewer,
        lang: Lang,
        jerseys: &[Worn],
    ) -> Option<String> {
        let scene = scene(self, turn, viewer, jerseys)?;
        Some(G::mail_picture(&self.table_in(lang), scene))
    }
    fn progress(&self, upto: u16) -> Progress {
        let upto = upto.min(self.resolved());
        let states: Vec<&G::State> = (0..=upto).filter_map(|t| self.state_after(t)).collect();
        G::progress(&self.table(), &states)
    }
    fn scenario_json(&self) -> Result<Value, GmError> {
        G::scenario_json(&self.table()).map_err(GmError::refused)
    }
    fn pieces(&self) -> Vec<String> {
        G::pieces(&self.table())
    }
    fn stage(&self) -> Option<Value> {
        G::stage(&self.table())
    }
    fn places(&self) -> Option<Vec<u16>> {
        G::places(&self.table())
    }
    fn setup_note(&self) -> String {
        G::setup_note(&self.table())
    }
    fn first_orders_help(&self, lang: Lang) -> Option<String> {
        G::first_orders_help(self.settings(), lang)
    }
    fn reads(&self, lineup: bool, text: &str) -> Result<String, GmError> {
        if lineup {
            crate::typed::read(text, G::parse_lineup)
                .map(|l| G::lineup_text(&l))
                .map_err(|_| crate::typed::unread::<G, _>(text, G::parse_lineup))
        } else {
            let parse = |t: &str| G::parse_orders(self.settings(), self.seats(), t);
            crate::typed::read(text, parse)
                .map(|o| G::orders_text(self.settings(), self.seats(), &o))
                .map_err(|_| crate::typed::unread::<G, _>(text, parse))
        }
    }
    fn refusal(&self, seat: Seat, submission: &Submission, lang: Lang) -> Option<String> {
        GameRecord::refusal(self, seat, submission, lang)
    }
    fn advise(&self, asked: Asked<'_>, rng: &mut Rng) -> Result<String, GmError> {
        let request = AdviceRequest::<G> {
            settings: self.settings(),
            seats: self.seats(),
            state: self.state(),
            turn: self.turn(),
            seat: asked.seat,
            seat_name: asked.seat_name,
            file: asked.file,
            budget: asked.budget,
        };
        Ok(G::advise(&request, rng)?)
    }
    fn with_stand_in_draws(&self, seed: u64) -> Box<dyn AnyRecord> {
        Box::new(GameRecord::with_stand_in_draws(self, seed))
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// The game after `turn` resolved turns and the turn before it, as `viewer` reads it, its
/// pieces wearing `jerseys`; `None` before that turn.
fn scene<'a, G: BotGame>(
    record: &'a GameRecord<G>,
    turn: u16,
    viewer: Viewer,
    jerseys: &'a [Worn],
) -> Option<Scene<'a, G>> {
    Some(Scene {
        state: record.state_after(turn)?,
        before: turn.checked_sub(1).and_then(|t| record.state_after(t)),
        viewer,
        jerseys,
    })
}
