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
    (follow, selection): (Res<super::follow::Follow>, Res<super::selection::Selection>),
    figures: Query<&Transform, (With<crate::sim::Villager>, Without<Camera2d>)>,
    camera: Single<&Transform, With<Camera2d>>,
) {
    *frames += 1;
    // A few frames at least, so that text and panels have been laid out once.
    if plan.taken || speed.steps_run < plan.after_steps || *frames < 10 {
        return;
    }
    plan.taken = true;
    // Following, say where the camera and the villager are (a window test reads it).
    if let (true, Some(figure)) = (follow.0, selection.0.and_then(|e| figures.get(e).ok())) {
        let (eye, at) = (camera.translation, figure.translation);
        println!("following: camera ({:.1}, {:.1}), villager ({:.1}, {:.1})", eye.x, eye.y, at.x, at.y);
    }
    let path = plan.path.clone();
    commands.spawn(Screenshot::primary_window()).observe(save_to_disk(path.clone())).observe(
        move |_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
            println!("screenshot saved to {}", path.display());
            exit.write(AppExit::Success);
        },
    );
}
