//! A thread's memory of the answers it gave — a fast path: an answer is a function of the
//! planner, the start's values of the facts that matter and the budget alone, and a town asks the
//! same questions again and again (someone in line, a trade's villagers on every tile). What it
//! saves is measured in docs/performance.md ("The planner's paths").

use super::facts::Value;
use super::{NoPlan, Plan};
use hashbrown::HashTable;
use rustc_hash::FxHasher;
use std::hash::Hasher;

/// The most answers a thread keeps; when full it forgets them all (cheaper than choosing). Enough
/// for a shard of a tiled town to find most of its questions answered by the shard before it,
/// and few enough (some 5 MB) to stay in the shared cache: docs/performance.md.
pub(super) const KEPT: usize = 32_768;

/// A question: the planner's name, the budget, the projected start.
pub(super) type Question<'a> = (u64, usize, &'a [Value]);

type Answer = Result<Plan, NoPlan>;

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
    budget: usize,
    start: std::ops::Range<u32>,
    hash: u64,
    answer: Answer,
}

impl Answers {
    /// The answer given before to `question`.
    pub fn get(&self, (planner, budget, start): Question) -> Option<&Answer> {
        let hash = hash(planner, budget, start);
        let at = self.table.find(hash, |&q| self.asks(q, planner, budget, start))?;
        Some(&self.questions[*at as usize].answer)
    }

    /// Remembers `answer` to `question`, forgetting everything first when full.
    pub fn remember(&mut self, (planner, budget, start): Question, answer: &Answer) {
        if self.questions.len() >= KEPT {
            self.questions.clear();
            self.starts.clear();
            self.table.clear();
        }
        let hash = hash(planner, budget, start);
        let from = self.starts.len() as u32;
        self.starts.extend_from_slice(start);
        let start = from..self.starts.len() as u32;
        let index = self.questions.len() as u32;
        self.questions.push(Asked { planner, budget, start, hash, answer: answer.clone() });
        let questions = &self.questions;
        self.table.insert_unique(hash, index, |&q| questions[q as usize].hash);
    }

    fn asks(&self, q: u32, planner: u64, budget: usize, start: &[Value]) -> bool {
        let asked = &self.questions[q as usize];
        let range = asked.start.start as usize..asked.start.end as usize;
        asked.planner == planner && asked.budget == budget && self.starts[range] == *start
    }
}

fn hash(planner: u64, budget: usize, start: &[Value]) -> u64 {
    let mut hasher = FxHasher::default();
    hasher.write_u64(planner);
    hasher.write_usize(budget);
    for &v in start {
        hasher.write_u32(v as u32);
    }
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(cost: u64) -> Result<Plan, NoPlan> {
        Ok(Plan { steps: [0, 1].into_iter().collect(), cost, expanded: 3 })
    }

    #[test]
    fn an_answer_is_found_under_its_own_question_only() {
        let mut answers = Answers::default();
        answers.remember((1, 500, &[0, 2]), &plan(7));
        answers.remember((1, 500, &[0, 3]), &Err(NoPlan::Exhausted { expanded: 4 }));
        assert_eq!(answers.get((1, 500, &[0, 2])), Some(&plan(7)));
        assert_eq!(answers.get((1, 500, &[0, 3])), Some(&Err(NoPlan::Exhausted { expanded: 4 })));
        for (planner, budget, start) in [(2, 500, [0, 2]), (1, 400, [0, 2]), (1, 500, [2, 0])] {
            assert_eq!(answers.get((planner, budget, &start)), None, "{planner} {budget} {start:?}");
        }
    }

    #[test]
    fn a_full_memory_forgets_everything_and_goes_on() {
        let mut answers = Answers::default();
        for i in 0..KEPT as i32 {
            answers.remember((1, 500, &[i]), &plan(i as u64));
        }
        assert_eq!(answers.questions.len(), KEPT);
        assert_eq!(answers.get((1, 500, &[5])), Some(&plan(5)));
        answers.remember((1, 500, &[-1]), &plan(99));
        assert_eq!(answers.questions.len(), 1);
        assert_eq!((answers.get((1, 500, &[5])), answers.get((1, 500, &[-1]))), (None, Some(&plan(99))));
    }
}
