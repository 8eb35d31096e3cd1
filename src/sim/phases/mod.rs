//! The phases of a step, in the order they run ([`SimSet`](crate::sim::SimSet)): actions end
//! ([`act`]), goals are looked at ([`goals`]), walkers arrive and lines move ([`walk`]), and
//! villagers at a safe point deliberate ([`deliberate`], [`weigh`]) and decide ([`decide`]).
//! [`needs`] and [`stride`] are what the phases share of needs and walking; [`due`] is what
//! deliberating hands to deciding.

pub mod act;
pub mod decide;
pub mod deliberate;
pub mod due;
pub mod goals;
pub mod interrupt;
pub mod needs;
pub mod stride;
pub mod walk;
pub mod weigh;
