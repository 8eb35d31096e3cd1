//! What the game tells the player of a file it could not write ([`FileError`]): what went wrong,
//! and what to do about it, in the interface's language.

use crate::files::FileError;
use crate::words::{Lang, words};

/// What went wrong, in `lang`: `scenarios/town.ron is read-only`.
pub fn problem(error: &FileError, lang: Lang) -> String {
    let file = ("file", error.path().display().to_string().into());
    match error {
        FileError::ReadOnly { .. } => words().say(lang, "file-read-only", &[file]),
        FileError::NoSpace { .. } => words().say(lang, "file-no-space", &[file]),
        FileError::Missing { .. } => words().say(lang, "file-missing", &[file]),
        FileError::Denied { .. } => words().say(lang, "file-denied", &[file]),
        FileError::Other { message, .. } => {
            words().say(lang, "file-other", &[file, ("why", message.clone().into())])
        }
    }
}

/// What the player can do about it, in `lang`, as the start of a sentence: `Free some space`.
pub fn remedy(error: &FileError, lang: Lang) -> &'static str {
    let id = match error {
        FileError::ReadOnly { .. } => "file-read-only-remedy",
        FileError::NoSpace { .. } => "file-no-space-remedy",
        FileError::Missing { .. } => "file-missing-remedy",
        FileError::Denied { .. } => "file-denied-remedy",
        FileError::Other { .. } => "file-other-remedy",
    };
    words().plain(lang, id)
}
