//! `cargo bench -p goap-town-bench`: goap-town's planner and dogoap 0.5 on the same problems,
//! side by side — time per plan, expansions, plan cost and the speed-up. The headline is our
//! search, worked out afresh for every plan (`Planner::search`), against dogoap's whole search;
//! beside it, what the same question costs answered from a thread's memory (`Planner::plan`
//! asked again, as a town asks) and with the goal compiled for it (a new `Planner` each time).
//!
//! dogoap has no search limit and can run for minutes, so each of its cells runs in a child
//! process (this same binary, `--dogoap-cell NAME`) that is killed after a time limit.

use goap_town::planner::Planner;
use goap_town_bench::{Problem, dogoap_plan, problems, to_dogoap};
use std::hint::black_box;
use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Wall time allowed for one dogoap cell (its first plan and the repeats).
const DOGOAP_LIMIT: Duration = Duration::from_secs(20);

/// The least, over nine batches, of the mean time per call, each batch at least `batch` long:
/// this machine is shared, and a batch another process slowed says more about it than about the
/// planner (both planners are timed alike). The clock is read once per chunk of calls, sized so
/// that reading it costs nothing measurable.
fn per_call(batch: Duration, mut call: impl FnMut()) -> Duration {
    call(); // warm-up
    let mut chunk = 1u32;
    loop {
        let started = Instant::now();
        for _ in 0..chunk {
            call();
        }
        if started.elapsed() > Duration::from_micros(200) || chunk >= 1 << 20 {
            break;
        }
        chunk *= 2;
    }
    let mut means = Vec::new();
    for _ in 0..9 {
        let mut n = 0u32;
        let started = Instant::now();
        while started.elapsed() < batch {
            for _ in 0..chunk {
                call();
            }
            n += chunk;
        }
        means.push(started.elapsed() / n);
    }
    means.sort();
    means[0]
}

/// Our planner on one problem.
struct Ours {
    /// Time per plan searched afresh, the goal compiled once (its tables built).
    search: Duration,
    /// Time per plan answered from the thread's memory of the same question.
    remembered: Duration,
    /// Time per plan with a planner built for the question, then asked once.
    compiled: Duration,
    expanded: usize,
    cost: u64,
}

fn ours(p: &Problem) -> Ours {
    let planner = Planner::new(&p.actions, &p.goal);
    let plan = planner.search(&p.start, 5000).expect("our planner solves every benchmark problem");
    let search = per_call(Duration::from_millis(60), || {
        black_box(black_box(&planner).search(black_box(&p.start), 5000)).ok();
    });
    let remembered = per_call(Duration::from_millis(60), || {
        black_box(black_box(&planner).plan(black_box(&p.start), 5000)).ok();
    });
    let compiled = per_call(Duration::from_millis(60), || {
        black_box(Planner::new(black_box(&p.actions), black_box(&p.goal)).plan(black_box(&p.start), 5000))
            .ok();
    });
    Ours { search, remembered, compiled, expanded: plan.expanded, cost: plan.cost }
}

/// Runs in the child: one dogoap cell, printed as `nanos cost steps` (or `none`).
fn dogoap_cell(name: &str) {
    let problem = problems().into_iter().find(|p| p.name == name).expect("known cell");
    let (start, actions, goal) = to_dogoap(&problem);
    let first = Instant::now();
    let answer = dogoap_plan(&start, &actions, &goal);
    let once = first.elapsed();
    let time = if once > Duration::from_millis(200) {
        once
    } else {
        per_call(Duration::from_millis(60), || {
            black_box(dogoap_plan(black_box(&start), black_box(&actions), black_box(&goal)));
        })
    };
    match answer {
        Some((steps, cost)) => println!("{} {cost} {steps}", time.as_nanos()),
        None => println!("{} none", time.as_nanos()),
    }
}

enum DogoapResult {
    Plan { time: Duration, cost: u64 },
    NoPlan { time: Duration },
    TimedOut,
}

fn dogoap(name: &str) -> DogoapResult {
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args(["--dogoap-cell", name])
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn the dogoap cell");
    let started = Instant::now();
    loop {
        if let Some(_status) = child.try_wait().unwrap() {
            let mut out = String::new();
            child.stdout.take().unwrap().read_to_string(&mut out).unwrap();
            let parts: Vec<&str> = out.split_whitespace().collect();
            let time = Duration::from_nanos(parts[0].parse().unwrap());
            return match parts.get(1) {
                Some(&"none") | None => DogoapResult::NoPlan { time },
                Some(cost) => DogoapResult::Plan { time, cost: cost.parse().unwrap() },
            };
        }
        if started.elapsed() > DOGOAP_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            return DogoapResult::TimedOut;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn micros(d: Duration) -> String {
    format!("{:.2}", d.as_secs_f64() * 1e6)
}

/// Issue #5: time per plan should grow linearly with the states expanded. For the chain cells
/// (length 10 → 40, distractors 0 → 30) prints the time per expanded state, which is then flat.
fn print_linearity(rows: &[(String, Duration, usize)]) {
    let chains: Vec<_> = rows.iter().filter(|(name, _, _)| name.starts_with("chain")).collect();
    if chains.is_empty() {
        return;
    }
    println!();
    println!("time per expanded state, chain cells (flat when time grows linearly with expansions):");
    println!("{:<16} {:>9} {:>9} {:>12}", "problem", "expanded", "search µs", "ns/expanded");
    for (name, time, expanded) in chains {
        let per = time.as_secs_f64() * 1e9 / (*expanded).max(1) as f64;
        println!("{:<16} {:>9} {:>9} {:>12.1}", name, expanded, micros(*time), per);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--dogoap-cell") {
        dogoap_cell(&args[i + 1]);
        return;
    }
    let filter = args.iter().skip(1).find(|a| !a.starts_with("--")).cloned();
    if args.iter().any(|a| a == "--profile") {
        // For a profiler: two seconds of our search on the first matching problem, nothing else.
        let p = problems()
            .into_iter()
            .find(|p| filter.as_ref().is_none_or(|f| p.name.contains(f.as_str())))
            .unwrap();
        let planner = Planner::new(&p.actions, &p.goal);
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(2) {
            for _ in 0..1000 {
                black_box(black_box(&planner).search(black_box(&p.start), 5000)).ok();
            }
        }
        return;
    }
    if args.iter().any(|a| a == "--ours-only") {
        // For profiling: our planner alone, nothing else in the process.
        let mut rows = Vec::new();
        println!(
            "{:<16} {:>9} {:>9} {:>5} | {:>10} {:>10}",
            "problem", "search µs", "expanded", "cost", "remembered", "+compile"
        );
        for p in problems().iter().filter(|p| filter.as_ref().is_none_or(|f| p.name.contains(f.as_str()))) {
            let o = ours(p);
            println!(
                "{:<16} {:>9} {:>9} {:>5} | {:>10} {:>10}",
                p.name,
                micros(o.search),
                o.expanded,
                o.cost,
                micros(o.remembered),
                micros(o.compiled)
            );
            rows.push((p.name.clone(), o.search, o.expanded));
        }
        print_linearity(&rows);
        return;
    }

    println!(
        "goap-town planner vs dogoap 0.5, time per plan in µs, the least of nine batches (dogoap cells limited to {} s)",
        DOGOAP_LIMIT.as_secs()
    );
    println!(
        "  search: ours worked out afresh every time, the goal compiled once; speed-up: dogoap ÷ search"
    );
    println!(
        "  remembered: the same question answered from the thread's memory; +compile: a planner built for it"
    );
    println!(
        "{:<16} {:>9} {:>9} {:>5} | {:>13} {:>6} | {:>10} | {:>10} {:>10}",
        "problem", "search", "expanded", "cost", "dogoap", "cost", "speed-up", "remembered", "+compile"
    );
    let mut rows = Vec::new();
    for p in problems() {
        if filter.as_ref().is_some_and(|f| !p.name.contains(f.as_str())) {
            continue;
        }
        let o = ours(&p);
        rows.push((p.name.clone(), o.search, o.expanded));
        let speedup = |theirs: Duration| format!("{:.0}×", theirs.as_secs_f64() / o.search.as_secs_f64());
        let (theirs, their_cost, speedup) = match dogoap(&p.name) {
            DogoapResult::Plan { time, cost } => (micros(time), cost.to_string(), speedup(time)),
            DogoapResult::NoPlan { time } => (micros(time), "none".into(), speedup(time)),
            DogoapResult::TimedOut => (
                format!("> {} s", DOGOAP_LIMIT.as_secs()),
                "—".into(),
                format!("> {}", speedup(DOGOAP_LIMIT)),
            ),
        };
        println!(
            "{:<16} {:>9} {:>9} {:>5} | {:>13} {:>6} | {:>10} | {:>10} {:>10}",
            p.name,
            micros(o.search),
            o.expanded,
            o.cost,
            theirs,
            their_cost,
            speedup,
            micros(o.remembered),
            micros(o.compiled)
        );
    }
    println!(
        "(dogoap does not report expansions; its cost column shows when its heuristic gives up optimality)"
    );
    print_linearity(&rows);
}
