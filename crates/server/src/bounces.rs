//! Bounces (VERP): every mail to a player leaves with a bounce address of its own on the order
//! domain, `LOCAL+bounce-ROW-SIGNATURE@DOMAIN` (`LOCAL@DOMAIN` being `--mail-orders`), naming
//! its outbox row and signed with the player's own secret (an HMAC-SHA256 keyed with the
//! player's unsubscribe token, cut to 80 bits), so that nobody who has not seen the mail can
//! write one that marks an address bouncing. A relay's bounce that arrives there is read by
//! `mailbox::bounce`.

use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::error::ApiResult;
use crate::sender::MailSettings;
use crate::sender::SendError;
use store::Store;
use store::bounces::{self, BouncedRow};

/// The hex digits of a bounce address's signature (80 bits).
const SIGNATURE_DIGITS: usize = 20;

fn mac(key: &str, row: i64) -> Hmac<Sha256> {
    let mut mac =
        Hmac::<Sha256>::new_from_slice(key.as_bytes()).expect("HMAC takes a key of any length");
    mac.update(format!("postrider bounce {row}").as_bytes());
    mac
}

/// The signature of outbox row `row`'s bounce address under `key`.
fn signature(key: &str, row: i64) -> String {
    mac(key, row).finalize().into_bytes()[..SIGNATURE_DIGITS / 2]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The bounce address of outbox row `row`, whose player's key is `key`.
pub fn address(settings: &MailSettings, row: i64, key: &str) -> String {
    settings.order_address(&format!("bounce-{row}-{}", signature(key, row)))
}

/// What a bounce address says: the outbox row it names and its signature, unchecked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BounceAddress {
    pub row: i64,
    signature: Vec<u8>,
}

/// Reads `address` as a bounce address (`LOCAL+bounce-ROW-SIGNATURE@DOMAIN`, any case), if it
/// is one. Its signature is checked by [`verified`].
pub fn parse(address: &str) -> Option<BounceAddress> {
    let local = address.trim().trim_matches(['<', '>']).split('@').next()?;
    let (_, tag) = local.split_once('+')?;
    let tag = tag.to_ascii_lowercase();
    let (row, signature) = tag.strip_prefix("bounce-")?.split_once('-')?;
    let row: i64 = row.parse().ok().filter(|r| *r > 0)?;
    if signature.len() != SIGNATURE_DIGITS || !signature.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let signature = (0..SIGNATURE_DIGITS)
        .step_by(2)
        .map(|i| u8::from_str_radix(&signature[i..i + 2], 16).ok())
        .collect::<Option<Vec<u8>>>()?;
    Some(BounceAddress { row, signature })
}

/// The outbox row `bounce` names, if its signature is right (compared in constant time).
pub async fn verified(state: &Store, bounce: &BounceAddress) -> ApiResult<Option<BouncedRow>> {
    let Some(row) = bounces::row(state, bounce.row).await? else {
        return Ok(None);
    };
    let signed = row.key.as_deref().is_some_and(|key| {
        mac(key, row.id)
            .verify_truncated_left(&bounce.signature)
            .is_ok()
    });
    Ok(signed.then_some(row))
}

/// Whether `address` is a bounce address this server signed (`--smtp-listen` takes it at RCPT).
pub async fn is_ours(state: &Store, address: &str) -> ApiResult<bool> {
    Ok(match parse(address) {
        Some(bounce) => verified(state, &bounce).await?.is_some(),
        None => false,
    })
}

/// Why a mail to an address that bounces is not sent: the outbox row is given up with it.
pub fn held_back(words: &str) -> SendError {
    SendError::Permanent(format!(
        "not sent: the address bounced earlier mail ({words}); mailed again once its owner confirms it"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> MailSettings {
        MailSettings {
            public_url: "https://pbm.club.example".into(),
            from: "gm@club.example".into(),
            orders_address: "orders@orders.club.example".into(),
        }
    }

    #[test]
    fn a_bounce_address_names_its_row_and_reads_back() {
        let a = address(&settings(), 42, "token");
        assert!(a.starts_with("orders+bounce-42-"), "{a}");
        assert!(a.ends_with("@orders.club.example"), "{a}");
        let read = parse(&a.to_ascii_uppercase()).expect("read back whatever its case");
        assert_eq!(read.row, 42);
        assert!(
            mac("token", 42)
                .verify_truncated_left(&read.signature)
                .is_ok()
        );
        assert!(
            mac("other", 42)
                .verify_truncated_left(&read.signature)
                .is_err()
        );
        assert!(
            mac("token", 43)
                .verify_truncated_left(&read.signature)
                .is_err()
        );
    }

    #[test]
    fn other_addresses_are_no_bounce_address() {
        for a in [
            "orders+0f3a9c0f3a9c0f3a9c0f3a9c@orders.club.example",
            "orders@orders.club.example",
            "orders+bounce-42@orders.club.example",
            "orders+bounce-x-00112233445566778899@orders.club.example",
            "orders+bounce-42-0011223344556677889@orders.club.example",
            "orders+bounce-42-00112233445566778899zz@orders.club.example",
        ] {
            assert_eq!(parse(a), None, "{a}");
        }
    }
}
