//! The GM's desk: every game-file command (`new`, `lineup`, `orders`, `resolve`, `report`,
//! `drop`, `retire`, `replay`, `scenario export`, `demo`) as one thin layer over the lifecycle in
//! `gm`, the same one the server runs, for whichever game the file holds.

use anyhow::{Context, Result, anyhow, bail};
use game_api::{Lang, Seat, Viewer};
use gm::{Event, GameFile, Record, Setup, Submission};

use crate::files::{self, emit, load, read_input, save, text_argument};
use crate::settings_flags::SettingsFlags;

/// Who made a change at the desk, in the log.
pub const DESK: &str = "gm";

/// The time an entry is logged at: the binary reads the clock, the lifecycle never does.
pub fn now() -> Option<i64> {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .ok()
        .map(|d| d.as_secs() as i64)
}

/// Applies `events` to the game in `path` and writes it back, whole or not at all.
fn change(path: &str, game: &mut GameFile, events: Vec<Event>) -> Result<()> {
    game.push(events, now(), DESK)?;
    save(path, &game.to_json())
}

/// The viewer a seat name (or --public) stands for.
fn viewer(record: &Record, seat: Option<&str>, public: bool) -> Result<Viewer> {
    Ok(match (seat, public) {
        (Some(name), _) => Viewer::Seat(record.seat(name)?),
        (None, true) => Viewer::Public,
        (None, false) => Viewer::Gm,
    })
}

/// The set-up of a new game, as the command line gives it.
#[derive(Debug)]
pub struct NewGame<'a> {
    pub file: &'a str,
    pub game: &'a str,
    pub settings: &'a SettingsFlags,
    pub seats: Vec<String>,
    pub seed: u64,
}

pub fn new(new: NewGame<'_>) -> Result<()> {
    let info = gm::game_info(new.game)?;
    let setup = Setup {
        game: info.name.to_string(),
        settings: new.settings.for_game(&info)?,
        seats: new.seats,
        seed: new.seed,
        secret: None,
    };
    let game = GameFile::new(setup, now(), Some(DESK.into()))?;
    save(new.file, &game.to_json())?;
    let record = game.record();
    emit(&format!(
        "New {} game ({}) for {} with seed {}: {}.\n{}",
        info.title,
        record.rules_name(),
        record.seats().join(", "),
        new.seed,
        new.file,
        record.setup_note()
    ))
}

pub fn lineup(file: &str, seat: &str, words: &[String]) -> Result<()> {
    // Held from the load to the save (files::Hold).
    let hold = files::hold(file)?;
    let mut game = hold.load()?;
    let record = game.record();
    let seat_no = record.seat(seat)?;
    let submission = Submission {
        turn: None,
        lineup: Some(text_argument(words)?),
        orders: None,
    };
    let events = record.check(seat_no, &submission, gm::Author::Player)?;
    let Some(Event::Lineup { text, .. }) = events.first().cloned() else {
        bail!("line-up: nothing sent");
    };
    change(file, &mut game, events)?;
    emit(&format!("Line-up sealed for {seat}: {text}\n"))
}

/// The bot a seat was handed to at the desk (`orders … --bot NAME`), by the log's last
/// `SeatBot` entry for it: the desk's counterpart of the server's `seats.bot`.
fn seat_bots(game: &GameFile) -> Vec<(Seat, String)> {
    let mut bots: std::collections::BTreeMap<Seat, Option<String>> = Default::default();
    for entry in game.log() {
        if let Event::SeatBot { seat, bot } = &entry.event {
            bots.insert(*seat, bot.clone());
        }
    }
    bots.into_iter()
        .filter_map(|(seat, bot)| Some((seat, bot?)))
        .collect()
}

/// `--bot off`: the seat goes back to its player.
const NO_BOT: &str = "off";

pub fn orders(file: &str, seat: &str, words: &[String], bot: Option<&str>) -> Result<()> {
    // A whole mail (or a mail's body) on standard input is read before the game is held.
    let mail = match (bot, words) {
        (None, [dash]) if dash == "-" => Some(read_stdin_bytes()?),
        _ => None,
    };
    // Held from the load to the save (files::Hold).
    let hold = files::hold(file)?;
    let mut game = hold.load()?;
    let record = game.record();
    let seat_no = record.seat(seat)?;
    let mut ignored = Vec::new();
    let mut notes = Vec::new();
    let events = match (bot, mail) {
        (None, Some(input)) => {
            // The same reading as the server's inbound mail (crates/mail).
            let (_, read) = mail::orders_from_mail(record, &input).map_err(|e| anyhow!("{e}"))?;
            let submission = read.submission().map_err(|problems| {
                let lines: Vec<String> = problems.iter().map(ToString::to_string).collect();
                anyhow!("{}", lines.join("; "))
            })?;
            ignored = read.ignored;
            record.check(seat_no, &submission, gm::Author::Player)?
        }
        (None, None) => {
            let submission = Submission {
                turn: None,
                lineup: None,
                orders: Some(text_argument(words)?),
            };
            record.check(seat_no, &submission, gm::Author::Player)?
        }
        (Some(NO_BOT), _) => {
            if !seat_bots(&game).iter().any(|(s, _)| *s == seat_no) {
                bail!("--bot: no bot plays {seat}");
            }
            change(
                file,
                &mut game,
                vec![Event::SeatBot {
                    seat: seat_no,
                    bot: None,
                }],
            )?;
            return emit(&format!(
                "{seat} is no longer played by a bot: a turn without its orders gets the rules' default.\n"
            ));
        }
        (Some(bot), _) => {
            gm::parse_bot(bot).map_err(|e| anyhow!("--{e}"))?;
            if record.is_over() {
                bail!("orders: the game is over");
            }
            // The bot plays the seat from now on, as on the server: its orders for this turn
            // now, and at every later `resolve`.
            notes.push(format!(
                "{seat} is played by the {bot} bot: it writes the seat's orders at each resolve (--bot {NO_BOT} to stop).\n"
            ));
            let mut events = vec![Event::SeatBot {
                seat: seat_no,
                bot: Some(bot.to_string()),
            }];
            events.extend(
                record
                    .bot_events(seat_no, bot)
                    .map_err(|e| anyhow!("--{e}"))?,
            );
            events
        }
    };
    let turn = record.turn();
    let noun = record.game().turn_noun;
    change(file, &mut game, events.clone())?;
    let mut out = notes.concat();
    for event in &events {
        match event {
            Event::Lineup { text, .. } => {
                out.push_str(&format!("Line-up sealed for {seat}: {text}\n"))
            }
            Event::Orders { text, .. } if !text.contains('\n') && text.len() < 60 => out.push_str(
                &format!("Orders sealed for {seat}, {noun} {turn}: {text}\n"),
            ),
            Event::Orders { text, .. } => out.push_str(&format!(
                "Orders sealed for {seat}, {noun} {turn}, as read:\n  {}\n",
                text.replace('\n', "\n  ")
            )),
            _ => {}
        }
    }
    if out.is_empty() {
        bail!("orders: nothing to seal");
    }
    if events.iter().any(|e| matches!(e, Event::Orders { .. })) {
        for note in game.record().orders_notes(seat_no, Lang::EN) {
            out.push_str(&format!("Note: {note}\n"));
        }
    }
    for line in ignored {
        out.push_str(&format!("Not read as orders: {line}\n"));
    }
    emit(&out)
}

/// Standard input as bytes: a mail's body need not be UTF-8 (ISO-8859-1 sent as 8bit).
fn read_stdin_bytes() -> Result<Vec<u8>> {
    use std::io::Read;
    let mut input = Vec::new();
    std::io::stdin()
        .take(mail::message::MAX_MESSAGE as u64 + 1)
        .read_to_end(&mut input)
        .context("reading standard input")?;
    Ok(input)
}

pub fn resolve(file: &str, seat: Option<&str>, lang: Lang) -> Result<()> {
    // Held from the load to the save (files::Hold).
    let hold = files::hold(file)?;
    let mut game = hold.load()?;
    let record = game.record();
    let viewer = viewer(record, seat, false)?;
    if record.is_over() {
        bail!("the {} is over", game_word(record));
    }
    let turn = record.turn();
    // The seats handed to bots send their orders first, as on the server.
    let mut trial = record.clone();
    let mut events = Vec::new();
    for (seat, bot) in seat_bots(&game) {
        for event in trial.bot_events(seat, &bot)? {
            trial.apply(&event)?;
            events.push(event);
        }
    }
    events.push(Event::resolved(turn));
    change(file, &mut game, events)?;
    emit(&game.record().report_text(viewer, lang, Some(turn))?)
}

/// What the game is called in messages: "race" or "day" read better than "game".
fn game_word(record: &Record) -> &'static str {
    record.game().game_noun
}

pub fn report(
    file: &str,
    seat: Option<&str>,
    public: bool,
    turn: Option<u16>,
    lang: Lang,
) -> Result<()> {
    let game = load(file)?;
    let record = game.record();
    let viewer = viewer(record, seat, public)?;
    emit(&match turn {
        None => format!(
            "{}\n{}",
            record.state_text(viewer, lang),
            record.commitment_line(lang)
        ),
        Some(turn) => record
            .report_text(viewer, lang, Some(turn))
            .map_err(|e| anyhow!("--{e}"))?,
    })
}

/// Every seat's report of a turn (the last resolved one by default), and the public one, each
/// in its own file in `dir`, for a GM who mails them by hand; prints the files and the subject
/// to give each mail (replies to it then carry the turn their orders are for).
pub fn report_all(file: &str, turn: Option<u16>, dir: &str, lang: Lang) -> Result<()> {
    let game = load(file)?;
    let record = game.record();
    let info = record.game();
    let turn = turn.or((record.resolved() > 0).then(|| record.resolved()));
    std::fs::create_dir_all(dir).with_context(|| format!("--out: creating {dir}"))?;
    let label = format!(
        "{} {}",
        info.title,
        std::path::Path::new(file)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    );
    let what = match turn {
        Some(t) => format!("report of {} {t}", info.turn_noun),
        None => format!("the {} before it starts", info.game_noun),
    };
    let mut out = String::new();
    let mut viewers: Vec<(String, Viewer)> = record
        .seats()
        .iter()
        .enumerate()
        .map(|(s, name)| (name.clone(), Viewer::Seat(Seat(s as u8))))
        .collect();
    viewers.push(("public".to_string(), Viewer::Public));
    for (name, viewer) in viewers {
        let text = record
            .report_text(viewer, lang, turn)
            .map_err(|e| anyhow!("--{e}"))?;
        let path = std::path::Path::new(dir).join(format!("{name}.txt"));
        save(&path.to_string_lossy(), &text)?;
        out.push_str(&format!(
            "{}  subject: {}\n",
            path.display(),
            mail::subject(&label, &name, &what, info.turn_noun, record.turn())
        ));
    }
    emit(&out)
}

/// A GM's action on one of the game's pieces (`drop red-D`), as the game names it.
pub fn piece_action(file: &str, verb: &str, piece: &str) -> Result<()> {
    // Held from the load to the save (files::Hold).
    let hold = files::hold(file)?;
    let mut game = hold.load()?;
    let label = game
        .record()
        .game()
        .piece_actions
        .and_then(|a| a.verbs.iter().find(|(v, _)| *v == verb))
        .map(|(_, label)| *label);
    let event = Event::Piece {
        verb: verb.to_string(),
        piece: piece.to_string(),
    };
    change(file, &mut game, vec![event])?;
    emit(&format!("{piece}: {}, done.\n", label.unwrap_or(verb)))
}

pub fn replay(file: &str) -> Result<()> {
    // Loading replays the log from the seed and refuses a file whose stored game differs
    // from the replay.
    let game = load(file)?;
    let record = game.record();
    emit(&format!(
        "{file}: replayed {} log entries ({} {}s) from seed {}; the replay matches the stored {}.\n",
        game.log().len(),
        record.resolved(),
        record.game().turn_noun,
        record.setup().seed,
        game_word(record)
    ))
}

/// A public record that does not check out: `verify` exits with status 1, not 2.
#[derive(Debug)]
pub struct Differs(pub String);

impl std::fmt::Display for Differs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Differs {}

pub fn verify(file: &str, commitment: Option<&str>) -> Result<()> {
    use gm::verify::Failure;
    let text = read_input(file)?;
    match gm::verify::verify(&text, commitment) {
        Ok(v) => {
            let draws = if v.secret {
                "the commitment is to the revealed secret, and the seed comes from it"
            } else {
                "the seed was chosen by the GM (no secret): the commitment is to the seed"
            };
            let mut out = format!("commitment: {}\n{draws}\n", v.commitment);
            let uncompared = v.turns - v.reports_checked - v.reports_earlier_edition;
            if v.reports_checked < v.turns {
                out.push_str(&format!(
                    "{} of {} reports compared\n",
                    v.reports_checked, v.turns
                ));
            }
            if v.reports_earlier_edition > 0 {
                out.push_str(&format!(
                    "{} reports were published in an earlier edition of the report's text: \
                     their facts are replayed, their wording is not compared\n",
                    v.reports_earlier_edition
                ));
            }
            if uncompared > 0 {
                out.push_str(&format!(
                    "{uncompared} turns were resolved by release 0.1, which kept no digest\n"
                ));
            }
            if !v.over {
                out.push_str("the game is not over: its draws are checked only so far\n");
            }
            out.push_str(&format!("verified: {} turns\n", v.turns));
            emit(&out)
        }
        Err(Failure::Unreadable(e)) => Err(anyhow!("{file}: {e}")),
        Err(Failure::Differs { message, .. }) => Err(Differs(format!("{file}: {message}")).into()),
    }
}

pub fn export_scenario(file: &str) -> Result<()> {
    let game = load(file)?;
    let json = game
        .record()
        .scenario_json()
        .map_err(|e| anyhow!("{file}: {e}"))?;
    emit(&format!("{}\n", serde_json::to_string_pretty(&json)?))
}

/// Names for the seats of a demonstration game.
const DEMO_SEATS: [&str; 16] = [
    "red", "blue", "green", "yellow", "white", "black", "orange", "purple", "pink", "grey",
    "brown", "cyan", "gold", "silver", "navy", "lime",
];

/// A whole game between bots, every turn's GM report in order, through the same lifecycle as
/// a real game (bots take their seats as on the server).
pub fn demo(
    game: &str,
    settings: &SettingsFlags,
    bots: &[String],
    seed: u64,
    lang: Lang,
) -> Result<()> {
    let info = gm::game_info(game)?;
    let bots: Vec<String> = if bots.is_empty() {
        ["heuristic", "heuristic", "random", "nmr"]
            .map(String::from)
            .to_vec()
    } else {
        bots.to_vec()
    };
    for bot in &bots {
        gm::parse_bot(bot).map_err(|e| anyhow!("--bots: {e}"))?;
    }
    if bots.len() > DEMO_SEATS.len() {
        bail!("--bots: at most {} seats in a demo", DEMO_SEATS.len());
    }
    let seats: Vec<String> = DEMO_SEATS[..bots.len()]
        .iter()
        .map(|n| n.to_string())
        .collect();
    let setup = Setup {
        game: info.name.to_string(),
        settings: settings.for_game(&info)?,
        seats: seats.clone(),
        seed,
        secret: None,
    };
    let mut record = Record::new(&setup)?;
    let mut out = format!(
        "A demonstration {} game: {} (seed {seed}).\n{}\n",
        info.title,
        seats
            .iter()
            .zip(&bots)
            .map(|(s, b)| format!("{s} ({b})"))
            .collect::<Vec<_>>()
            .join(", "),
        record.setup_note()
    );
    while !record.is_over() {
        for (s, bot) in bots.iter().enumerate() {
            for event in record.bot_events(Seat(s as u8), bot)? {
                record.apply(&event)?;
            }
        }
        let turn = record.turn();
        record.apply(&Event::resolved(turn))?;
        out.push_str(&record.report_body(Viewer::Gm, lang, Some(turn))?);
        out.push('\n');
    }
    emit(&out)
}
