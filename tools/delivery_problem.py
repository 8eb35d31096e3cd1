"""Writes a walk-dominated delivery scenario: N customers, two depots, three parcels a trip.

Usage: python3 tools/delivery_problem.py N [SEED] > docs/problems/delivery-N.ron (docs/planner.md)."""
import random, sys
n = int(sys.argv[1]); seed = int(sys.argv[2]) if len(sys.argv) > 2 else 7
rng = random.Random(seed)
pts = [(rng.randint(-24, 24) * 20.0, rng.randint(-18, 18) * 20.0) for _ in range(n)]
out = []
w = out.append
w(f"// A courier delivers one parcel to each of {n} customers, loading three at a time at either of two")
w("// depots. Walking is most of the cost: the planner's search is a travelling-salesman problem.")
w("Scenario(")
w(f'    name: "Delivery ({n})",')
w('    description: "A courier plans a whole round of deliveries.",')
w("    settings: (day_length: 600.0, walk_weight: 1.0, planner_budget: 100000),")
w("    agent: {")
w('        "parcels": 0,')
for i in range(n):
    w(f'        "c{i}": 0,')
w("    },")
w("    stations: [")
w('        (id: "depotWest", label: "West depot", pos: (-300.0, 0.0)),')
w('        (id: "depotEast", label: "East depot", pos: (300.0, 40.0)),')
for i, (x, y) in enumerate(pts):
    w(f'        (id: "customer{i}", label: "Customer {i}", pos: ({x}, {y})),')
w("    ],")
w("    actions: [")
w('        (id: "load", label: "Load three parcels", station: "depotWest", duration: 1.0, cost: 1,')
w('         needs: ["agent.parcels <= 0"], effects: ["agent.parcels = 3"]),')
w('        (id: "loadEast", label: "Load three parcels", station: "depotEast", duration: 1.0, cost: 1,')
w('         needs: ["agent.parcels <= 0"], effects: ["agent.parcels = 3"]),')
for i in range(n):
    w(f'        (id: "deliver{i}", label: "Deliver to customer {i}", station: "customer{i}", duration: 1.0, cost: 1,')
    w(f'         needs: ["agent.parcels >= 1"], effects: ["agent.parcels -= 1", "agent.c{i} = 1"]),')
w("    ],")
w("    characters: [")
w('        (')
w('            id: "courier", name: "Courier", start: (0.0, 0.0), speed: 100.0,')
acts = ", ".join(['"load"', '"loadEast"'] + [f'"deliver{i}"' for i in range(n)])
w(f"            actions: [{acts}],")
wants = ", ".join(f'"agent.c{i} >= 1"' for i in range(n))
w(f'            goals: [(id: "delivered", label: "Deliveries", wants: [{wants}], drift: Need(rate: 0.01, initial: 1.0))],')
w("        ),")
w("    ],")
w(")")
print("\n".join(out))
