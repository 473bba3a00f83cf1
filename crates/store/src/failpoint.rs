//! Failpoints: places in the store where the crash tests stop a server mid-change.

/// A place where the crash tests stop a server: when `POSTRIDER_FAILPOINT` names it, the
/// server says so on stderr and waits there forever (to be killed with SIGKILL). Unset in
/// normal running, where it costs one comparison.
pub async fn failpoint(name: &str) {
    static FAILPOINT: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    let armed = FAILPOINT.get_or_init(|| std::env::var("POSTRIDER_FAILPOINT").ok());
    if armed.as_deref() == Some(name) {
        eprintln!("failpoint {name} reached");
        std::future::pending::<()>().await;
    }
}
