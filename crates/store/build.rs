// `sqlx::migrate!` embeds the migration files, but cargo tracks only those it read: a new
// migration must rebuild the crate (as `sqlx migrate build-script` writes it).
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
