//! Passwords: hashed with argon2id on threads of their own, a few at a time (`Hasher`), so
//! that a flood of logins slows logins and nothing else; a new password's rules.

use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::{Algorithm, Argon2, Params, Version};
use locale::phrase;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use tokio::sync::Semaphore;

use crate::error::{ApiError, ApiResult};

/// How expensive password hashing is: the recommended argon2id cost, or a cheap one that
/// tests use (never in production: `serve` always uses `Standard`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PasswordCost {
    Standard,
    Cheap,
}

fn hasher(cost: PasswordCost) -> Argon2<'static> {
    let params = match cost {
        PasswordCost::Standard => Params::default(),
        PasswordCost::Cheap => Params::new(8, 1, 1, None).expect("valid argon2 parameters"),
    };
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

pub fn hash_password(password: &str, cost: PasswordCost) -> ApiResult<String> {
    hasher(cost)
        .hash_password(password.as_bytes())
        .map(|h| h.to_string())
        .map_err(|e| ApiError::Internal(format!("argon2: {e}")))
}

/// Checks a password against a PHC string (the parameters are the string's own).
pub fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|parsed| {
        Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
}

/// Logins waiting for a hashing slot before more are refused (429) at once.
pub const MAX_WAITING: usize = 256;

/// A hashing job for the hashing threads.
type Job = Box<dyn FnOnce() + Send>;

/// Password hashing off the async runtime: at most `cap` hashes at once (each takes ~19 MiB
/// and a core for tens of milliseconds at the standard cost), on `cap` threads of its own, so
/// that the threads serving pages are never held up by argon2, and the memory argon2 takes
/// stays with those few threads (on tokio's blocking pool every new thread kept its own
/// 19 MiB: 480 MiB after a flood).
#[derive(Debug)]
pub struct Hasher {
    cost: PasswordCost,
    permits: Arc<Semaphore>,
    jobs: std::sync::Mutex<std::sync::mpsc::Sender<Job>>,
    waiting: AtomicUsize,
    verifications: AtomicU64,
    /// What an unknown name's password is checked against: a hash at the same cost as real
    /// ones, so that an unknown name takes as long as a known one.
    dummy: String,
}

impl Hasher {
    pub fn new(cost: PasswordCost, cap: usize) -> Hasher {
        let cap = cap.max(1);
        let (jobs, queue) = std::sync::mpsc::channel::<Job>();
        let queue = Arc::new(std::sync::Mutex::new(queue));
        for k in 0..cap {
            let queue = queue.clone();
            // The threads end when the hasher (the sender) is dropped.
            std::thread::Builder::new()
                .name(format!("argon2-{k}"))
                .spawn(move || {
                    loop {
                        let job = queue
                            .lock()
                            .map_err(|_| ())
                            .and_then(|q| q.recv().map_err(|_| ()));
                        match job {
                            Ok(job) => job(),
                            Err(()) => return,
                        }
                    }
                })
                .expect("a hashing thread starts");
        }
        Hasher {
            cost,
            permits: Arc::new(Semaphore::new(cap)),
            jobs: std::sync::Mutex::new(jobs),
            waiting: AtomicUsize::new(0),
            verifications: AtomicU64::new(0),
            // It never lets anyone in (`verify` answers no for unknown names whatever it
            // says), so it need not be secret.
            dummy: hash_password("postrider: no such account", cost)
                .expect("argon2 hashes a constant"),
        }
    }

    /// Runs `work` on a hashing thread once a hashing slot is free.
    async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> ApiResult<T> {
        let busy = || ApiError::TooMany {
            message: phrase!("error-login-busy"),
            retry_after: 1,
        };
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= MAX_WAITING {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(busy());
        }
        let permit = self.permits.acquire().await;
        self.waiting.fetch_sub(1, Ordering::SeqCst);
        let _permit = permit.map_err(|e| ApiError::Internal(format!("hashing: {e}")))?;
        let (done, answer) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            let _ = done.send(work());
        });
        self.jobs
            .lock()
            .map_err(|e| ApiError::Internal(format!("hashing: {e}")))?
            .send(job)
            .map_err(|e| ApiError::Internal(format!("hashing: {e}")))?;
        answer
            .await
            .map_err(|e| ApiError::Internal(format!("hashing: {e}")))
    }

    /// A new password's PHC string.
    pub async fn hash(&self, password: &str) -> ApiResult<String> {
        let (password, cost) = (password.to_string(), self.cost);
        self.run(move || hash_password(&password, cost)).await?
    }

    /// Whether `password` matches `hash`; with no hash (an unknown name) the same work is
    /// done against the dummy hash, and the answer is no.
    pub async fn verify(&self, password: &str, hash: Option<&str>) -> ApiResult<bool> {
        let known = hash.is_some();
        let (password, hash) = (
            password.to_string(),
            hash.unwrap_or(&self.dummy).to_string(),
        );
        self.verifications.fetch_add(1, Ordering::SeqCst);
        let matches = self.run(move || verify_password(&password, &hash)).await?;
        Ok(known && matches)
    }

    /// Password checks begun so far (tests count them).
    pub fn verifications(&self) -> u64 {
        self.verifications.load(Ordering::SeqCst)
    }

    /// Requests waiting for a hashing slot now.
    pub fn waiting(&self) -> usize {
        self.waiting.load(Ordering::SeqCst)
    }

    /// The hashing slots (tests hold them to see requests queue).
    pub fn permits(&self) -> &Arc<Semaphore> {
        &self.permits
    }

    /// The hash unknown names are checked against.
    pub fn dummy_hash(&self) -> &str {
        &self.dummy
    }
}

pub const MIN_PASSWORD: usize = 10;
/// The zxcvbn score a new password needs (0–4; 3 is "safely unguessable: moderate protection
/// from offline slow-hash scenarios", about 10^8 guesses or more).
pub const MIN_PASSWORD_SCORE: u8 = 3;

/// A new password's rules: 10–256 characters, not containing the name, and not guessable
/// (zxcvbn's score at least 3, the name counted as a word the guesser knows). Checked when
/// an account is opened only: accounts with older, weaker passwords still log in.
pub fn check_password(name: &str, password: &str) -> ApiResult<()> {
    let length = password.chars().count();
    if !(MIN_PASSWORD..=256).contains(&length) {
        return Err(ApiError::Bad(phrase!(
            "error-password-length",
            min_password = MIN_PASSWORD
        )));
    }
    if !name.is_empty() && password.to_lowercase().contains(&name.to_lowercase()) {
        return Err(ApiError::Bad(phrase!("error-password-contains-name")));
    }
    let estimate = zxcvbn::zxcvbn(password, &[name, "postrider"]);
    if u8::from(estimate.score()) < MIN_PASSWORD_SCORE {
        let hint = estimate
            .feedback()
            .and_then(|f| f.warning().map(|w| format!(" ({w})")))
            .unwrap_or_default();
        return Err(ApiError::Bad(phrase!("error-password-weak", hint = hint)));
    }
    Ok(())
}
