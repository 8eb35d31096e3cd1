//! How large a replay may be and what it may ask: a file read to a cap, a counted number of edits
//! and of painted cells, a latest day, and a most work of opening it (checked by [`super::bounds`]).

/// The largest replay file read: 8 MiB. A replay's edits take about 100 bytes each as the game
/// writes them, so the most edits fill about 1 MiB, and the most painted cells
/// ([`MOST_PAINTED_CELLS`]) 1.6 MB more; the scenario text a replay may carry (at most
/// the loader's 1 MiB, [`crate::scenario::limits::MAX_FILE_BYTES`], up to twice that escaped in
/// JSON) and long names get the rest, with room to spare.
pub const MAX_FILE_BYTES: usize = 8 << 20;

/// The most edits a replay holds: each was made by hand in the game (a fact set, a station
/// dropped), so ten thousand is hours of editing.
pub const MOST_EDITS: usize = 10_000;

/// The most cells a replay paints, over all its edits: each was painted by hand in the game (a
/// stroke across village.ron's map is some fifty), so twenty thousand is hundreds of strokes. Kept
/// as runs along rows, a lone cell takes about 80 bytes, so they fill at most 1.6 MB.
pub const MOST_PAINTED_CELLS: usize = 20_000;

/// A step's own cost, counted as this many villagers' (the schedule's systems run whatever the
/// town's size; measured in `docs/performance.md`).
pub const STEP_VILLAGERS: u64 = 10;

/// The most work opening a replay may ask, in villager-steps ([`Replay::work`](crate::sim::Replay::work)): a day of
/// village.ron (300 s, 3,000 steps) at 33,000 villagers, or 1,100 days of its twenty (ten hours
/// of play at 8×) — seconds on a release build (`docs/performance.md`).
pub const MOST_WORK: u64 = 100_000_000;

/// The latest day a replay may end on: the most days of the shortest day a scenario may have
/// (one second, ten steps) that the least town could play within [`MOST_WORK`] (not the most
/// days `run` plays, [`crate::sim::MOST_DAYS`]).
pub const LATEST_DAY: u32 = (MOST_WORK / (10 * STEP_VILLAGERS)) as u32;

/// Work beyond this is more than a moment: opening such a replay says so first.
pub const A_MOMENT: u64 = 10_000_000;
