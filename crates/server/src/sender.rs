//! The server as a sender: the settings every mail it writes is addressed with, and why a
//! send (a mail to the relay, a webhook's post, a push) failed, and the relay mail goes to.

use lettre::Message;

/// How this server mails: its public address (links), the From of its mail, and the address
/// order mail goes to (`orders@club.example`: a seat's address is `orders+SECRET@club.example`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailSettings {
    pub public_url: String,
    pub from: String,
    pub orders_address: String,
}

impl MailSettings {
    /// The order address of the seat whose secret is `secret`.
    pub fn order_address(&self, secret: &str) -> String {
        match self.orders_address.split_once('@') {
            Some((local, domain)) => format!("{local}+{secret}@{domain}"),
            None => format!("{}+{secret}", self.orders_address),
        }
    }
}

/// Why a send (a mail to the relay, a webhook's post) failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SendError {
    /// Try again later (the relay or the webhook's host is down, busy, or answered 4xx).
    Transient(String),
    /// Refused for good (5xx, or a URL that cannot be reached): it is given up.
    Permanent(String),
}

/// Where mail goes: an SMTP relay (lettre), or whatever a test puts there.
pub trait Relay: Send + Sync {
    fn send(&self, message: Message) -> impl Future<Output = Result<(), SendError>> + Send;
}

/// No relay: a server without mail still posts webhooks through the outbox; its worker claims
/// no mail, and would find this relay refusing it for now.
#[derive(Clone, Copy, Debug)]
pub struct NoRelay;

impl Relay for NoRelay {
    async fn send(&self, _: Message) -> Result<(), SendError> {
        Err(SendError::Transient("mail is off (no --smtp)".into()))
    }
}
