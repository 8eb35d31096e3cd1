//! Where the panels go so that they fit any window from 1024×768 up: the world on the left and
//! the inspector on the right end above the timeline, which spans the bottom, and scroll what
//! does not fit; the text one notch larger than egui's. Each panel's rectangles are kept, so a
//! test can read what was laid out (`GOAP_TOWN_LAYOUT=FILE` writes them each frame).

use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowResolution};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use serde::Serialize;
use std::collections::BTreeMap;

/// Space between a panel and the window's edge, or another panel.
pub const MARGIN: f32 = 8.0;
/// The width of the world panel's content.
pub const WORLD_WIDTH: f32 = 250.0;
/// The width of the inspector's content.
pub const INSPECTOR_WIDTH: f32 = 340.0;

/// Where something centred between the side panels goes in a window `width` wide: its offset
/// from the centre, and the width it may take (their frames included, at most 560).
pub fn between_side_panels(width: f32) -> (f32, f32) {
    let (left, right) = (WORLD_WIDTH + 2.0 * MARGIN + 16.0, INSPECTOR_WIDTH + 2.0 * MARGIN + 16.0);
    ((left - right) / 2.0, (width - left - right - 24.0).clamp(200.0, 560.0))
}

/// Where a notice's bottom goes: just above the timeline.
pub(super) fn above_timeline(ctx: &egui::Context, layout: &PanelLayout) -> [f32; 2] {
    let screen = ctx.content_rect();
    [0.0, -(screen.max.y - layout.bottom(screen))]
}

/// The panels as laid out in the last frame, in egui's points.
#[derive(Resource, Debug, Default, Clone, Serialize)]
pub struct PanelLayout {
    /// The window's content area: left, top, right, bottom.
    pub screen: [f32; 4],
    pub panels: BTreeMap<&'static str, PanelRects>,
}

/// One panel's rectangles (left, top, right, bottom).
#[derive(Debug, Default, Clone, Copy, Serialize)]
pub struct PanelRects {
    /// The window, frame and title included.
    pub outer: [f32; 4],
    /// What its content took: a panel whose content reaches beyond `outer` has it cut off.
    pub content: [f32; 4],
    /// For a panel that scrolls: how tall its content is, and how much of it shows.
    pub scroll: Option<[f32; 2]>,
}

fn corners(rect: egui::Rect) -> [f32; 4] {
    [rect.min.x, rect.min.y, rect.max.x, rect.max.y]
}

impl PanelLayout {
    /// Keeps what `name` took this frame.
    pub fn keep(
        &mut self,
        name: &'static str,
        outer: egui::Rect,
        content: egui::Rect,
        scroll: Option<[f32; 2]>,
    ) {
        self.panels.insert(name, PanelRects { outer: corners(outer), content: corners(content), scroll });
    }

    /// Where the side panels must end: above the timeline (as laid out last frame).
    pub fn bottom(&self, screen: egui::Rect) -> f32 {
        let timeline = self.panels.get("timeline").map_or(screen.max.y - 48.0, |t| t.outer[1]);
        timeline - MARGIN
    }

    /// How tall side panel `name` is to be, frame and title included: as tall as its content
    /// (as laid out last frame), but ending above the timeline; what does not fit scrolls.
    pub fn side_height(&self, name: &str, screen: egui::Rect) -> f32 {
        let room = (self.bottom(screen) - (screen.min.y + MARGIN)).max(120.0);
        let Some(panel) = self.panels.get(name) else { return room };
        let Some([content, shown]) = panel.scroll else { return room };
        let frame = (panel.outer[3] - panel.outer[1] - shown).max(0.0);
        (content + frame).clamp(80.0, room)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PanelLayout>()
        .add_systems(Startup, window_size_from_env)
        .add_systems(Update, window_within_monitor)
        .add_systems(EguiPrimaryContextPass, larger_text)
        .add_systems(Last, write_layout);
}

/// The text styles a notch larger than egui's own, set once.
fn larger_text(mut contexts: EguiContexts, mut done: Local<bool>, mut layout: ResMut<PanelLayout>) -> Result {
    let ctx = contexts.ctx_mut()?;
    layout.screen = corners(ctx.content_rect());
    if std::mem::replace(&mut *done, true) {
        return Ok(());
    }
    ctx.all_styles_mut(|style| {
        use egui::{FontFamily, FontId, TextStyle};
        for (text, size, family) in [
            (TextStyle::Small, 11.5, FontFamily::Proportional),
            (TextStyle::Body, 14.5, FontFamily::Proportional),
            (TextStyle::Button, 14.5, FontFamily::Proportional),
            (TextStyle::Monospace, 13.5, FontFamily::Monospace),
            (TextStyle::Heading, 20.0, FontFamily::Proportional),
        ] {
            style.text_styles.insert(text, FontId::new(size, family));
        }
    });
    Ok(())
}

/// `GOAP_TOWN_WINDOW=1024x768` opens the window at that size (to see the panels in a small
/// window, and to test them there).
fn window_size_from_env(mut window: Query<&mut Window, With<PrimaryWindow>>) {
    let Some((width, height)) = std::env::var("GOAP_TOWN_WINDOW").ok().and_then(|size| {
        let (w, h) = size.split_once('x')?;
        Some((w.trim().parse::<u32>().ok()?, h.trim().parse::<u32>().ok()?))
    }) else {
        return;
    };
    if let Ok(mut window) = window.single_mut() {
        window.resolution = WindowResolution::new(width.max(320), height.max(240));
    }
}

/// A first window larger than its screen (1280×800 on a 1024×768 one) is shrunk to the screen,
/// once, as soon as the screen is known: the panels fit any window from 1024×768 up, not one
/// that runs off the screen. A size asked for by `GOAP_TOWN_WINDOW` is kept.
fn window_within_monitor(
    mut window: Query<&mut Window, With<PrimaryWindow>>,
    monitor: Query<&bevy::window::Monitor, With<bevy::window::PrimaryMonitor>>,
    mut done: Local<bool>,
) {
    if *done {
        return;
    }
    let (Ok(mut window), Ok(monitor)) = (window.single_mut(), monitor.single()) else { return };
    *done = true;
    if std::env::var_os("GOAP_TOWN_WINDOW").is_some() {
        return;
    }
    let scale = monitor.scale_factor.max(0.5) as f32;
    let screen = monitor.physical_size().as_vec2() / scale;
    let size = window.resolution.size();
    if size.x > screen.x || size.y > screen.y {
        let fitted = size.min(screen).max(Vec2::new(320.0, 240.0));
        window.resolution.set(fitted.x, fitted.y);
    }
}

/// `GOAP_TOWN_LAYOUT=FILE`: the panels' rectangles, as JSON, written each frame.
fn write_layout(layout: Res<PanelLayout>, mut file: Local<Option<Option<std::path::PathBuf>>>) {
    let file = file.get_or_insert_with(|| std::env::var_os("GOAP_TOWN_LAYOUT").map(Into::into));
    if let (Some(path), Ok(json)) = (file.as_ref(), serde_json::to_string_pretty(&*layout)) {
        let _ = std::fs::write(path, json);
    }
}
