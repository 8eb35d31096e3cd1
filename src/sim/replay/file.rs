//! Reading a replay file without trusting the path: only a regular file is opened (a pipe would
//! block, a device never end), and no more than [`MAX_FILE_BYTES`] of it is read.

use super::bounds::MAX_FILE_BYTES;
use super::fault::{Fault, NotAFile};
use std::io::Read;
use std::path::Path;

/// The bytes of the file at `path` (a link is followed), if it is a regular file of at most
/// [`MAX_FILE_BYTES`].
pub fn bytes(path: &Path) -> Result<Vec<u8>, Fault> {
    let unreadable = |e: std::io::Error| Fault::Unreadable { reason: e.to_string() };
    // Looked at before opening: opening a FIFO waits for a writer.
    regular(&std::fs::metadata(path).map_err(unreadable)?)?;
    let file = std::fs::File::open(path).map_err(unreadable)?;
    // Looked at again as opened, in case the path changed in between.
    regular(&file.metadata().map_err(unreadable)?)?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES as u64 + 1).read_to_end(&mut bytes).map_err(unreadable)?;
    if bytes.len() > MAX_FILE_BYTES {
        return Err(Fault::TooLarge);
    }
    Ok(bytes)
}

fn regular(metadata: &std::fs::Metadata) -> Result<(), Fault> {
    if !metadata.is_file() {
        return Err(Fault::NotAFile { kind: NotAFile::of(metadata.file_type()) });
    }
    if metadata.len() > MAX_FILE_BYTES as u64 {
        return Err(Fault::TooLarge);
    }
    Ok(())
}
