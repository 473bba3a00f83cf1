//! The mail door: reading a real mail message (`message`), finding the lines a player wrote in
//! it (`body`) and the orders among them (`orders`). The desk and the server's inbound mail call
//! the same [`orders_from_mail`], so a mail reads the same at either door.

pub mod body;
pub mod message;
pub mod orders;

pub use message::{Letter, Unreadable, is_message, read};
pub use orders::{MailOrders, read_orders, subject, subject_turn};

use gm::Record;

/// Reads the orders in `input`: a whole mail message (headers and body, any MIME shape and
/// charset) or a body alone. A message that cannot be read at all is refused.
pub fn orders_from_mail(record: &Record, input: &[u8]) -> Result<(Letter, MailOrders), Unreadable> {
    let text = String::from_utf8_lossy(&input[..input.len().min(64 * 1024)]);
    let letter = if is_message(&text) {
        read(input)?
    } else {
        if input.len() > message::MAX_BODY {
            return Err(Unreadable::TooLarge(input.len()));
        }
        Letter {
            body: String::from_utf8_lossy(input).replace("\r\n", "\n"),
            ..Letter::default()
        }
    };
    let orders = read_orders(record, &letter.body, letter.subject.as_deref());
    Ok((letter, orders))
}
