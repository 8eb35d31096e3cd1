//! `--screenshot PATH --after SECONDS`: play that long, save a PNG of the window, exit.

use super::drive::SimSpeed;
use crate::sim::STEP;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use std::path::PathBuf;

#[derive(Resource)]
struct ScreenshotPlan {
    path: PathBuf,
    after_steps: u64,
    taken: bool,
}

pub(super) fn plugin(app: &mut App, path: PathBuf, after: f32) {
    if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        let _ = std::fs::create_dir_all(folder);
    }
    let after_steps = (after.max(0.0) / STEP).round() as u64;
    app.insert_resource(ScreenshotPlan { path, after_steps, taken: false })
        .add_systems(Update, take_when_due);
}

fn take_when_due(
    mut plan: ResMut<ScreenshotPlan>,
    speed: Res<SimSpeed>,
    mut commands: Commands,
    mut frames: Local<u32>,
) {
    *frames += 1;
    // A few frames at least, so that text and panels have been laid out once.
    if plan.taken || speed.steps_run < plan.after_steps || *frames < 10 {
        return;
    }
    plan.taken = true;
    let path = plan.path.clone();
    commands.spawn(Screenshot::primary_window()).observe(save_to_disk(path.clone())).observe(
        move |_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
            println!("screenshot saved to {}", path.display());
            exit.write(AppExit::Success);
        },
    );
}
