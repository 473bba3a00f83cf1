//! Who can write a data directory's SQLite database: `serve` and `mail-in` often run as
//! different users (root or the service's user, and the MTA's pipe as `postrider`), and a
//! database one of them cannot write fails every order mail ("attempt to write a readonly
//! database", exit 75, the MTA retrying for days). Both warn at start, one line a path.

use std::path::{Path, PathBuf};

/// The system user the package makes, which the service and the MTA's pipe run as.
pub const SERVICE_USER: &str = "postrider";

/// A user as `/etc/passwd` names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    pub name: String,
    pub uid: u32,
    pub gid: u32,
}

/// The owner and mode of one path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Owned {
    pub uid: u32,
    pub gid: u32,
    pub mode: u32,
}

/// Whether `user` may write a file of this owner and mode, by its permission bits (the user's
/// own group only: supplementary groups and ACLs are not read, so a warning may be one too many,
/// never one too few for the usual set-up).
pub fn writable_by(owned: Owned, user: &User) -> bool {
    if user.uid == 0 {
        return true;
    }
    if owned.uid == user.uid {
        owned.mode & 0o200 != 0
    } else if owned.gid == user.gid {
        owned.mode & 0o020 != 0
    } else {
        owned.mode & 0o002 != 0
    }
}

pub use server::db::sqlite_file;

/// The paths a writer of `file` must be able to write: its directory (SQLite makes its journal
/// files there), the file and the journal files that exist now.
pub fn database_paths(file: &Path) -> Vec<PathBuf> {
    let mut paths = Vec::new();
    if let Some(dir) = file.parent().filter(|d| !d.as_os_str().is_empty()) {
        paths.push(dir.to_path_buf());
    }
    paths.push(file.to_path_buf());
    for suffix in ["-wal", "-shm"] {
        let mut journal = file.as_os_str().to_owned();
        journal.push(suffix);
        paths.push(PathBuf::from(journal));
    }
    paths.into_iter().filter(|p| p.exists()).collect()
}

/// The warning for a path its writer cannot write: the path, its owner and mode, and the fix.
pub fn warning(path: &Path, owned: Owned, who: &str, dir: &Path, passwd: &str) -> String {
    let owner = users(passwd)
        .find(|user| user.uid == owned.uid)
        .map_or(owned.uid.to_string(), |user| user.name);
    format!(
        "{} (owner {}, mode {:04o}) is not writable by {who}: every order mail would fail; \
         fix it with `chown -R {SERVICE_USER}: {}` and run serve as {SERVICE_USER}",
        path.display(),
        owner,
        owned.mode & 0o7777,
        dir.display(),
    )
}

/// The users of `/etc/passwd`'s text.
fn users(passwd: &str) -> impl Iterator<Item = User> + '_ {
    passwd.lines().filter_map(|line| {
        let mut fields = line.split(':');
        let name = fields.next()?.to_string();
        fields.next()?;
        let uid = fields.next()?.parse().ok()?;
        let gid = fields.next()?.parse().ok()?;
        Some(User { name, uid, gid })
    })
}

/// A user of `/etc/passwd`'s text by name.
pub fn user_named(passwd: &str, wanted: &str) -> Option<User> {
    users(passwd).find(|user| user.name == wanted)
}

#[cfg(unix)]
fn owned(path: &Path) -> Option<Owned> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(path).ok()?;
    Some(Owned {
        uid: meta.uid(),
        gid: meta.gid(),
        mode: meta.mode(),
    })
}

/// This process's effective user and group (Linux's `/proc/self/status`). The database files
/// are never opened to find out: closing any descriptor of a SQLite file drops the process's
/// POSIX locks on it, and another process could then reset the shared memory under the
/// server's connection.
fn this_process(passwd: &str) -> Option<User> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let effective = |key: &str| -> Option<u32> {
        let line = status.lines().find(|l| l.starts_with(key))?;
        line.split_whitespace().nth(2)?.parse().ok()
    };
    let (uid, gid) = (effective("Uid:")?, effective("Gid:")?);
    let name = users(passwd)
        .find(|user| user.uid == uid)
        .map_or(uid.to_string(), |user| user.name);
    Some(User { name, uid, gid })
}

/// The warnings for the SQLite database of `url`: paths this process cannot write, and (when
/// the system has the service's user and `also_service_user`) paths that user cannot write,
/// read from their owners and modes only. Empty for PostgreSQL, whose permissions are the
/// database's own.
pub fn warnings(url: &str, also_service_user: bool) -> Vec<String> {
    #[cfg(unix)]
    {
        let Some(file) = sqlite_file(url) else {
            return Vec::new();
        };
        let dir = file
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."))
            .to_path_buf();
        let passwd = std::fs::read_to_string("/etc/passwd").unwrap_or_default();
        let service = also_service_user
            .then(|| user_named(&passwd, SERVICE_USER))
            .flatten();
        let me = this_process(&passwd);
        let mut lines = Vec::new();
        for path in database_paths(&file) {
            let Some(owned) = owned(&path) else { continue };
            if let Some(me) = &me
                && !writable_by(owned, me)
            {
                let who = format!("{} (this process)", me.name);
                lines.push(warning(&path, owned, &who, &dir, &passwd));
            } else if let Some(user) = &service
                && !writable_by(owned, user)
            {
                let who = format!("the {} user (the MTA's `postrider mail-in`)", user.name);
                lines.push(warning(&path, owned, &who, &dir, &passwd));
            }
        }
        lines
    }
    #[cfg(not(unix))]
    {
        let _ = (url, also_service_user);
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PASSWD: &str = "root:x:0:0:root:/root:/bin/bash\n\
        postrider:x:998:997:postrider:/var/lib/postrider:/usr/sbin/nologin\n";

    fn postrider() -> User {
        user_named(PASSWD, "postrider").unwrap()
    }

    #[test]
    fn files_serve_made_as_root_are_not_the_service_users() {
        let root_file = Owned {
            uid: 0,
            gid: 0,
            mode: 0o100644,
        };
        assert!(!writable_by(root_file, &postrider()));
        let theirs = Owned {
            uid: 998,
            gid: 997,
            mode: 0o100640,
        };
        assert!(writable_by(theirs, &postrider()));
        let group_writable = Owned {
            uid: 0,
            gid: 997,
            mode: 0o100660,
        };
        assert!(writable_by(group_writable, &postrider()));
        assert!(writable_by(root_file, &user_named(PASSWD, "root").unwrap()));
    }

    #[test]
    fn the_warning_names_the_path_owner_mode_and_fix() {
        let line = warning(
            Path::new("/var/lib/postrider/postrider.db"),
            Owned {
                uid: 0,
                gid: 0,
                mode: 0o100644,
            },
            "the postrider user",
            Path::new("/var/lib/postrider"),
            PASSWD,
        );
        assert_eq!(
            line,
            "/var/lib/postrider/postrider.db (owner root, mode 0644) is not writable by the \
             postrider user: every order mail would fail; fix it with \
             `chown -R postrider: /var/lib/postrider` and run serve as postrider"
        );
        assert!(!line.contains('\n'));
    }

    #[test]
    fn only_sqlite_files_are_looked_at() {
        assert_eq!(
            sqlite_file("sqlite://data/postrider.db?mode=rwc"),
            Some(PathBuf::from("data/postrider.db"))
        );
        assert_eq!(sqlite_file("postgres://gm@db/pbm"), None);
        assert_eq!(sqlite_file("sqlite::memory:"), None);
    }
}
