# goap-town en español.
language-name = Español

## La interfaz

world = Mundo
day = Día
paused = en pausa
pause = Pausa
resume = Seguir
step = Paso
restart-day = Reiniciar día
scenario = Escenario
world-facts = Hechos del mundo
own-facts = Hechos propios
inspector = Inspector
state = Estado
goal = Objetivo
plan = Plan
goals = Objetivos
at-last-decision = puntaje y costo en la última decisión
last-reason = Último motivo
decisions = Decisiones recientes
insistence = Insistencia a lo largo del día
no-selection = Haz clic en un aldeano o una estación para inspeccionarlos.
kind = Tipo
capacity = Capacidad
no-limit = sin límite
acting-here = Trabajando aquí
in-line = En la cola
on-the-way = En camino
nobody = nadie
walking = caminando a
queued = en la cola de
acting = trabajando
waiting = esperando
waiting-for = esperando
makes-it = puede producirlo
nobody-makes-it = nadie en el pueblo puede producirlo
to = a
in-line-short = en la cola
resting = descansando
idle = decidiendo
score = puntaje
cost = costo
no-plan = sin plan
not-planned = sin planificar
nothing = ninguno
built-in = escenarios integrados (no hay carpeta scenarios/)
errors = El escenario tiene errores; sigue la última versión válida:
reloaded-goes-on = Recargado; el día sigue:
reloaded-restarts = Recargado; el día vuelve a empezar (cambiaron hechos, condiciones, efectos, metas o los aldeanos):
reloaded-no-change = Guardado sin cambios
ordinal = { $n }.º

## Lo que pasa en el pueblo

event-dawn = Amanecer del día { $day }
event-plan-made = Plan para { $goal }: { $steps } (costo { $cost }, { $expanded } estados expandidos)
event-started = Empezó { $action } en { $station }
event-finished = Terminó { $action }
event-abandoned = Abandonó { $action }: necesita { $needs }, pero { $fact } vale { $was } ahora
event-queued = En la cola de { $station }{ $behind ->
    [none] {""}
   *[other] {" "}detrás de { $behind }
} ({ $place }.º en la cola)
event-left-queue = Dejó la cola de { $station }{ $to ->
    [none] {""}
   *[other] {" "}por { $to }
}
event-waiting = { $blocked ->
    [none] Sin plan viable para { $goal }: esperando a que el mundo cambie
   *[other] Sin plan viable para { $goal }: esperando { $blocked }
}
event-switched = { $to } ({ $to-score }) superó a { $from } ({ $from-score })
event-met = { $goal }: cumplido
event-resting = Descansando: toda insistencia está por debajo de { $threshold }

## El informe del día de `run`

report-title = { $scenario } — día { $day }
report-tail = últimos { $shown } de { $total } sucesos:
column-villager = aldeano
column-goal = objetivo
column-kind = tipo
column-met = logros
column-first = primero
column-walking = caminando
column-acting = trabajando
column-waiting = esperando
column-resting = descanso
column-queued = en cola
column-replans = replanes
column-aborts = abandonos
kind-need = necesidad
kind-quota = cuota
town = pueblo

## Por qué este plan: la búsqueda, estado por estado

why-this-plan = ¿Por qué este plan?
search = Búsqueda
search-summary = { $expanded } estados en el orden en que se expandieron, { $duplicates } duplicados descartados, { $pruned } callejones sin salida podados (★ en el plan)
result-new = nuevo
result-better = mejor
result-duplicate = duplicado
result-dead-end = sin salida
not-applicable = { $n } acciones no se aplican
no-plan-unreachable = nada de lo que puede hacer produce { $blocked }
no-plan-exhausted = se probaron todos los estados alcanzables ({ $expanded } expandidos)
no-plan-budget = la búsqueda se detuvo en su presupuesto ({ $expanded } expandidos)

## Por qué eligió: la tabla de una decisión

decision-table = Decisión a los { $t } s
outcome-rested = Descansa: la insistencia de cada objetivo pendiente está por debajo de { $threshold }
outcome-waited = Ningún objetivo tiene plan: espera por { $goal }
outcome-best = { $goal } tiene el mejor puntaje
outcome-overtook = { $goal } superó a { $from }: su ventaja { $lead } es mayor que la histéresis { $hysteresis }
outcome-kept = { $goal } sigue: { $best } le saca { $lead }, no más que la histéresis { $hysteresis }
row-met = cumplido
row-quiet = sin planificar (poca insistencia)
row-plan = plan { $steps } (costo { $cost }, puntaje { $score })
row-no-plan = { $blocked ->
    [none] sin plan ({ $why })
   *[other] sin plan ({ $why }): { $blocked }
}
why-it-chose = Por qué eligió (la última decisión)
why-unreachable = inalcanzable
why-exhausted = agotada
why-budget = sin presupuesto
event-edited = { $fact } cambiado a { $now } (antes { $was })
save = Guardar
moved-stations = { $n ->
    [one] una estación movida
   *[other] { $n } estaciones movidas
}
