//! The map reads: labels laid out never overlap and the selected villager's always show; a crowd
//! at a station stands apart so that a click at any figure picks that one; the station panel
//! counts who waits under it; pop-ups at one station take lines of their own; a tiled town's
//! tiles are outlined apart and named.

use bevy::math::{Rect, Vec2};
use goap_town::game::Lang;
use goap_town::game::map::crowd::{self, Standing};
use goap_town::game::map::labels::{MOST_LINES_MOVED, Moves, Rank, Wanted, lay_out, overlap};
use goap_town::game::map::tiles::{tile_name, tile_rect};
use goap_town::game::popups::{free_line, popup_offset};
use goap_town::game::station_view::inspect_station;
use goap_town::random::SplitMix64;
use goap_town::scenario;
use goap_town::sim::{self, Activity, Intent, Lines, Position, Town, Villager};

/// A villager's figure on the map, as drawn at the default zoom.
const HALF_FIGURE: Vec2 = Vec2::new(16.0, 20.0);

fn label(x: f32, y: f32, width: f32, rank: Rank, moves: Moves) -> Wanted {
    Wanted { rect: Rect::new(x, y, x + width, y + 20.0), rank, moves, was_shown: false }
}

fn shown_rects(wanted: &[Wanted], placed: &[Option<f32>]) -> Vec<(usize, Rect)> {
    let moved = |r: Rect, s: f32| Rect::from_corners(r.min + Vec2::Y * s, r.max + Vec2::Y * s);
    placed.iter().enumerate().filter_map(|(i, s)| s.map(|s| (i, moved(wanted[i].rect, s)))).collect()
}

#[test]
fn labels_that_would_overlap_stack_a_line_at_a_time_then_give_way() {
    // Four names on one spot: the first stays, the next two move up a line each, the last has
    // no room within two lines and gives way.
    let wanted: Vec<Wanted> = (0..4).map(|_| label(0.0, 0.0, 100.0, Rank::Name, Moves::Up)).collect();
    let placed = lay_out(&wanted, &[]);
    assert_eq!(placed, [Some(0.0), Some(20.0), Some(40.0), None]);
    assert_eq!(MOST_LINES_MOVED, 2);
    // Status lines move down instead; labels side by side with room stay where they are.
    let wanted = [
        label(0.0, 0.0, 100.0, Rank::Status, Moves::Down),
        label(50.0, 0.0, 100.0, Rank::Status, Moves::Down),
        label(200.0, 0.0, 100.0, Rank::Status, Moves::Down),
    ];
    assert_eq!(lay_out(&wanted, &[]), [Some(0.0), Some(-20.0), Some(0.0)]);
}

#[test]
fn the_selected_and_hovered_villagers_words_always_show_where_they_want_to_be() {
    // Crowded round: a station label and names everywhere, and a bubble where the name would go.
    let bubble = Rect::new(-500.0, 5.0, -480.0, 15.0);
    let mut wanted: Vec<Wanted> =
        (0..6).map(|i| label(i as f32 * 10.0, 0.0, 100.0, Rank::Name, Moves::Up)).collect();
    wanted.push(label(0.0, 0.0, 80.0, Rank::Station, Moves::Stays));
    wanted.push(label(20.0, 5.0, 100.0, Rank::Hovered, Moves::Up));
    wanted.push(label(10.0, 0.0, 100.0, Rank::Selected, Moves::Up));
    wanted.push(label(-500.0, 0.0, 60.0, Rank::Selected, Moves::Up));
    let placed = lay_out(&wanted, &[bubble]);
    assert_eq!(placed[8], Some(0.0), "the selected villager's name takes its place");
    assert!(placed[7].is_some(), "the hovered one's shows, moved up clear of the selected one's");
    assert_eq!(placed[6], None, "the station's label gives way to them: it cannot move");
    assert_eq!(placed[9], Some(0.0), "always shown, it does not make way for a picture");
    // A name that is not always shown keeps off pictures.
    let name = label(-510.0, 0.0, 60.0, Rank::Name, Moves::Up);
    assert_eq!(lay_out(&[name], &[bubble]), [Some(20.0)], "a line up, over the bubble");
    assert_eq!(lay_out(&[Wanted { rank: Rank::Hovered, ..name }], &[bubble]), [Some(0.0)]);
    let shown = shown_rects(&wanted, &placed);
    for (a, ra) in &shown {
        assert!(wanted[*a].rank.always_shown() || !overlap(ra, &bubble), "{a} covers the bubble");
        for (b, rb) in &shown {
            assert!(a == b || !overlap(ra, rb), "{a} and {b} overlap");
        }
    }
}

#[test]
fn a_label_shown_last_frame_keeps_its_room() {
    let mut wanted =
        [label(0.0, 0.0, 100.0, Rank::Name, Moves::Stays), label(10.0, 0.0, 100.0, Rank::Name, Moves::Stays)];
    assert_eq!(lay_out(&wanted, &[]), [Some(0.0), None]);
    wanted[1].was_shown = true;
    assert_eq!(lay_out(&wanted, &[]), [None, Some(0.0)]);
}

#[test]
fn laid_out_labels_never_overlap_and_the_selected_always_show() {
    let mut random = SplitMix64(40);
    let ranks = [Rank::Hovered, Rank::Tile, Rank::Station, Rank::Name, Rank::Status];
    let ways = [Moves::Stays, Moves::Up, Moves::Down];
    for _ in 0..300 {
        let count = 1 + random.below(40);
        let mut wanted: Vec<Wanted> = (0..count)
            .map(|_| Wanted {
                rect: Rect::from_center_size(
                    Vec2::new(random.unit() * 400.0, random.unit() * 300.0),
                    Vec2::new(20.0 + random.unit() * 120.0, 10.0 + random.unit() * 15.0),
                ),
                rank: *random.pick(&ranks),
                moves: *random.pick(&ways),
                was_shown: random.below(2) == 0,
            })
            // The words always shown (the hovered villager's) can move: a name up, a status down.
            .map(|w| match (w.rank.always_shown(), w.moves) {
                (true, Moves::Stays) => Wanted { moves: Moves::Up, ..w },
                _ => w,
            })
            .collect();
        // The selected villager's name and status line.
        let at = Vec2::new(random.unit() * 400.0, random.unit() * 300.0);
        wanted.push(Wanted {
            rect: Rect::from_center_size(at, Vec2::new(90.0, 18.0)),
            rank: Rank::Selected,
            moves: Moves::Up,
            was_shown: false,
        });
        let below = at - Vec2::Y * 40.0;
        wanted.push(Wanted {
            rect: Rect::from_center_size(below, Vec2::new(110.0, 15.0)),
            rank: Rank::Selected,
            moves: Moves::Down,
            was_shown: false,
        });
        let fixed: Vec<Rect> = (0..random.below(5))
            .map(|_| {
                Rect::from_center_size(
                    Vec2::new(random.unit() * 400.0, random.unit() * 300.0),
                    Vec2::splat(32.0),
                )
            })
            .collect();
        let placed = lay_out(&wanted, &fixed);
        assert_eq!(placed.len(), wanted.len());
        assert_eq!(placed[count], Some(0.0), "nothing comes before the selected villager's name");
        assert!(placed[count + 1].is_some(), "nor its status line");
        for (i, shift) in placed.iter().enumerate() {
            if let (Some(s), Moves::Stays) = (shift, wanted[i].moves) {
                assert_eq!(*s, 0.0, "a label that stays does not move");
            }
            if wanted[i].rank.always_shown() {
                assert!(shift.is_some(), "{i} always shows");
            }
        }
        let shown = shown_rects(&wanted, &placed);
        for (a, ra) in &shown {
            for f in fixed.iter().filter(|_| !wanted[*a].rank.always_shown()) {
                assert!(!overlap(ra, f), "{a} covers a picture: {wanted:?} {fixed:?} {placed:?}");
            }
            for (b, rb) in &shown {
                assert!(
                    a == b || !overlap(ra, rb),
                    "{a} and {b} overlap: {:?} {:?} {:?} {:?}",
                    wanted[*a],
                    wanted[*b],
                    placed[*a],
                    placed[*b]
                );
            }
        }
    }
}

/// Whether two figures drawn at `a` and `b` overlap.
fn figures_overlap(a: Vec2, b: Vec2) -> bool {
    let d = (a - b).abs();
    d.x < 2.0 * HALF_FIGURE.x && d.y < 2.0 * HALF_FIGURE.y
}

#[test]
fn a_crowd_at_a_station_stands_apart_and_each_figure_picks_its_villager() {
    for (here, in_line) in [(1, 0), (2, 3), (4, 0), (7, 6), (12, 11)] {
        let mut drawn: Vec<Vec2> =
            (0..here).map(|place| crowd::offset(Standing::AtStation { place, count: here })).collect();
        drawn.extend(
            (0..in_line).map(|place| crowd::offset(Standing::InLine { place, count: in_line, here })),
        );
        for (i, a) in drawn.iter().enumerate() {
            assert!(a.y < -crowd::UNDER_STATION + 1.0, "under the station: {a}");
            for b in &drawn[i + 1..] {
                assert!(!figures_overlap(*a, *b), "{here} + {in_line}: {a} and {b} overlap");
            }
        }
        // A click anywhere on a figure picks that villager.
        let figures = || drawn.iter().enumerate().map(|(i, &at)| (i, at, HALF_FIGURE));
        for (i, &at) in drawn.iter().enumerate() {
            for corner in
                [Vec2::ZERO, HALF_FIGURE * 0.95, -HALF_FIGURE * 0.95, HALF_FIGURE * Vec2::new(0.9, -0.9)]
            {
                assert_eq!(crowd::pick(at + corner, figures()), Some(i), "{here} + {in_line}, figure {i}");
            }
        }
        // The first in line stands left of the second, which stands left of the third.
        if in_line >= 3 {
            let line = &drawn[here..];
            assert!(line[0].x < line[1].x && line[1].x < line[2].x, "{line:?}");
        }
    }
    assert_eq!(crowd::pick(Vec2::new(1000.0, 0.0), [(0, Vec2::ZERO, HALF_FIGURE)]), None);
}

#[test]
fn where_figures_overlap_a_click_picks_the_one_in_front() {
    // Two walking past each other: the lower one is drawn in front, and is the one picked.
    let (upper, lower) = (Vec2::new(0.0, 10.0), Vec2::new(6.0, 0.0));
    assert!(crowd::depth(lower.y) > crowd::depth(upper.y));
    let figures = [("upper", upper, HALF_FIGURE), ("lower", lower, HALF_FIGURE)];
    assert_eq!(crowd::pick(Vec2::new(3.0, 5.0), figures), Some("lower"));
    assert_eq!(crowd::pick(Vec2::new(-12.0, 28.0), figures), Some("upper"), "only the upper one is there");
}

/// Who is where in `app`'s town, drawn as the map draws them.
fn drawn(app: &mut bevy::app::App) -> Vec<(bevy::ecs::entity::Entity, [f32; 2], Vec2)> {
    let world = app.world_mut();
    let mut q = world.query::<(bevy::ecs::entity::Entity, &Villager, &Position, &Intent, &Activity)>();
    let rows: Vec<_> = q.iter(world).collect();
    let (town, lines) = (world.resource::<Town>(), world.resource::<Lines>());
    let now = world.resource::<sim::Clock>().steps;
    let at = crowd::drawn_at(town, lines, now, rows.iter().map(|r| (r.1, r.2, r.3, r.4)));
    let stands = rows.iter().map(|r| sim::position_at(town, now, (r.1, r.2, r.3, r.4)));
    rows.iter().zip(stands).zip(at).map(|((r, stands), at)| (r.0, stands, at)).collect()
}

#[test]
fn villagers_sharing_the_town_table_are_drawn_apart_and_picked_where_drawn() {
    let name = "town.ron";
    let mut app = sim::simulation_app(scenario::parse(scenario::shipped(name).unwrap(), name).unwrap());
    let table = {
        let town = app.world().resource::<Town>();
        let index = town.scenario.stations.iter().position(|s| s.id == "table").unwrap();
        town.layout.station_position(&town.scenario, index, 0)
    };
    let mut most = 0;
    let crowded = sim::run_until(&mut app, 3000, |app| {
        let world = app.world();
        let mut n = 0;
        for p in world.iter_entities().filter_map(|e| e.get::<Position>()) {
            n += usize::from(p.0 == table);
        }
        most = most.max(n);
        n >= 3
    });
    assert!(crowded, "never three at the table (at most {most})");
    let drawn = drawn(&mut app);
    let at_table: Vec<_> = drawn.iter().filter(|d| d.1 == table).collect();
    assert!(at_table.len() >= 3);
    for (i, a) in at_table.iter().enumerate() {
        for b in &at_table[i + 1..] {
            assert!(!figures_overlap(a.2, b.2), "{:?} and {:?} overlap", a.2, b.2);
        }
    }
    let figures = || drawn.iter().map(|d| (d.0, d.2, HALF_FIGURE));
    for (entity, _, at) in &at_table {
        assert_eq!(crowd::pick(*at, figures()), Some(*entity));
    }
}

#[test]
fn the_station_panel_counts_who_waits_under_it() {
    // Each wants to bake twice, and there are two sacks of flour: each bakes once, then both wait
    // at the oven for more.
    let text = r#"Scenario(
    world: {"flour": 2},
    agent: {"baked": 0},
    stations: [(id: "oven", label: "Oven", pos: (0.0, 0.0)), (id: "mill", label: "Mill", pos: (300.0, 0.0))],
    actions: [(id: "bake", station: "oven", duration: 3.0, cost: 1,
               needs: ["world.flour >= 1"], effects: ["world.flour -= 1", "agent.baked += 1"])],
    characters: [
        (id: "ana", name: "Ana", start: (0.0, 20.0), speed: 40.0, actions: ["bake"],
         goals: [(id: "bake", wants: ["agent.baked >= 2"], drift: Need(rate: 0.0, initial: 0.9))]),
        (id: "bo", name: "Bo", start: (0.0, 60.0), speed: 40.0, actions: ["bake"],
         goals: [(id: "bake", wants: ["agent.baked >= 2"], drift: Need(rate: 0.0, initial: 0.9))]),
    ],
)"#;
    let mut app = sim::simulation_app(scenario::parse(text, "oven.ron").unwrap());
    let both_wait = sim::run_until(&mut app, 400, |app| {
        inspect_station(app.world(), "oven", 0).unwrap().waiting.len() == 2
    });
    let view = inspect_station(app.world(), "oven", 0).unwrap();
    assert!(both_wait, "{view:?}");
    assert_eq!(view.waiting, ["Ana", "Bo"]);
    assert!(view.acting.is_empty() && view.queued.is_empty() && view.coming.is_empty(), "{view:?}");
    assert!(inspect_station(app.world(), "mill", 0).unwrap().waiting.is_empty(), "no one waits at the mill");
    let lists = view.lists(Lang::ENGLISH);
    let headings: Vec<&str> = lists.iter().map(|l| l.0.as_str()).collect();
    assert_eq!(headings, ["Acting here", "In line", "Waiting here", "On the way"]);
    assert_eq!(lists[2].1, ["Ana", "Bo"]);
    assert_eq!(view.lists(Lang::SPANISH)[2].0, "Esperando aquí");
}

#[test]
fn pop_ups_at_one_station_take_lines_of_their_own_over_its_label() {
    assert_eq!(free_line([]), 0);
    assert_eq!(free_line([0, 1]), 2);
    assert_eq!(free_line([1, 2]), 0);
    // Over the label, a line apart, at any zoom: further apart in world units zoomed out.
    for scale in [0.5, 1.0, 1.5] {
        let (first, second) = (popup_offset(0, scale), popup_offset(1, scale));
        assert!(first.y > 32.5 + 15.0 * scale, "clear of the station's label at {scale}");
        assert!(second.y - first.y >= 17.5 * scale, "a line apart at {scale}");
    }
}

#[test]
fn a_tiled_town_names_its_tiles_and_their_outlines_keep_apart() {
    let name = "town.ron";
    let scenario = scenario::parse(scenario::shipped(name).unwrap(), name).unwrap();
    let layout = sim::Layout::tiled(&scenario, 40, Some(sim::DEFAULT_SEED));
    assert!(layout.tiles >= 7);
    let rects: Vec<Rect> = (0..layout.tiles).map(|t| tile_rect(&scenario, &layout, t)).collect();
    for (i, a) in rects.iter().enumerate() {
        for b in &rects[i + 1..] {
            assert!(!overlap(a, b), "{a:?} {b:?}");
        }
    }
    // Every station of a tile stands inside its outline.
    for (tile, rect) in rects.iter().enumerate() {
        for s in 0..scenario.stations.len() {
            assert!(rect.contains(Vec2::from(layout.station_position(&scenario, s, tile))));
        }
    }
    assert_eq!(tile_name(Lang::ENGLISH, 7), "Tile 7");
    assert_eq!(tile_name(Lang::SPANISH, 7), "Barrio 7");
}
