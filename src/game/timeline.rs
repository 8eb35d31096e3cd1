//! The day so far, to go back through: the latest moment played and the one shown. Going to a
//! moment shows the town as it was then ([`crate::sim::seek`]) and pauses; playing on from a
//! moment gone back to sends the day another way from there. [`super::timeline_panel`] draws it.

use super::drive::SimSpeed;
use super::history::InsistenceHistory;
use crate::sim::{Clock, DayHistory, seek};
use bevy::prelude::*;

/// The latest moment of the day played (steps since dawn), the moment shown, and one asked for.
#[derive(Resource, Debug, Default)]
pub struct Timeline {
    pub latest: u64,
    shown: u64,
    day: u32,
    wanted: Option<u64>,
    /// The clock moved because the town went back (or forward) to a moment, not by playing.
    sought: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Timeline>().add_systems(Update, (go_to_wanted, follow_the_day).chain());
}

/// Keeps the latest moment played; when the day goes on from a moment gone back to, it goes
/// another way: the edits after that moment are forgotten and it becomes the latest.
fn follow_the_day(
    clock: Res<Clock>,
    mut timeline: ResMut<Timeline>,
    mut history: Option<ResMut<DayHistory>>,
    mut plots: Query<&mut InsistenceHistory>,
) {
    let t = &mut *timeline;
    if clock.day != t.day {
        (t.day, t.latest) = (clock.day, clock.steps);
    } else if std::mem::take(&mut t.sought) {
        // The plots keep no samples from after the moment shown (going there played up to it).
        for mut plot in &mut plots {
            for samples in &mut plot.0 {
                samples.retain(|s| s[0] <= f64::from(clock.time));
            }
        }
    } else if clock.steps != t.shown && clock.steps <= t.latest {
        if let Some(history) = history.as_mut() {
            history.forget_after(t.shown);
        }
        t.latest = clock.steps;
    }
    t.latest = t.latest.max(clock.steps);
    t.shown = clock.steps;
}

impl Timeline {
    /// Shows the town `steps` after dawn, at most the latest moment played, from the next frame.
    pub fn go_to(&mut self, steps: u64) {
        self.wanted = Some(steps.min(self.latest));
    }
}

fn go_to_wanted(world: &mut World) {
    let Some(steps) = world.resource_mut::<Timeline>().wanted.take() else { return };
    world.resource_mut::<SimSpeed>().paused = true;
    seek(world, steps);
    world.resource_mut::<Timeline>().sought = true;
}
