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
timeline-at = { $t } s of { $latest } s
step-back = One step back
save-day = Save day
day-saved = Saved the day to { $file }: `goap-town replay { $file }` opens it again.
day-not-saved = Cannot save the day: { $why }
no-display = No display to open the game window on ({ $why }). Run the game in a desktop session, or headless under Xvfb: xvfb-run -a goap-town
day-not-kept = this town keeps no history
day-file-edited = on day { $day } at { $t } s the town took in an edit of the scenario file ({ $changes }); a replay keeps the facts set, the stations moved and the cells painted in the game, not a file's text
scenario = Scenario
world-facts = World facts
own-facts = Own facts
inspector = Inspector
state = State
goal = Goal
plan = Plan
goals = Goals
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
# How a long count is grouped: 4,096.
digit-group-separator = ,

## What happens in the town

event-dawn = Dawn of day { $day }
event-plan-made = Plan for { $goal }: { $steps } (cost { $cost }, { $expanded } expanded)
event-started = Started { $action } at { $station }
event-finished = Finished { $action }
event-abandoned = Abandoned { $action }: { $needs }
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
event-waiting-cut-off = No viable plan for { $goal }: { $cut-off }
event-waiting-budget = No viable plan for { $goal }: its search gave up after { $budget } states (the planner's budget); it tries again
event-switched = { $to } ({ $to-score }) overtook { $from } ({ $from-score })
event-interrupted = Interrupted { $was }: { $goal } reached { $at } ({ $goal } { $score } overtook { $from } { $from-score })
event-interrupted-free = Interrupted { $was }: { $goal } reached { $at } (its plan scores { $score })
event-went-on = { $goal } reached { $at } during { $was }, but did not win the vote: it goes on
event-stopped = Stopped by the player during { $was }
underway-walking = Walk to { $station }
underway-acting = { $action }
underway-queued = the line at { $station }
underway-waiting = Wait
underway-resting = Rest
event-met = { $goal } met
event-resting = Resting: every unmet goal's insistence is below { $threshold }

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
column-station = station
column-busy = busy
column-line-peak = longest line
column-mean-wait = mean wait
report-waited-on = waited on { $fact }: { $seconds } villager-seconds — { $count ->
        [0] nobody makes it
       *[other] made by { $makers }
    }
kind-need = need
kind-quota = quota
town = town

## Why this plan: the search, state by state

why-this-plan = Why this plan?
stop = Stop (X)
stop-hint = Drop what it is doing now (an action's effects are lost) and decide again
follow = Follow (F)
follow-hint = Keep the camera on this villager as it walks (panning stops it)
overview = Town (T)
overview-villagers = Villagers
overview-stations = Stations
overview-bottlenecks = Bottlenecks
overview-days = Days
overview-search = Search
overview-every-trade = every trade
overview-trade = trade
overview-state = state
overview-waits-for = waits for
overview-in-line = in line now
overview-nobody-waited = Nobody has waited on anything yet today.
overview-waited = { $fact }: { $seconds } villager-seconds waited. Who can make it:
overview-no-days = No day has ended yet: the charts begin after the first.
overview-goals-met = Goals met per day, by trade
overview-time-by-activity = Share of the town's time, by activity
overview-alerts = Alerts ({ $n })
overview-lanes = The day
overview-busy-by-kind = Share of the day each kind of station was busy
overview-no-alerts = Nothing to point out right now.
alert-kind-waiting = waiting over a minute
alert-kind-line = lines over twice the places
alert-kind-quota = quotas unmet at 80% of the day
alert-kind-need = needs at their ceiling
alert-waiting = { $villager } has waited { $seconds } s for { $fact }
alert-line = { $station }: { $line } in line for { $places ->
    [one] one place
   *[other] { $places } places
}
alert-quota = { $villager }: { $goal } still unmet with { $percent }% of the day gone
alert-need = { $villager }: { $goal } is as urgent as it gets
lanes-each = each { $trade } ({ $n })
lanes-span = { $state } from { $from } s to { $to } s
lanes-plan = plan
lanes-switch = switch
lanes-abort = gave up
lanes-interrupt = interrupted
lanes-hint = Over each trade, how many did what; open a trade for one lane per villager. Hover a span or a mark to see what it was; click a moment to select the villager and take the town back to it.
state-walking = walking
state-acting = acting
state-in-line = in line
state-waiting = waiting
state-resting = resting
state-deciding = deciding
interrupts-at = interrupts what it is doing at this insistence
search = Search
search-summary = { $expanded } states in the order expanded, { $duplicates } duplicates dropped, { $pruned } dead ends pruned (★ on the plan)
result-new = new
result-better = better
result-duplicate = duplicate
result-dead-end = dead end
not-applicable = { $n ->
    [one] one action does not apply
   *[other] { $n } actions do not apply
}
# A plan step's cost beside its own: "1 + walking 0.32 + waiting 0.5".
step-walking = walking
step-waiting = waiting
no-plan-unreachable = nothing it can do brings about { $blocked }
no-plan-exhausted = every state it can reach was tried ({ $expanded } expanded)
no-plan-budget = the search stopped at its budget ({ $expanded } expanded)
# Stations a plan would need that walls or water keep the villager from; $stations their labels.
cut-off = { $count ->
    [one] the { $stations } cannot be reached from here (walls or water in the way)
   *[other] these cannot be reached from here: { $stations } (walls or water in the way)
}

## Why it chose: a decision's table

decision-table = Decision at { $t } s
outcome-rested = Rested: every unmet goal's insistence is below { $threshold }
outcome-waited = No goal has a plan: it waits on { $goal }
outcome-best = { $goal } has the best score
outcome-overtook = { $goal } overtook { $from }: its lead { $lead } is more than the hysteresis { $hysteresis }
outcome-kept = { $goal } stays: { $best } leads it by { $lead }, no more than the hysteresis { $hysteresis }
row-met = met
row-quiet = not planned (too quiet)
outcome-followed = { $goal } goes on with its plan: no other goal could lead it by more than the hysteresis
outcome-interrupted = { $goal } reached { $at } during { $was } and overtook { $from }: its lead { $lead } is more than the hysteresis { $hysteresis }
outcome-interrupted-free = { $goal } reached { $at } during { $was } and has the best score
outcome-went-on-best = { $goal } reached { $at } during { $was }, but { $best } has the best score: it goes on
outcome-went-on-no-plan = { $goal } reached { $at } during { $was }, but has no plan: it goes on
outcome-went-on-lead = { $goal } reached { $at } during { $was }, but leads { $from } by only { $lead }, no more than the hysteresis { $hysteresis }: it goes on
row-left-out = not planned: its plan could score at most { $ceiling }, which could not win
row-left-out-none = not planned: no plan reaches it from here
row-plan = plan { $steps } (cost { $cost }, score { $score })
row-no-plan = { $blocked ->
    [none] no plan ({ $why })
   *[other] no plan ({ $why }): { $blocked }
}
why-unreachable = unreachable
why-exhausted = exhausted
why-budget = over budget
event-edited = { $fact } set to { $now } (was { $was })
save = Save
moved-stations = { $n ->
    [one] one station moved
   *[other] { $n } stations moved
}

## What is wrong with a replay file: one line, after the file's name (and, for JSON that does
## not parse, its line and column). Names, hashes and formats stay as they are written.

replay-unreadable = cannot read: { $reason }
replay-not-a-file = not a file but { $kind }: a replay is read from a regular file
replay-kind-directory = a directory
replay-kind-fifo = a named pipe
replay-kind-device = a device
replay-kind-socket = a socket
replay-kind-other = something other than a file
replay-too-large = larger than { $most } bytes, the most a replay file holds
replay-not-json = not a replay file: { $why }
replay-other-kind = a replay file of another kind ({ $format }, not { $expected })
replay-too-many-edits = edits: { $count } edits, more than the { $most } a replay holds
replay-too-many-villagers = villagers: { $villagers }, more than the { $most } a town may have
replay-kept-text = the scenario text this replay keeps cannot be played: { $why }
replay-end = end (day { $day }, step { $step }): { $problem }
replay-edit = edit { $n } (day { $day }, step { $step }): { $problem }
replay-day-zero = days are counted from 1
replay-past-day-end = past the end of a day of { $steps } steps
replay-too-late = past day { $most }, the last a replay may reach
replay-too-long = playing { $villagers } villagers from the first dawn to there is { $work } villager-steps, more than the { $most } opening a replay may take
replay-after-end = after the replay's end (day { $day }, step { $step }), so never made
replay-out-of-order = before the edit listed ahead of it (day { $day }, step { $step }): edits are kept in the order made
replay-position = a station moved to ({ $x }, { $y }): { $what } must be a number from { $min } to { $max }
replay-no-fact = the scenario has no world fact `{ $fact }`
replay-no-tile = the town has no tile { $tile } (its { $tiles } tiles are numbered from 0)
replay-no-villager = the town has no villager { $villager } (its { $villagers } villagers are numbered from 0)
replay-no-station = the scenario has no station `{ $station }`
replay-other-text = this replay is of another text of the scenario: it played "{ $name }" from a text whose hash is { $played }, and { $file } now hashes to { $now } (edited since?); its day would not play again as it was
replay-no-built-in = no built-in scenario is called { $name }
replay-scenario-not-here = its scenario { $scenario } is not here (looked from this folder and beside replays/)
replay-opening = Opening { $file }: its town of { $villagers } villagers plays from the first dawn to day { $day } at { $t } s before the window opens; this takes a while.

## What the scenario loader says is wrong with a file: `check`, the console and the game's
## error banner. File names, places, field paths, fact names, quoted names and code stay as
## they are written; a `{ $hint }` is a did-you-mean hint or nothing.

scenario-warning = warning: { $message }
scenario-did-you-mean = {" "}(did you mean { $name }?)
check-ok = ok { $file }: { $characters ->
        [one] { $characters } character
       *[other] { $characters } characters
    }, { $actions ->
        [one] { $actions } action
       *[other] { $actions } actions
    }, { $stations ->
        [one] { $stations } station
       *[other] { $stations } stations
    }
check-failed = { $failed } of { $total } scenario files have errors

# Reading the file.
scenario-cannot-read = cannot read: { $reason }
scenario-no-such-file = there is no such file
scenario-permission-denied = permission denied
scenario-not-a-file = not a plain file (a folder, a pipe or a device)
scenario-system-says = { $why }
scenario-too-large = the file is larger than { $mib } MiB, the most a scenario may be
scenario-not-utf8 = this is not UTF-8 text: save the file as UTF-8

# RON's tokens.
scenario-unclosed-comment = this block comment is never closed: `/*` needs a matching `*/` (comments nest)
scenario-unexpected-character = unexpected character { $char }
scenario-expected-raw = expected a raw string `r#"…"#` or a raw name `r#name` after `r#`
scenario-expected-quote = expected `"` to open the string
scenario-unclosed-string = this string is never closed: a `"` is missing
scenario-bad-escape = { $problem }; escapes are { $list } and { $last }
scenario-escape-ends = the text ends inside an escape
scenario-escape-x-digits = `\x` needs two hexadecimal digits
scenario-escape-x-above = `\x` above 7F is not one character
scenario-escape-u-braces = `\u` is written `{ $code }`
scenario-escape-u-close = `{ $code }` needs a closing `{ $close }`
scenario-escape-u-invalid = `{ $code }` is not a Unicode character
scenario-escape-unknown = unknown escape `\{ $char }`
# $what is byte or character.
scenario-empty-char = a { $what } literal needs one character between `'`s
scenario-byte-not-ascii = a byte literal holds one ASCII character
scenario-unclosed-char = this { $what } literal is never closed: a `'` is missing
scenario-expected-number = expected a number
scenario-expected-digits = expected digits in base { $radix } after the prefix
scenario-expected-exponent = expected digits after the exponent's `e`
scenario-number-suffix = a number cannot go on with `{ $word }`

# RON's values: what was expected, and what was found instead.
scenario-after-the-end = { $found } after the end of the document's value
scenario-file-ends = the file ends where { $expected } was expected
scenario-expected-found = expected { $expected }, found { $found }
scenario-unknown-extension = { $found } is not an extension RON knows; it knows { $known }
scenario-too-deep = values nest more than { $max } levels deep here; a scenario needs about six
scenario-in-enable = `{ $token }` in `#![enable(...)]`
scenario-after-enable = `(` after `enable`
scenario-an-extension-name = an extension name
scenario-close-enable = `]` to close `#![enable(...)]`
scenario-comma-or = `,` or `{ $close }`
scenario-a-value = a value
scenario-close-some = `)` to close `Some(`
scenario-colon-between = `:` between a key and its value
scenario-number-after-range = a number after `..=`
scenario-a-field-name = a field name
scenario-colon-after-field = `:` after the field name
scenario-the-number = the number { $number }
scenario-the-string = the string "{ $text }"
scenario-the-character = the character '{ $char }'
scenario-a-byte-string = a byte string
scenario-a-character = a character
scenario-a-list = a list `[...]`
scenario-a-map = a map `{ $code }`
scenario-a-tuple = a tuple `(...)`
scenario-a-struct = a struct `(...)`
scenario-a-range = a range

# The scenario's shape: its structs, fields and lists.
scenario-expected-shape = { $what }, written `({ $field }: …, …)`
scenario-wrong-struct-name = expected { $what }, written `{ $name }(...)` or `(...)`, found `{ $found }(...)`
scenario-explicit-names = with `explicit_struct_names` enabled, write `{ $name }(...)`
scenario-no-such-field = { $what } has no field `{ $field }`{ $hint }; its fields are { $fields }
scenario-field-twice = `{ $field }` is given twice
scenario-missing-field = { $what } needs `{ $field }`
scenario-needs-numbers = { $what } needs its numbers: write `{ $name }({ $field }: …)`
scenario-unknown-variant = expected { $expected }, found `{ $found }`{ $hint }
scenario-a-string-in-quotes = a string in quotes
scenario-a-number = a number
scenario-a-boolean = `true` or `false`
scenario-a-whole-number = a whole number
scenario-a-position = a position written `(x, y)`
scenario-a-list-of = a list of { $items } `[...]`
scenario-a-map-of-facts = a map of facts, written `{ $example }`
scenario-a-fact-name-in-quotes = a fact name in quotes
scenario-a-drift = one of `Need(rate: …, initial: …)` or `Quota(urgency: …)`
scenario-too-large-whole = { $number } is too large a whole number
scenario-list-too-long = at most { $max } { $items } (this list has { $count })
scenario-too-many-fact-values = at most { $max } facts (this map has { $count })
scenario-fact-name-is-a-string = a fact's name is a string: write "{ $name }"
scenario-shape-scenario = a scenario
scenario-shape-settings = the settings block
scenario-shape-station = a station
scenario-shape-action = an action
scenario-shape-character = a character
scenario-shape-goal = a goal
scenario-shape-need = a need
scenario-shape-quota = a quota
scenario-shape-map = the map
scenario-items-stations = stations
scenario-items-actions = actions
scenario-items-characters = characters
scenario-items-conditions = conditions
scenario-items-effects = effects
scenario-items-goals = goals
scenario-items-rows = rows

# Numbers out of range.
scenario-too-many-tasks = character { $name } can do at most { $max } actions counting each at each of its stations; it has { $count }
scenario-too-many-facts = at most { $max } facts in all (world and agent together); this file declares { $count }
scenario-capacity = a capacity must be a whole number of villagers from 1 to { $max } (leave it out for no limit), not { $value }
scenario-planner-budget = the planner budget must be a whole number of expansions from 1 to { $max }, not { $value }
scenario-cost = a cost must be a whole number from 0 to { $max }, not { $value }
scenario-fact-value = { $value } does not fit a fact (from { $min } to { $max })
scenario-out-of-range = { $what } must be a number from { $min } to { $max }, not { $value }
scenario-range-day-length = the day length (simulated seconds)
scenario-range-cost-weight = the cost weight
scenario-range-hysteresis = the hysteresis
scenario-range-rest-threshold = the rest threshold
scenario-range-retry-interval = the retry interval (simulated seconds)
scenario-range-position = a position
scenario-range-speed = a walking speed (units per second)
scenario-range-duration = a duration (simulated seconds)
scenario-range-need-rate = a need's rate (per second)
scenario-range-need-initial = a need's initial insistence
scenario-range-urgency = a quota's urgency
scenario-range-walk-weight = the walk weight (cost per second of walking)
scenario-range-road-speed = the road speed (how many times faster than on grass)
scenario-range-map-cell = a map cell's side (units)

# Names and references. $scope is world or agent; $what a station, action, character or goal.
scenario-bad-fact-name = { $name } is not a fact name: use letters, digits and _, starting with a letter
scenario-fact-declared-twice = { $scope } fact { $name } is declared twice
scenario-empty-id = a { $what } needs a non-empty id
scenario-duplicate-id = duplicate { $what } id { $name } (first used at index { $first })
scenario-no-characters = a scenario needs at least one character
scenario-unknown-station = unknown station or kind of station { $name }{ $hint }
scenario-no-effects = action { $name } has no effects, so no plan could ever use it
scenario-unknown-own-fact = unknown agent fact { $name }{ $hint }; declare it in `{ $declaration }`
scenario-action-listed-twice = action { $name } is listed twice
scenario-unknown-action = unknown action { $name }{ $hint }
scenario-no-goals = character { $name } has no goals, so it would never do anything
scenario-wants-nothing = goal { $name } wants nothing: give it at least one condition
scenario-unknown-fact = unknown { $scope } fact { $name }{ $hint }; facts are declared in `{ $declaration }`
scenario-unknown-fact-elsewhere = unknown { $scope } fact { $name }{ $hint }
scenario-scope-hint = {" "}({ $name } is { $scope ->
        [world] a world
       *[agent] an agent
    } fact: write { $scope }.{ $name })

# Conditions and effects. $what is condition or effect.
scenario-in-expression = in { $what } { $text }: { $problem }{ $hint }
scenario-a-comparison = a comparison (>=, <=, ==, !=, >, <)
scenario-a-change = a change (=, +=, -=)
scenario-condition-changes = `{ $op }` changes a fact; a condition compares with >=, <=, == or !=
scenario-effect-compares = `{ $op }` compares; an effect changes a fact with =, += or -=
scenario-value-out-of-range = the value is out of range
scenario-expected-scope = expected `world.` or `agent.` and a fact name
scenario-no-scope = `{ $word }` has no scope: facts are written world.NAME or agent.NAME
scenario-not-a-scope = `{ $word }` is not a scope: facts are written world.NAME or agent.NAME
scenario-expected-dot = expected `.` and a fact name after the scope
scenario-expected-fact-name = expected a fact name (letters, digits, _)
scenario-expected-operator = expected { $expected } after { $fact }
scenario-expected-value = expected a whole number after the operator
scenario-not-a-value = `{ $text }` is not a whole number from { $min } to { $max }

# Warnings: what a scenario may do but probably does not mean.
scenario-unmovable-goal = no action { $whose } can move { $fact } toward { $condition }, so goal { $goal } can never be worked on
scenario-of-character = of { $name }
scenario-of-anyone = of anyone
scenario-met-at-dawn = need { $goal } of { $character } already holds at dawn, so it is met before anyone does anything
scenario-unused-action = no character can do action { $name }
scenario-interruptible-unused = action { $name } is interruptible, but no character does it
scenario-never-interrupts = goal { $name } can never reach its interrupts_at { $at }: it asks at most { $most }
scenario-quota-never-interrupts = goal { $name } can never reach its interrupts_at { $at }: a quota asks less than its urgency { $most }, the day ending first
scenario-interrupts-at = interrupts_at is an insistence: more than 0 and at most 1, not { $value }
scenario-interruptible-sets = action { $name } cannot be interruptible: it sets a shared fact ({ $effect }), and what it promised the others could not be taken back
scenario-unused-station = no action happens at station { $name }
scenario-unknown-sprite = no picture is called { $name }{ $hint }: it is drawn as if it named none
scenario-unreachable-station = { $count ->
    [one] { $characters }, who needs station { $name }, cannot walk to it from where it starts
   *[other] none of { $characters }, who need station { $name }, can walk to it from where they start
}: walls or water are in the way

# The map. $ground is wall, water or outside; $legend is scenario-map-legend.
scenario-map-empty = a map needs at least one row of at least one cell
scenario-map-ragged = this row is { $length ->
    [one] one cell
   *[other] { $length } cells
} long, but the first is { $expected ->
    [one] one cell
   *[other] { $expected } cells
}: every row of a map is as long as the first
scenario-map-unknown-ground = '{ $char }' is no kind of ground: a map's rows are written with { $legend }
scenario-map-legend = `{ $grass }` grass, `{ $road }` road, `{ $wall }` wall, `{ $water }` water
scenario-map-too-many-cells = a map has at most { $max } cells (this one has { $count })
scenario-station-off-ground = station { $name } stands { $ground ->
    [wall] on a wall
    [water] in the water
   *[outside] outside the map
}: a station stands on grass or road
scenario-start-off-ground = character { $name } starts { $ground ->
    [wall] on a wall
    [water] in the water
   *[outside] outside the map
}: a character starts on grass or road

# --- sim ---
event-plan-made-part = Plan for part of { $goal } ({ $part } of { $whole }: the whole is out of reach now): { $steps } (cost { $cost }, { $expanded } expanded)
row-plan-part = plan for { $part } of it: { $steps } (cost { $cost }, score { $score })
event-pursuing = Pursuing { $goal }: the best goal it has a plan for
standstill-ring = Stuck: { $links } — they wait on each other until something changes
standstill-everyone = Stuck: everyone waits — { $links }
standstill-link = { $who } waits for { $what }, { $count ->
    [0] which nobody here can make
    [one] which only { $makers } makes
   *[other] which only { $makers } make
}

# --- loader ---
# A cycle of needs (a warning): $character needs $fact, which only $maker makes; $rest is one
# scenario-cycle-from for each further link; $tail is scenario-cycle-stuck-at-dawn or nothing.
scenario-cycle-of-needs = a cycle of needs: { $character } needs { $fact }, which only { $maker } makes{ $rest }{ $tail }
scenario-cycle-from = , from { $fact }, which only { $maker } makes
scenario-cycle-stuck-at-dawn = ; none of it is there at dawn, so none of them can start
scenario-own-fact-twice = { $character } gives agent fact { $name } twice
report-standstill = standstill:

# --- inspector ---
# The inspector, which speaks plainly: conditions and facts in words, what holds now kept apart
# from what held at the last decision.

# A condition in words. $fact is the fact's name in words, $value the number it is compared with.
condition-at-least = { $value ->
    [1] { $fact }
   *[other] { $fact } (at least { $value })
}
condition-at-most = { $fact } (at most { $value })
condition-exactly = { $value ->
    [0] no { $fact }
   *[other] { $fact } (exactly { $value })
}
condition-differs = { $fact } (not { $value })
# How a condition's fact stands now: a world fact, then one of the villager's own.
condition-now-town = { $now ->
    [0] none in the town
   *[other] { $now } in the town
}
condition-now-own = { $now ->
    [0] it has none
   *[other] it has { $now }
}
condition-standing = { $what }: { $now }
condition-needs = needs { $condition }
# Where a villager stands, in a search's states.
at-place = at the { $station }
at-start = at its start
# The inspector's sections.
section-plan = Plan
section-why = Why it chose
section-insistence = Insistence now
section-over-the-day = Over the day
section-facts = Facts
section-log = Recent decisions
section-details = Details (ids)
# When the figures shown were so: now, or at the villager's last decision.
at-decision = score and plan cost from the last decision ({ $t } s)
at-decision-untimed = score and plan cost from the last decision
no-decision-yet = no decision yet
bar-plan = plan: cost { $cost }, score { $score }
last-decision = Last decision ({ $t } s)
last-decision-untimed = Last decision
earlier = Earlier ({ $t } s): { $reason }
world-of-tile = World of tile { $tile } ({ $who })
its-world = World of tile { $tile }
# Facts' names in words (a fact without one is said as its name split into words).
fact-baked = loaves baked
fact-bread = bread
fact-breadBaked = bread baked
fact-built = built
fact-chopped = wood chopped
fact-drank = drank
fact-fed = fed
fact-fireLit = fire lit
fact-flour = flour
fact-furnitureBuilt = furniture built
fact-harvested = harvested
fact-hasAmmo = ammo
fact-hasWeapon = weapon
fact-houses = houses
fact-inCover = cover
fact-ingotsSmelted = ingots smelted
fact-iron = iron
fact-ironIngot = iron ingots
fact-ironSmelted = iron smelted
fact-logs = logs
fact-meal = meal
fact-milled = milled
fact-nearPlayer = near the player
fact-ore = ore
fact-oreDelivered = ore delivered
fact-oreMined = ore mined
fact-pickDurability = pick durability
fact-planks = planks
fact-playerDead = player dead
fact-safe = safe
fact-sawn = sawn
fact-timber = timber
fact-tools = tools
fact-toolsForged = tools forged
fact-wheat = wheat
fact-wheatHarvested = wheat harvested
fact-wood = wood
standstill-in-ring = the ring closes: they wait on each other
saved-to = Saved to { $file } (the day goes on):

## Writing files: what went wrong, then what to do about it (a sentence's start)
file-read-only = { $file } is read-only
file-read-only-remedy = Make it writable
file-no-space = no space is left on the disk for { $file }
file-no-space-remedy = Free some space on the disk
file-missing = { $file } is not there: it or its folder was deleted or moved
file-missing-remedy = Put it back
file-denied = this user may not write in the folder of { $file }
file-denied-remedy = Give this user the right to write there
file-other = { $file } could not be written: { $why }
file-other-remedy = Put that right
save-failed = Not saved: { $problem }.
save-again = { $remedy } and press Save again — your unsaved edits are kept.
save-built-in = a scenario built into the game has no file to save to
save-file-broken = { $file } no longer loads as it now is on the disk: { $why }
save-file-broken-remedy = Fix the file
save-no-position = { $file } no longer gives station "{ $station }" a position (`pos: (x, y)`)
save-no-position-remedy = Write its position back in the file
save-no-map = { $file } no longer has the map the cells were painted on
save-no-map-remedy = Put the map back in the file
save-row-not-plain = { $file } writes the row `map.rows[{ $row }]` with escapes or over several lines, which the game does not rewrite
save-row-not-plain-remedy = Write that row as its plain characters in one string
day-save-again = { $remedy } and press Save day again.
notice-dismiss = OK
replay-from-kept-text = { $file } has changed since this day was played: the day plays from the scenario's text the replay keeps.
replay-too-many-cells = painted cells: { $count } cells, more than the { $most } a replay holds
replay-no-map = the scenario has no map to paint on
replay-off-map = cell (column { $col }, row { $row }) is off the map, whose { $width } columns and { $height } rows are numbered from 0

# --- map ---
# A tile of a tiled town (`--villagers N`), named on the map; $n is its number.
map-tile = Tile { $n }
# The station inspector: villagers waiting (no viable plan) where the station stands.
map-waiting-here = Waiting here

# --- paint ---
# Paint mode: the button at the top of the map (its key, P, follows), the palette, how to paint.
paint = Paint
paint-hint = Left-drag paints the cells under the pointer; right-drag pans; 1–4 choose, P ends.
ground-grass = Grass
ground-road = Road
ground-wall = Wall
ground-water = Water
# Cells painted and not saved yet (beside Save), and saved (in what a Save says).
painted-cells = { $n ->
    [one] one cell painted
   *[other] { $n } cells painted
}

## `goap-town plan`: the plan, the search and why there is none. $cost is written to two
## decimals; fact names, ids and conditions are code, the same in every language.
plan-cost = cost { $cost }
plan-expanded = expanded { $expanded }
plan-none = no plan: { $why }
plan-unreachable = unreachable: no available action can bring about { $what }
plan-exhausted = exhausted: no reachable state meets the goal ({ $expanded } expanded)
plan-budget = budget: gave up after expanding { $expanded } states
plan-cut-off = unreachable: { $count ->
        [one] station { $stations } cannot
       *[other] stations { $stations } cannot
    } be reached from here (walls or water in the way)
# $found is yes when the search found a plan (the goal ends the list, and ★ marks the plan).
plan-trace-set-aside = a first search, in action order, expanded { $expanded } states without reaching a goal (free steps without end); this second one takes the fewest steps first among equally cheap states
plan-trace-new = new
plan-trace-better = better
plan-trace-duplicate = duplicate
plan-trace-dead_end = dead end
plan-trace-head = search: { $expanded ->
        [one] one state
       *[other] { $expanded } states
    } expanded in this order{ $found ->
        [yes] , then the goal
       *[no] {""}
    }; { $duplicates } duplicates dropped, { $pruned } dead ends pruned{ $found ->
        [yes] {" "}(★ on the plan)
       *[no] {""}
    }
plan-no-character = no character "{ $character }" in { $file }{ $hint }
plan-no-goal = character "{ $character }" has no goal "{ $goal }"{ $hint }
plan-set-malformed = --set { $text }: expected SCOPE.FACT=N, like world.tools=1 or agent.hasWeapon=1
plan-set-problem = --set { $text }: { $problem }
plan-set-no-scope = --set { $text }: no scope "{ $scope }": a fact is world.NAME or agent.NAME
plan-set-negative-line = --set { $text }: a line is never shorter than 0
plan-set-unknown = --set { $text }: unknown { $scope } fact "{ $name }"{ $hint }

## `goap-town bench`'s report. Numbers arrive written ($wall "12.345"); the labels line up.
bench-report = villagers     { $villagers } ({ $tiles ->
        [one] one tile
       *[other] { $tiles } tiles
    } in { $shards ->
        [one] one shard
       *[other] { $shards } shards
    }, { $threads ->
        [one] one thread
       *[other] { $threads } threads
    })
    simulated     { $simulated } s
    wall          { $wall } s
    speed-up      { $speedup }× real time
    plans         { $plans } (mean { $mean } µs, p99 { $p99 } µs)
    peak memory   { $memory } MB ({ $per-villager } bytes per villager beyond the engine's own)

## `goap-town run --at T --villager ID`: a moment asked for wrongly. Numbers arrive written.
moment-no-villager = --villager { $id }: no such villager; there are { $ids }
moment-out-of-range = --at { $at }: a moment is a number of seconds from the first dawn, 0 to { $latest } ({ $days } days of { $day } s)
# A moment (`run --at`) in words, a field a line: each field's name, then how long is left.
moment-field = { $field ->
    [day] day
    [t] seconds
    [villager] villager
    [name] name
    [position] where
    [activity] doing
    [goal] goal
    [plan] plan
    [step] step
    [facts] own facts
    [world] world
    [goals] insistence
   *[reason] last reason
}
moment-left = { $seconds } s left
moment-retry-in = decides again in { $seconds } s
moment-asleep = until the world changes
