//! The secrets the store draws for a game's rows and mail: random from the operating system,
//! hex-encoded, of the length each use needs.

use super::error::{StoreError, StoreResult};

/// A new random secret: 32 bytes from the operating system, hex-encoded.
pub fn new_secret() -> StoreResult<String> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| StoreError::Internal(format!("getrandom: {e}")))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// A new order-address secret: 96 bits from the operating system, as 24 hex digits.
pub fn new_mail_secret() -> StoreResult<String> {
    Ok(new_secret()?[..24].to_string())
}

/// A new secret for a player's one-click unsubscribe link: 120 bits, as 30 hex digits.
pub fn new_unsubscribe_token() -> StoreResult<String> {
    Ok(new_secret()?[..30].to_string())
}

/// The secret part of a seat's invitation link.
pub fn new_invite() -> StoreResult<String> {
    Ok(new_secret()?[..24].to_string())
}
