//! The town's pictures and font, loaded once through Bevy's asset server from `assets/` — the
//! working directory's, else the one of the checkout the binary was built from. Which picture
//! stands for what is [`crate::art`]'s to say; this module only holds the handles.

use crate::art::{self, Picture};
use bevy::asset::{AssetMetaCheck, AssetPlugin};
use bevy::image::{
    ImageAddressMode, ImageArrayLayout, ImageLoaderSettings, ImageSampler, ImageSamplerDescriptor,
};
use bevy::prelude::*;
use std::path::{Path, PathBuf};

/// Every picture is drawn at twice its pixel size.
pub const SCALE: f32 = 2.0;
/// One frame of a villager sheet: standing, then two walking steps, facing right; the row
/// below holds the clothes, tinted with the villager's colour.
pub const FIGURE: UVec2 = UVec2::new(16, 20);
/// How big a villager's figure is on the map.
pub const TOKEN: Vec2 = Vec2::new(FIGURE.x as f32 * SCALE, FIGURE.y as f32 * SCALE);

#[derive(Resource)]
pub struct Art {
    stations: Vec<Handle<Image>>,
    villagers: Vec<Handle<Image>>,
    icons: Vec<Handle<Image>>,
    pub figure_frames: Handle<TextureAtlasLayout>,
    pub bubble: Handle<Image>,
    pub ground: Handle<Image>,
    /// The map's terrain: its tiles stacked as the layers of one array texture
    /// ([`super::map::looks`] says which is which).
    pub terrain: Handle<Image>,
    pub font: Handle<Font>,
}

/// Where the pictures are: `assets/` here when it has them, else the source checkout's.
pub fn folder() -> PathBuf {
    let here = Path::new("assets");
    if here.join("sprites").is_dir() {
        return here.canonicalize().unwrap_or_else(|_| here.to_path_buf());
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")
}

/// The asset server reading [`folder`], with pixel art kept crisp.
pub fn asset_plugins() -> (AssetPlugin, ImagePlugin) {
    let assets = AssetPlugin {
        file_path: folder().to_string_lossy().into_owned(),
        meta_check: AssetMetaCheck::Never,
        ..default()
    };
    (assets, ImagePlugin::default_nearest())
}

impl FromWorld for Art {
    fn from_world(world: &mut World) -> Self {
        let frames = TextureAtlasLayout::from_grid(FIGURE, 3, 2, None, None);
        let figure_frames = world.resource_mut::<Assets<TextureAtlasLayout>>().add(frames);
        let server = world.resource::<AssetServer>();
        let load_all = |folder: &str, pictures: &[Picture]| -> Vec<Handle<Image>> {
            pictures.iter().map(|(name, _)| server.load(format!("{folder}/{name}.png"))).collect()
        };
        // The ground repeats: one quad wider than the image samples it again and again.
        let repeat = |settings: &mut ImageLoaderSettings| {
            let mut sampler = ImageSamplerDescriptor::nearest();
            sampler.set_address_mode(ImageAddressMode::Repeat);
            settings.sampler = ImageSampler::Descriptor(sampler);
        };
        let terrain_layers = |settings: &mut ImageLoaderSettings| {
            let rows = super::map::looks::TERRAIN_TILES;
            settings.array_layout = Some(ImageArrayLayout::RowCount { rows });
        };
        Art {
            stations: load_all("sprites", art::STATIONS),
            villagers: load_all("villagers", art::VILLAGERS),
            icons: load_all("icons", art::ICONS),
            figure_frames,
            bubble: server.load("ui/bubble.png"),
            ground: server.load_builder().with_settings(repeat).load("ui/ground.png"),
            terrain: server.load_builder().with_settings(terrain_layers).load("ui/terrain.png"),
            font: server.load("fonts/DejaVuSans.ttf"),
        }
    }
}

impl Art {
    /// The sprite of a station called `name` (its sprite, kind or id).
    pub fn station(&self, name: &str) -> Handle<Image> {
        self.stations[index(art::STATIONS, name)].clone()
    }

    /// The figure sheet of a villager called `name` (its sprite or id).
    pub fn villager(&self, name: &str) -> Handle<Image> {
        self.villagers[index(art::VILLAGERS, name)].clone()
    }

    /// The icon of a fact called `name`.
    pub fn icon(&self, name: &str) -> Handle<Image> {
        self.icons[index(art::ICONS, name)].clone()
    }

    /// Text in the game's font, which covers Spanish and every sign the interface uses.
    pub fn text_font(&self, size: f32) -> TextFont {
        TextFont { font: self.font.clone().into(), font_size: FontSize::Px(size), ..default() }
    }
}

fn index(pictures: &'static [Picture], name: &str) -> usize {
    let file = art::pick(pictures, name);
    pictures.iter().position(|p| p.0 == file).unwrap_or(0)
}
