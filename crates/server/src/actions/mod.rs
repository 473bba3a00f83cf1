//! What a player or GM can do, once: the JSON API (`api`), the HTML forms (`pages`) and the
//! inbound mail (`mailbox`) all call these, so a rule enforced for one is enforced for the
//! others. Every change to a game goes through the store's one door (`change::change`).

mod absences;
mod access;
mod account_care;
mod accounts;
mod games;
mod gm;
mod history;
mod language;
mod lobby;
mod mail_settings;
mod orders;
mod press;
mod profiles;
mod push;
mod remind;
mod seasons;

pub use absences::{
    ABSENCE_BOTS, AbsenceRequest, AbsenceView, GameAbsences, MAX_ABSENCE_DAYS, absences,
    declare_absence, game_absences, instant, set_allowance, withdraw_absence,
};
pub use access::{check_on_time, invitations_open, own_seat, require_gm};
pub use account_care::{
    RESET_LINK_LIFETIME, RESET_LINK_SPACING, archive_game, delete_account, forgot_password,
    require_operator, reset_link_name, reset_password, suspend,
};
pub use accounts::{Credentials, Login, login, register};
pub use games::{NewGame, create_game, import, viewer};
pub use gm::{GmAction, GmOutcome, deletable, gm_action};
pub use history::{HISTORY_PAGE, HistoryEntry, HistoryPage, HistoryQuery, history};
pub use language::{set_lang, set_seat_lang};
pub use lobby::{KEEPER_BOT, leave, open_seats, set_on_leave, take_seat};
pub use mail_settings::{
    EMAIL_TOKEN_LIFETIME, MailProfile, confirm_email, mail_profile, set_email, set_mail_choice,
    unsubscribe,
};
pub use orders::{Via, join, rotate_mail_secret, submit, submit_via};
pub use press::{
    Draft, PRESS_MAX_CHARS, PRESS_PAGE, PRESS_PAGE_MAX, PRESS_PER_HOUR, PressLine, PressPage,
    Recipient, check_text, hide_press, post_press, press_page, press_page_of, set_private_press,
};
pub use profiles::{SeatFeeds, renew_feeds, seat_feeds, set_min_on_time};
pub use push::{push_profile, set_push_choices, subscribe, unsubscribe as unsubscribe_device};
pub use seasons::{
    MAX_REST_DAYS, NewSeason, SeasonView, Winner, add_stage, capitalised, create_season,
    finish_season, require_season_gm, season_view, winners,
};
