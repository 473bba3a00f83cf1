//! Web Push (issue 56): a player's phone told of a new report, a missing order or a GM's
//! announcement, on the open standards (RFC 8030 delivery, RFC 8291 encryption, RFC 8292
//! VAPID), with no vendor SDK. `keys`: the server's VAPID key pair and its tokens;
//! `subscription`: a browser's subscription checked at the edge; `payload`: what is pushed, as
//! outbox rows written in the transaction of the change that causes them; `send`: one push,
//! sent by the outbox worker. The devices and choices are kept by `store::push`; the calls
//! are `api::push`.

pub mod keys;
pub mod payload;
pub mod send;
pub mod subscription;
