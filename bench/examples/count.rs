//! Plans one benchmark problem a fixed number of times, so that an instruction count (callgrind)
//! divides into instructions per plan: `count NAME [TIMES] [--remembered | --compile]` — the
//! search afresh every time; with `--remembered`, answered from the thread's memory; with
//! `--compile`, a planner built anew for every plan.

use goap_town::planner::Planner;
use std::hint::black_box;

fn main() {
    let flag = |name: &str| std::env::args().any(|a| a == name);
    let mut words = std::env::args().skip(1).filter(|a| !a.starts_with("--"));
    let name = words.next().expect("a problem name, or part of one");
    let times: u64 = words.next().map_or(10_000_000, |n| n.parse().expect("a count"));
    let p = goap_town_bench::problems().into_iter().find(|p| p.name.contains(name.as_str())).expect("known");
    let planner = Planner::new(&p.actions, &p.goal);
    let plan = planner.search(&p.start, 5000).expect("every benchmark problem has a plan");
    let (compile, remembered) = (flag("--compile"), flag("--remembered"));
    let started = std::time::Instant::now();
    for _ in 0..times {
        let (actions, goal, start) = (black_box(&p.actions), black_box(&p.goal), black_box(&p.start));
        let answer = match (compile, remembered) {
            (true, _) => Planner::new(actions, goal).plan(start, 5000),
            (false, true) => black_box(&planner).plan(start, 5000),
            (false, false) => black_box(&planner).search(start, 5000),
        };
        black_box(answer).ok();
    }
    let nanos = started.elapsed().as_nanos() as f64 / times as f64;
    println!("{} {nanos:.1} ns/plan, cost {}, {} expanded", p.name, plan.cost, plan.expanded);
}
