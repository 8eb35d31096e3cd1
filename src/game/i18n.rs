//! Every label the game shows, in English and Spanish.

use bevy::ecs::prelude::*;

#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Lang {
    #[default]
    English,
    Spanish,
}

/// The words of the interface, the status line on the map included. Texts composed by the
/// simulation (the event log, reasons) stay as the simulation writes them, in English.
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
    AtLastDecision,
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
}

impl Lang {
    pub fn text(self, label: Label) -> &'static str {
        use Label::*;
        let (en, es) = match label {
            World => ("World", "Mundo"),
            Day => ("Day", "Día"),
            Paused => ("paused", "en pausa"),
            Pause => ("Pause", "Pausa"),
            Resume => ("Resume", "Seguir"),
            Step => ("Step", "Paso"),
            RestartDay => ("Restart day", "Reiniciar día"),
            Scenario => ("Scenario", "Escenario"),
            WorldFacts => ("World facts", "Hechos del mundo"),
            OwnFacts => ("Own facts", "Hechos propios"),
            Inspector => ("Inspector", "Inspector"),
            State => ("State", "Estado"),
            Goal => ("Goal", "Objetivo"),
            Plan => ("Plan", "Plan"),
            Goals => ("Goals", "Objetivos"),
            AtLastDecision => {
                ("score and cost at the last decision", "puntaje y costo en la última decisión")
            }
            LastReason => ("Last reason", "Último motivo"),
            Decisions => ("Recent decisions", "Decisiones recientes"),
            Insistence => ("Insistence over the day", "Insistencia a lo largo del día"),
            NoSelection => (
                "Click a villager or a station to inspect it.",
                "Haz clic en un aldeano o una estación para inspeccionarlos.",
            ),
            Kind => ("Kind", "Tipo"),
            Capacity => ("Capacity", "Capacidad"),
            NoLimit => ("no limit", "sin límite"),
            ActingHere => ("Acting here", "Trabajando aquí"),
            InLine => ("In line", "En la cola"),
            OnTheWay => ("On the way", "En camino"),
            Nobody => ("nobody", "nadie"),
            Walking => ("walking to", "caminando a"),
            Queued => ("queued at", "en la cola de"),
            Acting => ("acting", "trabajando"),
            Waiting => ("waiting", "esperando"),
            WaitingFor => ("waiting for", "esperando"),
            MakesIt => ("can make it", "puede producirlo"),
            NobodyMakesIt => ("nobody in the town can make it", "nadie en el pueblo puede producirlo"),
            To => ("to", "a"),
            InLineShort => ("in line", "en la cola"),
            Resting => ("resting", "descansando"),
            Idle => ("deciding", "decidiendo"),
            Score => ("score", "puntaje"),
            Cost => ("cost", "costo"),
            NoPlan => ("no plan", "sin plan"),
            NotPlanned => ("not planned", "sin planificar"),
            Nothing => ("none", "ninguno"),
            Language => ("Español", "English"),
            BuiltIn => (
                "built-in scenarios (no scenarios/ folder here)",
                "escenarios integrados (no hay carpeta scenarios/)",
            ),
            Errors => (
                "The scenario file has errors; the last good version keeps running:",
                "El escenario tiene errores; sigue la última versión válida:",
            ),
            ReloadedGoesOn => ("Reloaded; the day goes on:", "Recargado; el día sigue:"),
            ReloadedRestarts => (
                "Reloaded; the day starts again (facts, conditions, effects, goals or the roster changed):",
                "Recargado; el día vuelve a empezar (cambiaron hechos, condiciones, efectos, metas o los aldeanos):",
            ),
            ReloadedNoChange => ("Saved with no change", "Guardado sin cambios"),
        };
        match self {
            Lang::English => en,
            Lang::Spanish => es,
        }
    }

    /// A place in line: `2nd`, `2.º`.
    pub fn ordinal(self, n: usize) -> String {
        match self {
            Lang::English => crate::sim::ordinal(n),
            Lang::Spanish => format!("{n}.º"),
        }
    }

    pub fn other(self) -> Lang {
        match self {
            Lang::English => Lang::Spanish,
            Lang::Spanish => Lang::English,
        }
    }
}
