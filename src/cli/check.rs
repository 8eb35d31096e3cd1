//! `goap-town check FILE... [--lang es]`: validate scenario files the way a compiler reports
//! errors, in the language asked for.

use crate::scenario;
use crate::words::{Lang, words};
use std::io::Write;
use std::path::PathBuf;

pub fn run(files: &[PathBuf], lang: Lang, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let mut failed = 0;
    for file in files {
        match scenario::load_or_report(file, lang, err) {
            Ok(s) => {
                for warning in &s.warnings {
                    let _ = writeln!(err, "{}", warning.text(lang));
                }
                let ok = words().say(
                    lang,
                    "check-ok",
                    &[
                        ("file", file.display().to_string().into()),
                        ("characters", s.characters.len().into()),
                        ("actions", s.actions.len().into()),
                        ("stations", s.stations.len().into()),
                    ],
                );
                let _ = writeln!(out, "{ok}");
            }
            Err(_) => failed += 1,
        }
    }
    if failed > 0 {
        let args = [("failed", failed.into()), ("total", files.len().into())];
        let _ = writeln!(err, "{}", words().say(lang, "check-failed", &args));
        1
    } else {
        0
    }
}
