//! The mail door: reading a real mail message (`message`), finding the lines a player wrote in
//! it (`body`) and the orders among them (`orders`), and reading a relay's bounce (`bounce`). The desk and the server's inbound mail call
//! the same [`orders_from_mail`], so a mail reads the same at either door.

pub mod body;
pub mod bounce;
mod iso_2022_jp;
pub mod message;
pub mod orders;

pub use bounce::{Bounce, read_bounce};
pub use message::{Letter, Unreadable, read, read_message_or_body};
pub use orders::{MailOrders, read_orders, subject, subject_turn};

use gm::Record;

/// Reads the orders in `input`: a whole mail message (headers and body, any MIME shape and
/// charset) or a body alone, told apart by the one parse that reads it. A message that cannot
/// be read at all is refused.
pub fn orders_from_mail(record: &Record, input: &[u8]) -> Result<(Letter, MailOrders), Unreadable> {
    let letter = read_message_or_body(input)?;
    let orders = orders_in(record, &letter);
    Ok((letter, orders))
}

/// The orders in a message already read (the server reads it once, to authenticate it).
pub fn orders_in(record: &Record, letter: &Letter) -> MailOrders {
    read_orders(record, &letter.body, letter.subject.as_deref())
}
