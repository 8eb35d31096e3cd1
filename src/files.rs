//! Reading and writing files without trusting them or losing one. A file is read only when it is
//! a plain file, and only up to a cap ([`read_capped`]). A file is written beside its place,
//! flushed to the disk and renamed over the old one in one step ([`replace`]), or given a name no
//! file has yet ([`create_new`]); what went wrong writing is a kind the interface can say
//! ([`FileError`]).

use std::fs::{self, File, OpenOptions};
use std::io::{self, ErrorKind, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Why a file could not be written (or read to be written anew). `path` is the file as the
/// caller named it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FileError {
    /// Its permissions say nobody writes it: a player who made it so means it.
    #[error("{}: the file is read-only", path.display())]
    ReadOnly { path: PathBuf },
    #[error("{}: no space left on the disk", path.display())]
    NoSpace { path: PathBuf },
    /// The file, or a folder on the way to it, is not there.
    #[error("{}: no such file or folder", path.display())]
    Missing { path: PathBuf },
    /// The system does not let this user write there.
    #[error("{}: permission denied", path.display())]
    Denied { path: PathBuf },
    /// Anything else, as the system said it.
    #[error("{}: {message}", path.display())]
    Other { path: PathBuf, message: String },
}

/// Why [`read_capped`] read nothing; each reader says it in its own words.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The path names something else than a plain file (a folder, a pipe, a device), which is
    /// never opened: opening a pipe waits for a writer, and a device may never end.
    #[error("not a plain file")]
    NotAFile(fs::FileType),
    /// Longer than the cap.
    #[error("larger than the cap")]
    TooLarge,
    /// The system could not say what it is, open it or read it.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// The whole of the plain file at `path` (a link is followed), when it holds at most `cap` bytes.
/// Its kind and size are looked at before it is opened, and again as opened (in case the path
/// changed in between), and no more than one byte past `cap` is ever read.
pub fn read_capped(path: &Path, cap: usize) -> Result<Vec<u8>, ReadError> {
    let fits = |metadata: fs::Metadata| match metadata {
        m if !m.is_file() => Err(ReadError::NotAFile(m.file_type())),
        m if m.len() > cap as u64 => Err(ReadError::TooLarge),
        _ => Ok(()),
    };
    fits(fs::metadata(path)?)?;
    let file = File::open(path)?;
    fits(file.metadata()?)?;
    let mut bytes = Vec::new();
    file.take(cap as u64 + 1).read_to_end(&mut bytes)?;
    if bytes.len() > cap {
        return Err(ReadError::TooLarge);
    }
    Ok(bytes)
}

impl FileError {
    /// `error`, met while writing `path`, as the kind the player is told.
    pub fn of(path: &Path, error: &io::Error) -> FileError {
        let path = path.to_path_buf();
        match error.kind() {
            ErrorKind::StorageFull | ErrorKind::QuotaExceeded => FileError::NoSpace { path },
            ErrorKind::NotFound => FileError::Missing { path },
            ErrorKind::ReadOnlyFilesystem => FileError::ReadOnly { path },
            ErrorKind::PermissionDenied => FileError::Denied { path },
            _ => FileError::Other { path, message: error.to_string() },
        }
    }

    pub fn path(&self) -> &Path {
        match self {
            FileError::ReadOnly { path }
            | FileError::NoSpace { path }
            | FileError::Missing { path }
            | FileError::Denied { path }
            | FileError::Other { path, .. } => path,
        }
    }
}

/// Makes `bytes` the whole of the existing file at `path` (through a link, of the file it
/// names), so that no failure leaves it cut short: they are written to a new file beside it,
/// flushed to the disk, given its permissions, and renamed over it in one step. On any failure
/// the new file is removed and the old one is as it was. A read-only file is refused, not
/// renamed over.
pub fn replace(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    replace_writing(path, |file| file.write_all(bytes))
}

/// [`replace`], the new file's content written by `write` (the seam its tests fail a write
/// through).
fn replace_writing(path: &Path, write: impl FnOnce(&mut File) -> io::Result<()>) -> Result<(), FileError> {
    let failed = |e: io::Error| FileError::of(path, &e);
    let target = fs::canonicalize(path).map_err(failed)?;
    let was = fs::metadata(&target).map_err(failed)?;
    if !was.is_file() {
        return Err(FileError::Other { path: path.to_path_buf(), message: "not a file".into() });
    }
    if was.permissions().readonly() {
        return Err(FileError::ReadOnly { path: path.to_path_buf() });
    }
    let (mut file, temp) = temp_beside(&target).map_err(failed)?;
    let written = write(&mut file)
        .and_then(|()| file.set_permissions(was.permissions()))
        .and_then(|()| keep_owner(&temp, &was))
        .and_then(|()| file.sync_all());
    drop(file);
    if let Err(e) = written.and_then(|()| fs::rename(&temp, &target)) {
        let _ = fs::remove_file(&temp);
        return Err(failed(e));
    }
    sync_folder(&target);
    Ok(())
}

/// At most this many names are tried for a new file before giving up.
const MAX_NAMES: u32 = 10_000;

/// Writes `bytes` to a new file in `folder` named `<stem>.<extension>`, or `<stem>-2.<extension>`,
/// `<stem>-3.<extension>`, … — the first name no file has — and returns its path. Never
/// overwrites a file, even one made meanwhile by another program: the bytes are written to a
/// temporary file and hard-linked to the name, which fails if the name is taken. No file under
/// the name is ever seen half-written.
pub fn create_new(folder: &Path, stem: &str, extension: &str, bytes: &[u8]) -> Result<PathBuf, FileError> {
    let first = folder.join(format!("{stem}.{extension}"));
    let failed = |e: io::Error| FileError::of(&first, &e);
    let (mut file, temp) = temp_beside(&first).map_err(failed)?;
    let written = file.write_all(bytes).and_then(|()| file.sync_all());
    drop(file);
    let named = written.and_then(|()| link_to_free_name(&temp, folder, stem, extension, bytes));
    let _ = fs::remove_file(&temp);
    let named = named.map_err(failed)?;
    sync_folder(&named);
    Ok(named)
}

fn link_to_free_name(
    temp: &Path,
    folder: &Path,
    stem: &str,
    extension: &str,
    bytes: &[u8],
) -> io::Result<PathBuf> {
    for n in 1..=MAX_NAMES {
        let name = match n {
            1 => format!("{stem}.{extension}"),
            n => format!("{stem}-{n}.{extension}"),
        };
        let candidate = folder.join(name);
        let made = match fs::hard_link(temp, &candidate) {
            // A folder without hard links (FAT, some network shares): the name made exclusively.
            Err(e) if e.kind() != ErrorKind::AlreadyExists => write_exclusively(&candidate, bytes),
            linked => linked,
        };
        match made {
            Ok(()) => return Ok(candidate),
            Err(e) if e.kind() == ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::other(format!("{MAX_NAMES} files named {stem}-N.{extension} already")))
}

/// Writes `bytes` under a name no file has (else `AlreadyExists`); a failed write removes it.
fn write_exclusively(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = OpenOptions::new().write(true).create_new(true).open(path)?;
    let written = file.write_all(bytes).and_then(|()| file.sync_all());
    if written.is_err() {
        let _ = fs::remove_file(path);
    }
    written
}

/// A new, empty, hidden file in `target`'s folder, named after it.
fn temp_beside(target: &Path) -> io::Result<(File, PathBuf)> {
    static MADE: AtomicU64 = AtomicU64::new(0);
    let folder = target.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = target.file_name().map_or("file".into(), |n| n.to_string_lossy());
    loop {
        let n = MADE.fetch_add(1, Ordering::Relaxed);
        let temp = folder.join(format!(".{name}.{}-{n}.tmp", std::process::id()));
        match OpenOptions::new().write(true).create_new(true).open(&temp) {
            Ok(file) => return Ok((file, temp)),
            Err(e) if e.kind() == ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

/// Gives `temp` the owner of the file it replaces, where this user may (root may): a file
/// saved by root for a player stays the player's.
#[cfg(unix)]
fn keep_owner(temp: &Path, was: &fs::Metadata) -> io::Result<()> {
    use std::os::unix::fs::MetadataExt;
    let now = fs::metadata(temp)?;
    if (now.uid(), now.gid()) != (was.uid(), was.gid()) {
        // Not permitted for anyone but root: the file then becomes this user's, as with any
        // editor that saves by renaming.
        let _ = std::os::unix::fs::chown(temp, Some(was.uid()), Some(was.gid()));
    }
    Ok(())
}

#[cfg(not(unix))]
fn keep_owner(_: &Path, _: &fs::Metadata) -> io::Result<()> {
    Ok(())
}

/// Flushes the folder of `file`, so that its new name outlives a power cut. The file is whole
/// under its name either way, so a folder that cannot be flushed is no failure.
fn sync_folder(file: &Path) {
    #[cfg(unix)]
    if let Some(folder) = file.parent() {
        let folder = if folder.as_os_str().is_empty() { Path::new(".") } else { folder };
        let _ = File::open(folder).and_then(|f| f.sync_all());
    }
    #[cfg(not(unix))]
    let _ = file;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names_in(folder: &Path) -> Vec<String> {
        let mut names: Vec<String> =
            fs::read_dir(folder).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into()).collect();
        names.sort();
        names
    }

    /// A write that fails halfway (the disk full after half the bytes) leaves the old file as
    /// it was and no temporary file behind.
    #[test]
    fn a_write_failing_halfway_leaves_the_old_file_whole() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("town.ron");
        fs::write(&path, "the old text, whole\n").unwrap();
        let failed = replace_writing(&path, |file| {
            file.write_all(b"the new te")?;
            Err(io::Error::from(ErrorKind::StorageFull))
        });
        assert_eq!(failed, Err(FileError::NoSpace { path: path.clone() }));
        assert_eq!(fs::read_to_string(&path).unwrap(), "the old text, whole\n");
        assert_eq!(names_in(folder.path()), ["town.ron"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_replaced_file_keeps_its_permissions_and_a_link_stays_a_link() {
        use std::os::unix::fs::PermissionsExt;
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("town.ron");
        fs::write(&path, "old").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
        let link = folder.path().join("link.ron");
        std::os::unix::fs::symlink(&path, &link).unwrap();
        replace(&link, b"new").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new");
        assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o640);
        assert_eq!(names_in(folder.path()), ["link.ron", "town.ron"]);
    }

    #[test]
    fn a_read_only_or_missing_file_is_refused_and_left_as_it_is() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("town.ron");
        fs::write(&path, "old").unwrap();
        let mut read_only = fs::metadata(&path).unwrap().permissions();
        read_only.set_readonly(true);
        fs::set_permissions(&path, read_only).unwrap();
        assert_eq!(replace(&path, b"new"), Err(FileError::ReadOnly { path: path.clone() }));
        assert_eq!(fs::read_to_string(&path).unwrap(), "old");
        let gone = folder.path().join("gone.ron");
        assert_eq!(replace(&gone, b"new"), Err(FileError::Missing { path: gone.clone() }));
        assert!(!gone.exists());
        assert_eq!(names_in(folder.path()), ["town.ron"]);
    }

    /// Every reader of a file the user names (a scenario, a replay, a language) takes it whole
    /// when it is a plain file within its cap, and otherwise says which of the three refusals.
    #[test]
    fn a_capped_read_takes_a_plain_file_within_its_cap_and_refuses_anything_else_unopened() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("town.ron");
        fs::write(&path, "12345").unwrap();
        assert_eq!(read_capped(&path, 5).unwrap(), b"12345");
        assert!(matches!(read_capped(&path, 4), Err(ReadError::TooLarge)));
        assert!(matches!(read_capped(folder.path(), 5), Err(ReadError::NotAFile(kind)) if kind.is_dir()));
        let gone = folder.path().join("gone.ron");
        assert!(matches!(read_capped(&gone, 5), Err(ReadError::Io(e)) if e.kind() == ErrorKind::NotFound));
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt;
            // Opening a pipe would wait for a writer: it is refused by its kind, never opened.
            let fifo = folder.path().join("pipe.ron");
            assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
            assert!(matches!(read_capped(&fifo, 5), Err(ReadError::NotAFile(kind)) if kind.is_fifo()));
        }
    }

    #[test]
    fn a_new_file_never_takes_a_name_already_taken() {
        let folder = tempfile::tempdir().unwrap();
        fs::write(folder.path().join("day.replay.json"), "first").unwrap();
        fs::write(folder.path().join("day-2.replay.json"), "second").unwrap();
        let third = create_new(folder.path(), "day", "replay.json", b"third").unwrap();
        assert_eq!(third, folder.path().join("day-3.replay.json"));
        let fourth = create_new(folder.path(), "day", "replay.json", b"fourth").unwrap();
        assert_eq!(fourth, folder.path().join("day-4.replay.json"));
        let read = |name: &str| fs::read_to_string(folder.path().join(name)).unwrap();
        assert_eq!(
            [read("day.replay.json"), read("day-2.replay.json"), read("day-3.replay.json")],
            ["first", "second", "third"]
        );
        assert_eq!(names_in(folder.path()).len(), 4, "no temporary file left");
        let nowhere = folder.path().join("no folder");
        let missing = create_new(&nowhere, "day", "replay.json", b"x").unwrap_err();
        assert_eq!(missing, FileError::Missing { path: nowhere.join("day.replay.json") });
    }
}
