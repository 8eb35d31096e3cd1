//! How long fields take on a village-sized map (60 × 45 cells, 25 stations) — built, walked and
//! repainted — and the most village.ron's shared ways can hold, measured, never asserted:
//! `cargo run --release --example space_fields`.

use goap_town::random::SplitMix64;
use goap_town::space::{Cell, Field, Fields, Ground, Map};
use std::time::Instant;

/// A 60 × 45 map of 20-unit cells: grass, a river across it with two bridges, a road along the
/// middle, and scattered walls.
fn village() -> Map {
    let (width, height) = (60u32, 45u32);
    let mut random = SplitMix64(43);
    let rows: Vec<String> = (0..height)
        .map(|row| {
            (0..width)
                .map(|col| match (col, row) {
                    (30..=32, _) if !(10..=11).contains(&row) && !(33..=34).contains(&row) => '~',
                    (_, 22) => '=',
                    _ if random.below(12) == 0 => '#',
                    _ => '.',
                })
                .collect()
        })
        .collect();
    Map::parse(20.0, [-600.0, 450.0], &rows, 10_000).unwrap()
}

fn main() {
    let map = village();
    let mut random = SplitMix64(7);
    let mut walkable = |map: &Map| loop {
        let cell = Cell { col: random.below(60) as u32, row: random.below(45) as u32 };
        if !map.blocked(cell) {
            return map.center(cell);
        }
    };
    let targets: Vec<[f32; 2]> = (0..25).map(|_| walkable(&map)).collect();
    let mut fields = Fields::new(map.clone(), &targets);

    let clock = Instant::now();
    for t in 0..targets.len() {
        fields.field(t);
    }
    let built = clock.elapsed();
    println!("25 fields built from scratch: {built:?}; {} bytes", fields.memory_bytes());

    let starts: Vec<[f32; 2]> = (0..200).map(|_| walkable(&map)).collect();
    let clock = Instant::now();
    let mut found = 0;
    for (i, &start) in starts.iter().enumerate() {
        found += usize::from(fields.route(start, i % targets.len()).is_some());
    }
    println!("200 routes read and straightened: {:?} ({found} found)", clock.elapsed());

    let strokes = 200;
    let (mut slowest, mut total) = (std::time::Duration::ZERO, std::time::Duration::ZERO);
    let (mut fields_changed, mut cells) = (0, 0);
    for stroke in 0..strokes {
        let cell = Cell { col: random.below(60) as u32, row: random.below(45) as u32 };
        let ground = [Ground::Wall, Ground::Grass, Ground::Road, Ground::Water][stroke % 4];
        let clock = Instant::now();
        let repaint = fields.paint(cell, ground);
        let took = clock.elapsed();
        (slowest, total) = (took.max(slowest), total + took);
        (fields_changed, cells) = (fields_changed + repaint.fields, cells + repaint.cells);
    }
    println!(
        "{strokes} cells repainted, 25 fields kept up to date: {:?} a cell on average, {slowest:?} at most; \
         {:.1} fields and {:.0} cells searched again a paint on average",
        total / strokes as u32,
        fields_changed as f64 / strokes as f64,
        cells as f64 / strokes as f64,
    );
    let clock = Instant::now();
    for &target in &targets {
        let _ = Field::toward(fields.map(), fields.map().cell_of(target));
    }
    println!("the same 25 fields built again from scratch: {:?}", clock.elapsed());

    village_ron_at_most();
}

/// village.ron's fields with the way from every cell's middle to every station worked out: the
/// most they hold, however many villagers read them.
fn village_ron_at_most() {
    let text = goap_town::scenario::shipped("village.ron").expect("village.ron is built in");
    let village = goap_town::scenario::parse(text, "village.ron").expect("village.ron loads");
    let fields = village.walks.as_ref().expect("village.ron has a map").fields();
    let map = fields.map();
    let clock = Instant::now();
    let mut found = 0;
    for row in 0..map.height() {
        for col in 0..map.width() {
            let from = map.center(Cell { col, row });
            found += (0..fields.targets().len()).filter(|&t| fields.route(from, t).is_some()).count();
        }
    }
    println!(
        "village.ron ({} × {} cells, {} stations): {found} routes from every cell's middle in {:?}; \
         its fields and ways then hold {} bytes",
        map.width(),
        map.height(),
        fields.targets().len(),
        clock.elapsed(),
        fields.memory_bytes(),
    );
}
