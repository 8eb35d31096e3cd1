//! The scenario text the game's run started from, kept so that `Save day` can put it into the
//! replay: by then the game's own Save (or anyone) may have written over the file, and a replay
//! plays only the very text its day played.

use crate::scenario::text_hash;
use crate::sim::DayHistory;
use bevy::prelude::*;
use std::sync::Arc;

/// Texts the game took in, by [`text_hash`]: at most the run's own and the latest, each within
/// the scenario loader's size limit.
#[derive(Resource, Debug, Default)]
pub struct DayTexts(Vec<(u64, Arc<str>)>);

/// Keeps `text`, the text (without a byte-order mark) of a scenario just taken in, and forgets
/// any other that the run no longer started from.
pub fn keep(world: &mut World, text: &str) {
    let hash = text_hash(text);
    let run = run_hash(world);
    let mut texts = world.get_resource_or_init::<DayTexts>();
    texts.0.retain(|&(kept, _)| kept != hash && Some(kept) == run);
    texts.0.push((hash, text.into()));
}

/// The text the run started from, if the game read it.
pub fn of_the_run(world: &World) -> Option<Arc<str>> {
    let run = run_hash(world)?;
    let texts = world.get_resource::<DayTexts>()?;
    texts.0.iter().find(|(kept, _)| *kept == run).map(|(_, text)| text.clone())
}

/// The text hash of the scenario the run (its history) started from.
fn run_hash(world: &World) -> Option<u64> {
    let (installed, _) = world.get_resource::<DayHistory>()?.run()?;
    Some(installed.text_hash)
}
