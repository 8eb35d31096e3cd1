//! Plans one benchmark problem a fixed number of times, so that an instruction count (callgrind)
//! divides into instructions per plan: `count NAME [TIMES] [--compile]` (with `--compile`, the
//! planner is built anew for every plan).

use goap_town::planner::Planner;
use std::hint::black_box;

fn main() {
    let mut words = std::env::args().skip(1).filter(|a| a != "--compile");
    let name = words.next().expect("a problem name, or part of one");
    let times: u64 = words.next().map_or(10_000_000, |n| n.parse().expect("a count"));
    let p = goap_town_bench::problems().into_iter().find(|p| p.name.contains(name.as_str())).expect("known");
    let planner = Planner::new(&p.actions, &p.goal).prepared();
    let plan = planner.plan(&p.start, 5000).expect("every benchmark problem has a plan");
    let compile = std::env::args().any(|a| a == "--compile");
    let started = std::time::Instant::now();
    for _ in 0..times {
        if compile {
            let planner = Planner::new(black_box(&p.actions), black_box(&p.goal));
            black_box(planner.plan(black_box(&p.start), 5000)).ok();
        } else {
            black_box(black_box(&planner).plan(black_box(&p.start), 5000)).ok();
        }
    }
    let nanos = started.elapsed().as_nanos() as f64 / times as f64;
    println!("{} {nanos:.1} ns/plan, cost {}, {} expanded", p.name, plan.cost, plan.expanded);
}
