//! Every label the game shows, by name: each is a message of the language files
//! ([`crate::words`]), in whichever language the interface speaks.

use crate::words::{Lang, words};

/// The words of the interface, the status line on the map included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Label {
    World,
    Day,
    Paused,
    Pause,
    Resume,
    Step,
    RestartDay,
    Scenario,
    WorldFacts,
    OwnFacts,
    Inspector,
    State,
    Goal,
    Plan,
    Goals,
    LastReason,
    Decisions,
    Insistence,
    NoSelection,
    Kind,
    Capacity,
    NoLimit,
    ActingHere,
    InLine,
    OnTheWay,
    Nobody,
    Walking,
    Queued,
    Acting,
    Waiting,
    WaitingFor,
    MakesIt,
    NobodyMakesIt,
    To,
    InLineShort,
    Resting,
    Idle,
    Score,
    Cost,
    NoPlan,
    NotPlanned,
    Nothing,
    Language,
    BuiltIn,
    Errors,
    ReloadedGoesOn,
    ReloadedRestarts,
    ReloadedNoChange,
    WhyThisPlan,
    Search,
    Save,
    StepBack,
    SaveDay,
    SectionPlan,
    SectionWhy,
    SectionInsistence,
    SectionOverTheDay,
    Stop,
    StopHint,
    Follow,
    FollowHint,
    Overview,
    InterruptsAt,
    SectionFacts,
    SectionLog,
    SectionDetails,
    AtDecisionUntimed,
    NoDecisionYet,
    LastDecisionUntimed,
}

impl Label {
    /// Its message in the language files.
    pub fn id(self) -> &'static str {
        use Label::*;
        match self {
            World => "world",
            Day => "day",
            Paused => "paused",
            Pause => "pause",
            Resume => "resume",
            Step => "step",
            RestartDay => "restart-day",
            Scenario => "scenario",
            WorldFacts => "world-facts",
            OwnFacts => "own-facts",
            Inspector => "inspector",
            State => "state",
            Goal => "goal",
            Plan => "plan",
            Goals => "goals",
            LastReason => "last-reason",
            Decisions => "decisions",
            Insistence => "insistence",
            NoSelection => "no-selection",
            Kind => "kind",
            Capacity => "capacity",
            NoLimit => "no-limit",
            ActingHere => "acting-here",
            InLine => "in-line",
            OnTheWay => "on-the-way",
            Nobody => "nobody",
            Walking => "walking",
            Queued => "queued",
            Acting => "acting",
            Waiting => "waiting",
            WaitingFor => "waiting-for",
            MakesIt => "makes-it",
            NobodyMakesIt => "nobody-makes-it",
            To => "to",
            InLineShort => "in-line-short",
            Resting => "resting",
            Idle => "idle",
            Score => "score",
            Cost => "cost",
            NoPlan => "no-plan",
            NotPlanned => "not-planned",
            Nothing => "nothing",
            Language => "language-name",
            BuiltIn => "built-in",
            Errors => "errors",
            ReloadedGoesOn => "reloaded-goes-on",
            ReloadedRestarts => "reloaded-restarts",
            ReloadedNoChange => "reloaded-no-change",
            WhyThisPlan => "why-this-plan",
            Stop => "stop",
            StopHint => "stop-hint",
            Follow => "follow",
            Overview => "overview",
            FollowHint => "follow-hint",
            InterruptsAt => "interrupts-at",
            Search => "search",
            StepBack => "step-back",
            SaveDay => "save-day",
            Save => "save",
            SectionPlan => "section-plan",
            SectionWhy => "section-why",
            SectionInsistence => "section-insistence",
            SectionOverTheDay => "section-over-the-day",
            SectionFacts => "section-facts",
            SectionLog => "section-log",
            SectionDetails => "section-details",
            AtDecisionUntimed => "at-decision-untimed",
            NoDecisionYet => "no-decision-yet",
            LastDecisionUntimed => "last-decision-untimed",
        }
    }
}

impl Lang {
    pub fn text(self, label: Label) -> &'static str {
        words().plain(self, label.id())
    }

    /// A place in line: `2nd`, `2.º`.
    pub fn ordinal(self, n: usize) -> String {
        words().say(self, "ordinal", &[("n", n.into())])
    }

    /// The next language, round all there are (what the language button switches to).
    pub fn other(self) -> Lang {
        Lang((self.0 + 1) % words().count())
    }
}
