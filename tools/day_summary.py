#!/usr/bin/env python3
"""A day of `goap-town run FILE --json` in one line a day: needs and quotas met, where the time
went, when the last action started, and the standstills (see docs/days.md)."""
import json, sys
# Usage: goap-town run scenarios/town.ron --json > day.json; python3 tools/day_summary.py day.json
d = json.load(open(sys.argv[1]))
for day in d["days"]:
    meals = quotas = quota_total = 0
    firsts = []
    wait = rest = act = walk = queued = 0.0
    for v in day["villagers"]:
        for g in v["goals"]:
            if g["kind"] == "need":
                meals += g["times_met"]
            else:
                quota_total += 1
                if g["times_met"] > 0:
                    quotas += 1
                    firsts.append(g["first_met_at"])
        s = v["seconds"]
        wait += s["waiting"]; rest += s["resting"]; act += s["acting"]; walk += s["walking"]; queued += s["queued"]
    stuck = [e for e in day["events"] if e["kind"] == "standstill"]
    last_start = max([e["t"] for e in day["events"] if e["kind"] == "action_started"] or [0])
    last = f" (the last first met at {max(firsts):.2f} of the day)" if firsts else ""
    first_stuck = f" (the first at {stuck[0]['t']:.1f} s)" if stuck else ""
    print(f"day {day['day']}: needs met {meals}, quotas met {quotas}/{quota_total}{last}, "
          f"acting {act:.0f} s, walking {walk:.0f} s, in line {queued:.0f} s, waiting {wait:.0f} s, "
          f"resting {rest:.0f} s, the last action started at {last_start:.1f} s, "
          f"standstills {len(stuck)}{first_stuck}")
