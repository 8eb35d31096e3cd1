//! A thread's memory of the answers it gave — a fast path: an answer is a function of the
//! planner, what is asked (a plan within a budget, the first steps' bounds, the price of a plan
//! followed) and the start's values of the facts that matter alone, and a town asks the same
//! questions again and again (someone in line, a trade's villagers on every tile). What it saves
//! is measured in docs/performance.md ("The planner's paths").

use super::facts::Value;
use super::{NoPlan, Plan};
use hashbrown::HashTable;
use rustc_hash::FxHasher;
use std::hash::Hasher;

/// The most answers a thread keeps; when full it forgets them all (cheaper than choosing). Enough
/// for a shard of a tiled town to find most of its questions answered by the shard before it,
/// and few enough (some 5 MB) to stay in the shared cache: docs/performance.md.
pub(super) const KEPT: usize = 32_768;

/// What a question asks of a planner, besides its start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Asking {
    /// Its plan, within a budget ([`Planner::plan`](super::Planner::plan)).
    Plan { budget: usize },
    /// Whether the goal is met, and a bound on the plans beginning with each action.
    FirstSteps,
    /// What the steps that follow the start in the question cost, where a search within the
    /// budget surely finds a plan ([`Planner::follow`](super::Planner::follow)).
    Follow { budget: usize },
}

impl Asking {
    /// One number for each (a budget is at most [`MAX_BUDGET`](super::MAX_BUDGET)): what is
    /// stored, compared and hashed.
    fn code(self) -> u64 {
        debug_assert!(
            matches!(self, Asking::Plan { budget } | Asking::Follow { budget } if budget <= super::MAX_BUDGET)
                || self == Asking::FirstSteps
        );
        match self {
            Asking::Plan { budget } => budget as u64,
            Asking::FirstSteps => u64::MAX,
            Asking::Follow { budget } => 1 << 62 | budget as u64,
        }
    }
}

/// A question: the planner's name, what is asked, the projected start (and for
/// [`Asking::Follow`], the steps after it).
pub(super) type Question<'a> = (u64, Asking, &'a [Value]);

/// What a question was answered.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Answer {
    Plan(Result<Plan, NoPlan>),
    Cost(Option<u64>),
    FirstSteps { met: bool, bounds: super::follow::Bounds },
}

/// The answers, each under its question.
#[derive(Default)]
pub(super) struct Answers {
    questions: Vec<Asked>,
    /// Every question's projected start, one after another.
    starts: Vec<Value>,
    table: HashTable<u32>,
}

struct Asked {
    planner: u64,
    asking: u64,
    start: std::ops::Range<u32>,
    hash: u64,
    answer: Answer,
}

impl Answers {
    /// The answer given before to `question`.
    pub fn get(&self, (planner, asking, start): Question) -> Option<&Answer> {
        let asking = asking.code();
        let hash = hash(planner, asking, start);
        let at = self.table.find(hash, |&q| self.asks(q, planner, asking, start))?;
        Some(&self.questions[*at as usize].answer)
    }

    /// Remembers `answer` to `question`, forgetting everything first when full.
    pub fn remember(&mut self, (planner, asking, start): Question, answer: Answer) {
        let asking = asking.code();
        if self.questions.len() >= KEPT {
            self.questions.clear();
            self.starts.clear();
            self.table.clear();
        }
        let hash = hash(planner, asking, start);
        let from = self.starts.len() as u32;
        self.starts.extend_from_slice(start);
        let start = from..self.starts.len() as u32;
        let index = self.questions.len() as u32;
        self.questions.push(Asked { planner, asking, start, hash, answer });
        let questions = &self.questions;
        self.table.insert_unique(hash, index, |&q| questions[q as usize].hash);
    }

    fn asks(&self, q: u32, planner: u64, asking: u64, start: &[Value]) -> bool {
        let asked = &self.questions[q as usize];
        let range = asked.start.start as usize..asked.start.end as usize;
        asked.planner == planner && asked.asking == asking && self.starts[range] == *start
    }
}

fn hash(planner: u64, asking: u64, start: &[Value]) -> u64 {
    let mut hasher = FxHasher::default();
    hasher.write_u64(planner);
    hasher.write_u64(asking);
    for &v in start {
        hasher.write_u32(v as u32);
    }
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(cost: u64) -> Answer {
        Answer::Plan(Ok(Plan { steps: [0, 1].into_iter().collect(), cost, expanded: 3 }))
    }

    const ASKED: Asking = Asking::Plan { budget: 500 };

    #[test]
    fn an_answer_is_found_under_its_own_question_only() {
        let mut answers = Answers::default();
        let exhausted = Answer::Plan(Err(NoPlan::Exhausted { expanded: 4 }));
        answers.remember((1, ASKED, &[0, 2]), plan(7));
        answers.remember((1, ASKED, &[0, 3]), exhausted.clone());
        answers.remember((1, Asking::Follow { budget: 500 }, &[0, 2]), Answer::Cost(Some(5)));
        assert_eq!(answers.get((1, ASKED, &[0, 2])), Some(&plan(7)));
        assert_eq!(answers.get((1, ASKED, &[0, 3])), Some(&exhausted));
        assert_eq!(answers.get((1, Asking::Follow { budget: 500 }, &[0, 2])), Some(&Answer::Cost(Some(5))));
        let others = [
            (2, ASKED, [0, 2]),
            (1, Asking::Plan { budget: 400 }, [0, 2]),
            (1, ASKED, [2, 0]),
            (1, Asking::Follow { budget: 400 }, [0, 2]),
            (1, Asking::FirstSteps, [0, 2]),
        ];
        for (planner, asking, start) in others {
            assert_eq!(answers.get((planner, asking, &start)), None, "{planner} {asking:?} {start:?}");
        }
    }

    #[test]
    fn a_full_memory_forgets_everything_and_goes_on() {
        let mut answers = Answers::default();
        for i in 0..KEPT as i32 {
            answers.remember((1, ASKED, &[i]), plan(i as u64));
        }
        assert_eq!(answers.questions.len(), KEPT);
        assert_eq!(answers.get((1, ASKED, &[5])), Some(&plan(5)));
        answers.remember((1, ASKED, &[-1]), plan(99));
        assert_eq!(answers.questions.len(), 1);
        assert_eq!((answers.get((1, ASKED, &[5])), answers.get((1, ASKED, &[-1]))), (None, Some(&plan(99))));
    }
}
