//! Prints the planner's answer to every question of every shipped scenario — each character and
//! goal, from its start and from random states reached by random walks — one line each, with the
//! states expanded, so that a planner change can be checked for changed answers by diffing two
//! runs: `golden > before.txt`. (The tests keep the plans and costs as a snapshot.)

fn main() {
    for line in goap_town::testing::problems::golden(true) {
        println!("{line}");
    }
}
