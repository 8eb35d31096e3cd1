//! `goap-town check FILE...`: validate scenario files the way a compiler reports errors.

use crate::scenario;
use std::io::Write;
use std::path::PathBuf;

pub fn run(files: &[PathBuf], out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let mut failed = 0;
    for file in files {
        match scenario::load_or_report(file, err) {
            Ok(s) => {
                for warning in &s.warnings {
                    let _ = writeln!(err, "{warning}");
                }
                let _ = writeln!(
                    out,
                    "ok {}: {} characters, {} actions, {} stations",
                    file.display(),
                    s.characters.len(),
                    s.actions.len(),
                    s.stations.len()
                );
            }
            Err(_) => failed += 1,
        }
    }
    if failed > 0 {
        let _ = writeln!(err, "{failed} of {} scenario files have errors", files.len());
        1
    } else {
        0
    }
}
