//! Opening another scenario from the picker: the town is replaced, and what was tied to the one
//! left — its unsaved moves and paint, a failed save, the selection, the file watched — is let go.

use super::current::CurrentScenario;
use super::editing::Unsaved;
use super::hot_reload::{ReloadStatus, ScenarioWatcher};
use super::paint::{Stroke, UnsavedPaint};
use super::save_positions::SaveFailed;
use super::selection::{SelectedStation, Selection};
use crate::scenario::ScenarioChoice;
use crate::sim::replace_scenario;
use crate::words::Lang;
use bevy::prelude::*;

/// Switches to `choice` (from the picker); a scenario that does not load is reported and the
/// current one keeps running.
pub fn open(world: &mut World, choice: ScenarioChoice) {
    let lang = world.get_resource::<Lang>().copied().unwrap_or_default();
    match choice.load_with_text_or_report(lang, &mut std::io::stderr()) {
        Ok((fresh, text)) => {
            replace_scenario(world, fresh);
            super::day_text::keep(world, &text);
            // The moves and the paint were of the scenario left: none of this one's is unsaved.
            world.resource_mut::<Unsaved>().0.clear();
            if let Some(mut painted) = world.get_resource_mut::<UnsavedPaint>() {
                painted.0.clear();
            }
            if let Some(mut stroke) = world.get_resource_mut::<Stroke>() {
                *stroke = Stroke::default();
            }
            world.resource_mut::<SaveFailed>().0 = None;
            world.resource_mut::<Selection>().0 = None;
            world.resource_mut::<SelectedStation>().0 = None;
            if let ScenarioChoice::File(path) = &choice {
                super::hot_reload::watch(world, path);
            } else {
                world.remove_resource::<ScenarioWatcher>();
            }
            let mut status = world.resource_mut::<ReloadStatus>();
            (status.errors, status.last) = (Vec::new(), None);
            world.insert_resource(CurrentScenario { choice });
        }
        Err(errors) => world.resource_mut::<ReloadStatus>().errors = errors,
    }
}
