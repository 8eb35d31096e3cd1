//! Which scenario is playing, for what saves it (its file) and what switches it ([`super::open`]).

use crate::scenario::ScenarioChoice;
use bevy::prelude::*;

/// Which scenario is playing: a file (watched for changes) or one built into the binary.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct CurrentScenario {
    pub choice: ScenarioChoice,
}
