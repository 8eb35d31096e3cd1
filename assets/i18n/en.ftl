# goap-town in English. Every message here must exist in every other language file too
# (tests/words.rs checks it); a message a file lacks is shown in English.
language-name = English

## The interface

world = World
day = Day
paused = paused
pause = Pause
resume = Resume
step = Step
restart-day = Restart day
scenario = Scenario
world-facts = World facts
own-facts = Own facts
inspector = Inspector
state = State
goal = Goal
plan = Plan
goals = Goals
at-last-decision = score and cost at the last decision
last-reason = Last reason
decisions = Recent decisions
insistence = Insistence over the day
no-selection = Click a villager or a station to inspect it.
kind = Kind
capacity = Capacity
no-limit = no limit
acting-here = Acting here
in-line = In line
on-the-way = On the way
nobody = nobody
walking = walking to
queued = queued at
acting = acting
waiting = waiting
waiting-for = waiting for
makes-it = can make it
nobody-makes-it = nobody in the town can make it
to = to
in-line-short = in line
resting = resting
idle = deciding
score = score
cost = cost
no-plan = no plan
not-planned = not planned
nothing = none
built-in = built-in scenarios (no scenarios/ folder here)
errors = The scenario file has errors; the last good version keeps running:
reloaded-goes-on = Reloaded; the day goes on:
reloaded-restarts = Reloaded; the day starts again (facts, conditions, effects, goals or the roster changed):
reloaded-no-change = Saved with no change
# A place in line: 1st, 2nd, 3rd, 4th, 11th, 22nd.
ordinal = { NUMBER($n, type: "ordinal") ->
    [one] { $n }st
    [two] { $n }nd
    [few] { $n }rd
   *[other] { $n }th
}

## What happens in the town

event-dawn = Dawn of day { $day }
event-plan-made = Plan for { $goal }: { $steps } (cost { $cost }, { $expanded } expanded)
event-started = Started { $action } at { $station }
event-finished = Finished { $action }
event-abandoned = Abandoned { $action }: needs { $needs }, but { $fact } is { $was } now
event-queued = Queued at { $station }{ $behind ->
    [none] {""}
   *[other] {" "}behind { $behind }
} ({ NUMBER($place, type: "ordinal") ->
    [one] { $place }st
    [two] { $place }nd
    [few] { $place }rd
   *[other] { $place }th
} in line)
event-left-queue = Left the queue at { $station }{ $to ->
    [none] {""}
   *[other] {" "}for { $to }
}
event-waiting = { $blocked ->
    [none] No viable plan for { $goal }: waiting for the world to change
   *[other] No viable plan for { $goal }: waiting for { $blocked }
}
event-switched = { $to } ({ $to-score }) overtook { $from } ({ $from-score })
event-met = { $goal } met
event-resting = Resting: every insistence is below { $threshold }

## The day report of `run`

report-title = { $scenario } — day { $day }
report-tail = last { $shown } of { $total } events:
column-villager = villager
column-goal = goal
column-kind = kind
column-met = met
column-first = first
column-walking = walking
column-acting = acting
column-waiting = waiting
column-resting = resting
column-queued = queued
column-replans = replans
column-aborts = aborts
kind-need = need
kind-quota = quota
town = town

## Why this plan: the search, state by state

why-this-plan = Why this plan?
search = Search
search-summary = { $expanded } states in the order expanded, { $duplicates } duplicates dropped, { $pruned } dead ends pruned (★ on the plan)
result-new = new
result-better = better
result-duplicate = duplicate
result-dead-end = dead end
not-applicable = { $n } actions do not apply
no-plan-unreachable = nothing it can do brings about { $blocked }
no-plan-exhausted = every state it can reach was tried ({ $expanded } expanded)
no-plan-budget = the search stopped at its budget ({ $expanded } expanded)

## Why it chose: a decision's table

decision-table = Decision at { $t } s
outcome-rested = Rested: every unmet goal's insistence is below { $threshold }
outcome-waited = No goal has a plan: it waits on { $goal }
outcome-best = { $goal } has the best score
outcome-overtook = { $goal } overtook { $from }: its lead { $lead } is more than the hysteresis { $hysteresis }
outcome-kept = { $goal } stays: { $best } leads it by { $lead }, no more than the hysteresis { $hysteresis }
row-met = met
row-quiet = not planned (too quiet)
row-plan = plan { $steps } (cost { $cost }, score { $score })
row-no-plan = { $blocked ->
    [none] no plan ({ $why })
   *[other] no plan ({ $why }): { $blocked }
}
why-it-chose = Why it chose (the last decision)
why-unreachable = unreachable
why-exhausted = exhausted
why-budget = over budget
event-edited = { $fact } set to { $now } (was { $was })
save = Save
moved-stations = { $n ->
    [one] one station moved
   *[other] { $n } stations moved
}
