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
timeline-at = { $t } s de { $latest } s
step-back = Un paso atrás
save-day = Guardar el día
day-saved = Día guardado en { $file }: `goap-town replay { $file }` lo vuelve a abrir.
day-not-saved = No se puede guardar el día: { $why }
no-display = No hay pantalla en la que abrir la ventana del juego ({ $why }). Ejecuta el juego en una sesión de escritorio, o sin pantalla con Xvfb: xvfb-run -a goap-town
day-not-kept = este pueblo no guarda su historia
day-file-edited = el día { $day } a los { $t } s el pueblo recibió una edición del archivo del escenario ({ $changes }); una repetición guarda los hechos fijados, las estaciones movidas y las casillas pintadas en el juego, no el texto de un archivo
scenario = Escenario
world-facts = Hechos del mundo
own-facts = Hechos propios
inspector = Inspector
state = Estado
goal = Objetivo
plan = Plan
goals = Objetivos
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
# Cómo se agrupan las cifras de un número largo: 65 537.
digit-group-separator = {" "}

## Lo que pasa en el pueblo

event-dawn = Amanecer del día { $day }
event-plan-made = Plan para { $goal }: { $steps } (costo { $cost }, { $expanded } estados expandidos)
event-started = Empezó { $action } en { $station }
event-finished = Terminó { $action }
event-abandoned = Abandonó { $action }: { $needs }
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
event-waiting-cut-off = Sin plan viable para { $goal }: { $cut-off }
event-waiting-budget = Sin plan viable para { $goal }: su búsqueda se rindió tras { $budget } estados (el presupuesto del planificador); lo vuelve a intentar
event-switched = { $to } ({ $to-score }) superó a { $from } ({ $from-score })
event-interrupted = Interrumpió { $was }: { $goal } llegó a { $at } ({ $goal } { $score } superó a { $from } { $from-score })
event-interrupted-free = Interrumpió { $was }: { $goal } llegó a { $at } (su plan puntúa { $score })
event-went-on = { $goal } llegó a { $at } durante { $was }, pero no ganó la votación: sigue con lo suyo
event-stopped = Detenido por el jugador durante { $was }
underway-walking = Camino a { $station }
underway-acting = { $action }
underway-queued = la cola de { $station }
underway-waiting = Espera
underway-resting = Descanso
event-met = { $goal }: cumplido
event-resting = Descansando: la insistencia de toda meta sin cumplir está por debajo de { $threshold }

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
column-station = estación
column-busy = ocupada
column-line-peak = cola más larga
column-mean-wait = espera media
report-waited-on = esperado { $fact }: { $seconds } segundos-aldeano — { $count ->
        [0] nadie lo hace
        [one] lo hace { $makers }
       *[other] lo hacen { $makers }
    }
kind-need = necesidad
kind-quota = cuota
town = pueblo

## Por qué este plan: la búsqueda, estado por estado

why-this-plan = ¿Por qué este plan?
stop = Detener (X)
stop-hint = Deja lo que está haciendo ahora (los efectos de una acción se pierden) y decide de nuevo
follow = Seguir (F)
follow-hint = Mantiene la cámara sobre este aldeano mientras camina (moverla lo detiene)
overview = Pueblo (T)
overview-villagers = Aldeanos
overview-stations = Estaciones
overview-bottlenecks = Cuellos de botella
overview-days = Días
overview-search = Buscar
overview-every-trade = todos los oficios
overview-trade = oficio
overview-state = estado
overview-waits-for = espera
overview-in-line = en cola ahora
overview-nobody-waited = Nadie ha esperado nada todavía hoy.
overview-waited = { $fact }: { $seconds } segundos-aldeano de espera. Quién puede hacerlo:
overview-no-days = Ningún día ha terminado aún: los gráficos empiezan tras el primero.
overview-goals-met = Objetivos cumplidos por día, por oficio
overview-time-by-activity = Parte del tiempo del pueblo, por actividad
overview-alerts = Alertas ({ $n })
overview-lanes = El día
overview-busy-by-kind = Parte del día que cada tipo de estación estuvo ocupada
overview-no-alerts = Nada que señalar ahora mismo.
alert-kind-waiting = esperas de más de un minuto
alert-kind-line = colas de más del doble de plazas
alert-kind-quota = cuotas sin cumplir al 80 % del día
alert-kind-need = necesidades al máximo
alert-waiting = { $villager } lleva { $seconds } s esperando { $fact }
alert-line = { $station }: { $line } en cola para { $places ->
    [one] una plaza
   *[other] { $places } plazas
}
alert-quota = { $villager }: { $goal } sigue sin cumplirse, pasado el { $percent } % del día
alert-need = { $villager }: { $goal } no puede ser más urgente
lanes-each = cada { $trade } ({ $n })
lanes-span = { $state } de { $from } s a { $to } s
lanes-plan = plan
lanes-switch = cambio
lanes-abort = abandono
lanes-interrupt = interrupción
lanes-hint = Sobre cada oficio, cuántos hicieron qué; abre un oficio para ver un carril por aldeano. Pasa el ratón por un tramo o una marca para ver qué fue; haz clic en un momento para seleccionar al aldeano y llevar el pueblo a ese momento.
state-walking = caminando
state-acting = trabajando
state-in-line = en cola
state-waiting = esperando
state-resting = descansando
state-deciding = decidiendo
interrupts-at = interrumpe lo que está haciendo con esta insistencia
search = Búsqueda
search-summary = { $expanded } estados en el orden en que se expandieron, { $duplicates } duplicados descartados, { $pruned } callejones sin salida podados (★ en el plan)
result-new = nuevo
result-better = mejor
result-duplicate = duplicado
result-dead-end = sin salida
not-applicable = { $n ->
    [one] una acción no se aplica
   *[other] { $n } acciones no se aplican
}
# El costo de un paso además del suyo propio: "1 + caminando 0.32 + esperando 0.5".
step-walking = caminando
step-waiting = esperando
no-plan-unreachable = nada de lo que puede hacer produce { $blocked }
no-plan-exhausted = se probaron todos los estados alcanzables ({ $expanded } expandidos)
no-plan-budget = la búsqueda se detuvo en su presupuesto ({ $expanded } expandidos)
# Estaciones que un plan necesitaría y a las que muros o agua no dejan llegar; $stations sus nombres.
cut-off = { $count ->
    [one] no se puede llegar a { $stations } desde aquí (hay muros o agua en el camino)
   *[other] no se puede llegar a estas estaciones desde aquí: { $stations } (hay muros o agua en el camino)
}

## Por qué eligió: la tabla de una decisión

decision-table = Decisión a los { $t } s
outcome-rested = Descansa: la insistencia de cada objetivo pendiente está por debajo de { $threshold }
outcome-waited = Ningún objetivo tiene plan: espera por { $goal }
outcome-best = { $goal } tiene el mejor puntaje
outcome-overtook = { $goal } superó a { $from }: su ventaja { $lead } es mayor que la histéresis { $hysteresis }
outcome-kept = { $goal } sigue: { $best } le saca { $lead }, no más que la histéresis { $hysteresis }
row-met = cumplido
row-quiet = sin planificar (poca insistencia)
outcome-followed = { $goal } sigue con su plan: ningún otro objetivo podía sacarle más ventaja que la histéresis
outcome-interrupted = { $goal } llegó a { $at } durante { $was } y superó a { $from }: su ventaja { $lead } es mayor que la histéresis { $hysteresis }
outcome-interrupted-free = { $goal } llegó a { $at } durante { $was } y tiene el mejor puntaje
outcome-went-on-best = { $goal } llegó a { $at } durante { $was }, pero { $best } tiene el mejor puntaje: sigue con lo suyo
outcome-went-on-no-plan = { $goal } llegó a { $at } durante { $was }, pero no tiene plan: sigue con lo suyo
outcome-went-on-lead = { $goal } llegó a { $at } durante { $was }, pero solo le saca { $lead } a { $from }, no más que la histéresis { $hysteresis }: sigue con lo suyo
row-left-out = sin planificar: su plan podría puntuar como mucho { $ceiling }, lo que no bastaba para ganar
row-left-out-none = sin planificar: ningún plan lo alcanza desde aquí
row-plan = plan { $steps } (costo { $cost }, puntaje { $score })
row-no-plan = { $blocked ->
    [none] sin plan ({ $why })
   *[other] sin plan ({ $why }): { $blocked }
}
why-unreachable = inalcanzable
why-exhausted = agotada
why-budget = sin presupuesto
event-edited = { $fact } cambiado a { $now } (antes { $was })
save = Guardar
moved-stations = { $n ->
    [one] una estación movida
   *[other] { $n } estaciones movidas
}

## Lo que está mal en un archivo de repetición: una línea, tras el nombre del archivo (y, si su
## JSON no se puede leer, la línea y la columna). Los nombres, los hashes y los formatos quedan
## como están escritos.

replay-unreadable = no se puede leer: { $reason }
replay-not-a-file = no es un archivo sino { $kind }: una repetición se lee de un archivo normal
replay-kind-directory = una carpeta
replay-kind-fifo = una tubería con nombre
replay-kind-device = un dispositivo
replay-kind-socket = un socket
replay-kind-other = algo que no es un archivo
replay-too-large = ocupa más de { $most } bytes, lo máximo que admite un archivo de repetición
replay-not-json = no es un archivo de repetición: { $why }
replay-other-kind = un archivo de repetición de otro tipo ({ $format }, no { $expected })
replay-too-many-edits = edits: { $count } ediciones, más de las { $most } que admite una repetición
replay-too-many-villagers = villagers: { $villagers } aldeanos, más de los { $most } que puede tener un pueblo
replay-kept-text = el texto del escenario que guarda esta repetición no se puede jugar: { $why }
replay-end = end (día { $day }, paso { $step }): { $problem }
replay-edit = edición { $n } (día { $day }, paso { $step }): { $problem }
replay-day-zero = los días se cuentan desde el 1
replay-past-day-end = pasado el final de un día de { $steps } pasos
replay-too-late = pasado el día { $most }, el último al que puede llegar una repetición
replay-too-long = jugar { $villagers } aldeanos desde el primer amanecer hasta ahí son { $work } pasos de aldeano, más de los { $most } que puede costar abrir una repetición
replay-after-end = después del final de la repetición (día { $day }, paso { $step }), así que nunca se hace
replay-out-of-order = antes de la edición que la precede en la lista (día { $day }, paso { $step }): las ediciones se guardan en el orden en que se hicieron
replay-position = una estación movida a ({ $x }, { $y }): { $what } debe ser un número de { $min } a { $max }
replay-no-fact = el escenario no tiene ningún hecho del mundo `{ $fact }`
replay-no-tile = el pueblo no tiene el barrio { $tile } (sus { $tiles } barrios se numeran desde 0)
replay-no-villager = el pueblo no tiene el aldeano { $villager } (sus { $villagers } aldeanos se numeran desde 0)
replay-no-station = el escenario no tiene ninguna estación `{ $station }`
replay-other-text = esta repetición es de otro texto del escenario: jugó «{ $name }» a partir de un texto cuyo hash es { $played }, y { $file } tiene ahora el hash { $now } (¿se editó desde entonces?); su día no se volvería a jugar como fue
replay-no-built-in = ningún escenario integrado se llama { $name }
replay-scenario-not-here = su escenario { $scenario } no está aquí (se buscó desde esta carpeta y junto a replays/)
replay-opening = Abriendo { $file }: su pueblo de { $villagers } aldeanos se juega desde el primer amanecer hasta el día { $day } a los { $t } s antes de que se abra la ventana; esto lleva un rato.

## Lo que el cargador de escenarios dice de un archivo: `check`, la consola y el aviso rojo de
## errores del juego. Los nombres de archivo, las posiciones, las rutas de campos, los nombres
## de hechos, los nombres entre comillas y el código quedan como están escritos; un
## `{ $hint }` es una sugerencia («¿quisiste decir…?») o nada.

scenario-warning = advertencia: { $message }
scenario-did-you-mean = {" "}(¿quisiste decir { $name }?)
check-ok = ok { $file }: { $characters ->
        [one] { $characters } personaje
       *[other] { $characters } personajes
    }, { $actions ->
        [one] { $actions } acción
       *[other] { $actions } acciones
    }, { $stations ->
        [one] { $stations } estación
       *[other] { $stations } estaciones
    }
check-failed = { $failed } de { $total } archivos de escenario { $failed ->
        [one] tiene
       *[other] tienen
    } errores

# Leer el archivo.
scenario-cannot-read = no se puede leer: { $reason }
scenario-no-such-file = no existe tal archivo
scenario-permission-denied = permiso denegado
scenario-not-a-file = no es un archivo normal (es una carpeta, una tubería o un dispositivo)
scenario-system-says = { $why }
scenario-too-large = el archivo ocupa más de { $mib } MiB, lo máximo para un escenario
scenario-not-utf8 = esto no es texto UTF-8: guarda el archivo como UTF-8

# Las piezas de RON.
scenario-unclosed-comment = este comentario de bloque nunca se cierra: cada `/*` necesita su `*/` (los comentarios se anidan)
scenario-unexpected-character = carácter inesperado { $char }
scenario-expected-raw = se esperaba una cadena sin procesar `r#"…"#` o un nombre sin procesar `r#name` después de `r#`
scenario-expected-quote = se esperaba `"` para abrir la cadena
scenario-unclosed-string = esta cadena nunca se cierra: falta una `"`
scenario-bad-escape = { $problem }; las secuencias de escape son { $list } y { $last }
scenario-escape-ends = el texto termina dentro de una secuencia de escape
scenario-escape-x-digits = `\x` necesita dos dígitos hexadecimales
scenario-escape-x-above = `\x` por encima de 7F no es un solo carácter
scenario-escape-u-braces = `\u` se escribe `{ $code }`
scenario-escape-u-close = a `{ $code }` le falta la `{ $close }` de cierre
scenario-escape-u-invalid = `{ $code }` no es un carácter Unicode
scenario-escape-unknown = secuencia de escape desconocida `\{ $char }`
scenario-empty-char = un literal de { $what ->
        [byte] byte
       *[other] carácter
    } necesita un carácter entre las `'`
scenario-byte-not-ascii = un literal de byte contiene un solo carácter ASCII
scenario-unclosed-char = este literal de { $what ->
        [byte] byte
       *[other] carácter
    } nunca se cierra: falta una `'`
scenario-expected-number = se esperaba un número
scenario-expected-digits = se esperaban dígitos en base { $radix } después del prefijo
scenario-expected-exponent = se esperaban dígitos después de la `e` del exponente
scenario-number-suffix = un número no puede seguir con `{ $word }`

# Los valores de RON: lo que se esperaba y lo que había en su lugar.
scenario-after-the-end = sobra { $found } después del final del valor del documento
scenario-file-ends = el archivo termina donde se esperaba { $expected }
scenario-expected-found = se esperaba { $expected }, pero se encontró { $found }
scenario-unknown-extension = { $found } no es una extensión que RON conozca; conoce { $known }
scenario-too-deep = aquí los valores se anidan a más de { $max } niveles; un escenario necesita unos seis
scenario-in-enable = `{ $token }` en `#![enable(...)]`
scenario-after-enable = `(` después de `enable`
scenario-an-extension-name = un nombre de extensión
scenario-close-enable = `]` para cerrar `#![enable(...)]`
scenario-comma-or = `,` o `{ $close }`
scenario-a-value = un valor
scenario-close-some = `)` para cerrar `Some(`
scenario-colon-between = `:` entre una clave y su valor
scenario-number-after-range = un número después de `..=`
scenario-a-field-name = un nombre de campo
scenario-colon-after-field = `:` después del nombre del campo
scenario-the-number = el número { $number }
scenario-the-string = la cadena "{ $text }"
scenario-the-character = el carácter '{ $char }'
scenario-a-byte-string = una cadena de bytes
scenario-a-character = un carácter
scenario-a-list = una lista `[...]`
scenario-a-map = un mapa `{ $code }`
scenario-a-tuple = una tupla `(...)`
scenario-a-struct = una estructura `(...)`
scenario-a-range = un rango

# La forma del escenario: sus estructuras, campos y listas.
scenario-expected-shape = { $what }, que se escribe `({ $field }: …, …)`
scenario-wrong-struct-name = se esperaba { $what }, que se escribe `{ $name }(...)` o `(...)`, pero se encontró `{ $found }(...)`
scenario-explicit-names = con `explicit_struct_names` activado, escribe `{ $name }(...)`
scenario-no-such-field = { $what } no tiene el campo `{ $field }`{ $hint }; sus campos son { $fields }
scenario-field-twice = `{ $field }` aparece dos veces
scenario-missing-field = falta `{ $field }` en { $what }
scenario-needs-numbers = { $what } necesita sus números: escribe `{ $name }({ $field }: …)`
scenario-unknown-variant = se esperaba { $expected }, pero se encontró `{ $found }`{ $hint }
scenario-a-string-in-quotes = una cadena entre comillas
scenario-a-number = un número
scenario-a-boolean = `true` o `false`
scenario-a-whole-number = un número entero
scenario-a-position = una posición escrita `(x, y)`
scenario-a-list-of = una lista de { $items } `[...]`
scenario-a-map-of-facts = un mapa de hechos, escrito `{ $example }`
scenario-a-fact-name-in-quotes = un nombre de hecho entre comillas
scenario-a-drift = uno de `Need(rate: …, initial: …)` o `Quota(urgency: …)`
scenario-too-large-whole = { $number } es un número entero demasiado grande
scenario-list-too-long = como mucho { $max } { $items } (esta lista tiene { $count })
scenario-too-many-fact-values = como mucho { $max } hechos (este mapa tiene { $count })
scenario-fact-name-is-a-string = el nombre de un hecho es una cadena: escribe "{ $name }"
scenario-shape-scenario = un escenario
scenario-shape-settings = la configuración
scenario-shape-station = una estación
scenario-shape-action = una acción
scenario-shape-character = un personaje
scenario-shape-goal = un objetivo
scenario-shape-need = una necesidad
scenario-shape-quota = una cuota
scenario-shape-map = el mapa
scenario-items-stations = estaciones
scenario-items-actions = acciones
scenario-items-characters = personajes
scenario-items-conditions = condiciones
scenario-items-effects = efectos
scenario-items-goals = objetivos
scenario-items-rows = filas

# Números fuera de rango.
scenario-too-many-tasks = el personaje { $name } puede hacer como mucho { $max } acciones contando cada una en cada una de sus estaciones; tiene { $count }
scenario-too-many-facts = como mucho { $max } hechos en total (del mundo y de agente juntos); este archivo declara { $count }
scenario-capacity = una capacidad debe ser un número entero de aldeanos de 1 a { $max } (omítela si no tiene límite), no { $value }
scenario-planner-budget = el presupuesto del planificador debe ser un número entero de expansiones de 1 a { $max }, no { $value }
scenario-cost = un costo debe ser un número entero de 0 a { $max }, no { $value }
scenario-fact-value = { $value } no cabe en un hecho (de { $min } a { $max })
scenario-out-of-range = { $what } debe ser un número de { $min } a { $max }, no { $value }
scenario-range-day-length = la duración del día (en segundos simulados)
scenario-range-cost-weight = el peso del costo
scenario-range-hysteresis = la histéresis
scenario-range-rest-threshold = el umbral de descanso
scenario-range-retry-interval = el intervalo entre reintentos (en segundos simulados)
scenario-range-position = una posición
scenario-range-speed = una velocidad al caminar (unidades por segundo)
scenario-range-duration = una duración (en segundos simulados)
scenario-range-need-rate = el ritmo de una necesidad (por segundo)
scenario-range-need-initial = la insistencia inicial de una necesidad
scenario-range-urgency = la urgencia de una cuota
scenario-range-walk-weight = el peso de caminar (costo por segundo de camino)
scenario-range-road-speed = la velocidad en los caminos (cuántas veces más rápido que sobre la hierba)
scenario-range-map-cell = el lado de una casilla del mapa (unidades)

# Nombres y referencias. $scope es world o agent; $what, station, action, character o goal.
scenario-bad-fact-name = { $name } no es un nombre de hecho: usa letras, dígitos y _, empezando por una letra
scenario-fact-declared-twice = el hecho { $scope ->
        [world] del mundo
       *[agent] de agente
    } { $name } está declarado dos veces
scenario-empty-id = { $what ->
        [station] una estación
        [action] una acción
        [character] un personaje
       *[goal] un objetivo
    } necesita un id que no esté vacío
scenario-duplicate-id = id de { $what ->
        [station] estación
        [action] acción
        [character] personaje
       *[goal] objetivo
    } repetido { $name } (se usó antes en el índice { $first })
scenario-no-characters = un escenario necesita al menos un personaje
scenario-unknown-station = no existe la estación ni el tipo de estación { $name }{ $hint }
scenario-no-effects = la acción { $name } no tiene efectos, así que ningún plan podría usarla
scenario-unknown-own-fact = hecho de agente desconocido { $name }{ $hint }; decláralo en `{ $declaration }`
scenario-action-listed-twice = la acción { $name } aparece dos veces
scenario-unknown-action = acción desconocida { $name }{ $hint }
scenario-no-goals = el personaje { $name } no tiene objetivos, así que nunca haría nada
scenario-wants-nothing = el objetivo { $name } no pide nada: dale al menos una condición
scenario-unknown-fact = hecho { $scope ->
        [world] del mundo
       *[agent] de agente
    } desconocido { $name }{ $hint }; los hechos se declaran en `{ $declaration }`
scenario-unknown-fact-elsewhere = hecho { $scope ->
        [world] del mundo
       *[agent] de agente
    } desconocido { $name }{ $hint }
scenario-scope-hint = {" "}({ $name } es un hecho { $scope ->
        [world] del mundo
       *[agent] de agente
    }: escribe { $scope }.{ $name })

# Condiciones y efectos. $what es condition o effect.
scenario-in-expression = en { $what ->
        [condition] la condición
       *[effect] el efecto
    } { $text }: { $problem }{ $hint }
scenario-a-comparison = una comparación (>=, <=, ==, !=, >, <)
scenario-a-change = un cambio (=, +=, -=)
scenario-condition-changes = `{ $op }` cambia un hecho; una condición compara con >=, <=, == o !=
scenario-effect-compares = `{ $op }` compara; un efecto cambia un hecho con =, += o -=
scenario-value-out-of-range = el valor está fuera de rango
scenario-expected-scope = se esperaba `world.` o `agent.` y un nombre de hecho
scenario-no-scope = `{ $word }` no tiene ámbito: los hechos se escriben world.NOMBRE o agent.NOMBRE
scenario-not-a-scope = `{ $word }` no es un ámbito: los hechos se escriben world.NOMBRE o agent.NOMBRE
scenario-expected-dot = se esperaba `.` y un nombre de hecho después del ámbito
scenario-expected-fact-name = se esperaba un nombre de hecho (letras, dígitos, _)
scenario-expected-operator = se esperaba { $expected } después de { $fact }
scenario-expected-value = se esperaba un número entero después del operador
scenario-not-a-value = `{ $text }` no es un número entero de { $min } a { $max }

# Advertencias: lo que un escenario puede hacer pero probablemente no quiere decir.
scenario-unmovable-goal = ninguna acción { $whose } puede llevar { $fact } hacia { $condition }, así que nunca se podrá trabajar en el objetivo { $goal }
scenario-of-character = de { $name }
scenario-of-anyone = de ningún personaje
scenario-met-at-dawn = la necesidad { $goal } de { $character } ya se cumple al amanecer, así que queda satisfecha antes de que nadie haga nada
scenario-unused-action = ningún personaje puede hacer la acción { $name }
scenario-interruptible-unused = la acción { $name } es interrumpible, pero ningún personaje la hace
scenario-never-interrupts = la meta { $name } nunca puede llegar a su interrupts_at { $at }: pide como mucho { $most }
scenario-quota-never-interrupts = la meta { $name } nunca puede llegar a su interrupts_at { $at }: una cuota pide menos que su urgencia { $most }, pues el día acaba antes
scenario-interrupts-at = interrupts_at es una insistencia: más de 0 y como mucho 1, no { $value }
scenario-interruptible-sets = la acción { $name } no puede ser interrumpible: fija un hecho compartido ({ $effect }), y lo que prometió a los demás no podría deshacerse
scenario-unused-station = ninguna acción ocurre en la estación { $name }
scenario-unknown-sprite = ninguna imagen se llama { $name }{ $hint }: se dibuja como si no nombrara ninguna
scenario-unreachable-station = { $count ->
    [one] { $characters }, que necesita la estación { $name }, no puede llegar a ella desde donde empieza
   *[other] ninguno de { $characters }, que necesitan la estación { $name }, puede llegar a ella desde donde empieza
}: hay muros o agua en el camino

# El mapa. $ground es wall, water u outside; $legend es scenario-map-legend.
scenario-map-empty = un mapa necesita al menos una fila de al menos una casilla
scenario-map-ragged = esta fila mide { $length ->
    [one] una casilla
   *[other] { $length } casillas
}, pero la primera mide { $expected ->
    [one] una casilla
   *[other] { $expected } casillas
}: todas las filas de un mapa miden lo mismo que la primera
scenario-map-unknown-ground = '{ $char }' no es ningún tipo de suelo: las filas de un mapa se escriben con { $legend }
scenario-map-legend = `{ $grass }` hierba, `{ $road }` camino, `{ $wall }` muro, `{ $water }` agua
scenario-map-too-many-cells = un mapa tiene como mucho { $max } casillas (este tiene { $count })
scenario-station-off-ground = la estación { $name } está { $ground ->
    [wall] sobre un muro
    [water] en el agua
   *[outside] fuera del mapa
}: una estación va sobre hierba o camino
scenario-start-off-ground = el personaje { $name } empieza { $ground ->
    [wall] sobre un muro
    [water] en el agua
   *[outside] fuera del mapa
}: un personaje empieza sobre hierba o camino

# --- sim ---
event-plan-made-part = Plan para parte de { $goal } ({ $part } de { $whole }: el total no está a su alcance ahora): { $steps } (costo { $cost }, { $expanded } estados expandidos)
row-plan-part = plan para { $part } de ella: { $steps } (costo { $cost }, puntaje { $score })
event-pursuing = Persigue { $goal }: la mejor meta para la que tiene un plan
standstill-ring = Atascado: { $links } — se esperan unos a otros hasta que algo cambie
standstill-everyone = Atascado: todos esperan — { $links }
standstill-link = { $who } espera { $what }, { $count ->
    [0] que nadie aquí puede hacer
    [one] que solo hace { $makers }
   *[other] que solo hacen { $makers }
}

# --- loader ---
# Un ciclo de necesidades (una advertencia): $character necesita $fact, que solo hace $maker;
# $rest es un scenario-cycle-from por cada eslabón más; $tail, scenario-cycle-stuck-at-dawn o nada.
scenario-cycle-of-needs = un ciclo de necesidades: { $character } necesita { $fact }, que solo hace { $maker }{ $rest }{ $tail }
scenario-cycle-from = , a partir de { $fact }, que solo hace { $maker }
scenario-cycle-stuck-at-dawn = ; no hay nada de ello al amanecer, así que ninguno puede empezar
scenario-own-fact-twice = { $character } da el hecho de agente { $name } dos veces
report-standstill = atasco:

# --- inspector ---
# El inspector, que habla claro: condiciones y hechos en palabras, lo que vale ahora separado de
# lo que valía en la última decisión.

# Una condición en palabras. $fact es el nombre del hecho en palabras, $value el número con que se compara.
condition-at-least = { $value ->
    [1] { $fact }
   *[other] { $fact } (al menos { $value })
}
condition-at-most = { $fact } (como mucho { $value })
condition-exactly = { $value ->
    [0] sin { $fact }
   *[other] { $fact } (exactamente { $value })
}
condition-differs = { $fact } (distinto de { $value })
# Cómo está ahora el hecho de una condición: un hecho del mundo, luego uno propio del aldeano.
condition-now-town = { $now ->
    [0] no hay en el pueblo
   *[other] hay { $now } en el pueblo
}
condition-now-own = { $now ->
    [0] no tiene
   *[other] tiene { $now }
}
condition-standing = { $what }: { $now }
condition-needs = necesita { $condition }
# Dónde está un aldeano, en los estados de una búsqueda.
at-place = en { $station }
at-start = en su punto de partida
# Las secciones del inspector.
section-plan = Plan
section-why = Por qué eligió
section-insistence = Insistencia ahora
section-over-the-day = A lo largo del día
section-facts = Hechos
section-log = Decisiones recientes
section-details = Detalles (ids)
# Cuándo valían las cifras mostradas: ahora, o en la última decisión del aldeano.
at-decision = puntaje y costo del plan de la última decisión ({ $t } s)
at-decision-untimed = puntaje y costo del plan de la última decisión
no-decision-yet = aún no decidió
bar-plan = plan: costo { $cost }, puntaje { $score }
last-decision = Última decisión ({ $t } s)
last-decision-untimed = Última decisión
earlier = Antes ({ $t } s): { $reason }
world-of-tile = Mundo de la parcela { $tile } ({ $who })
its-world = Mundo de la parcela { $tile }
# Los nombres de los hechos en palabras (uno sin nombre se dice con su nombre separado en palabras).
fact-baked = panes horneados
fact-bread = pan
fact-breadBaked = pan horneado
fact-built = construido
fact-chopped = leña cortada
fact-drank = bebió
fact-fed = alimentado
fact-fireLit = fuego encendido
fact-flour = harina
fact-furnitureBuilt = muebles hechos
fact-harvested = cosechado
fact-hasAmmo = munición
fact-hasWeapon = arma
fact-houses = casas
fact-inCover = refugio
fact-ingotsSmelted = lingotes fundidos
fact-iron = hierro
fact-ironIngot = lingotes de hierro
fact-ironSmelted = hierro fundido
fact-logs = troncos
fact-meal = comida
fact-milled = molido
fact-nearPlayer = cerca del jugador
fact-ore = mineral
fact-oreDelivered = mineral entregado
fact-oreMined = mineral extraído
fact-pickDurability = desgaste del pico
fact-planks = tablones
fact-playerDead = jugador muerto
fact-safe = a salvo
fact-sawn = aserrado
fact-timber = madera aserrada
fact-tools = herramientas
fact-toolsForged = herramientas forjadas
fact-wheat = trigo
fact-wheatHarvested = trigo cosechado
fact-wood = leña
standstill-in-ring = el círculo se cierra: se esperan unos a otros
saved-to = Guardado en { $file } (el día sigue):

## Escribir archivos: qué salió mal y qué hacer (el comienzo de una frase)
file-read-only = { $file } es de solo lectura
file-read-only-remedy = Permite que se escriba en él
file-no-space = no queda espacio en el disco para { $file }
file-no-space-remedy = Libera espacio en el disco
file-missing = { $file } no está: se borró o se movió, el archivo o su carpeta
file-missing-remedy = Vuelve a ponerlo en su sitio
file-denied = este usuario no puede escribir en la carpeta de { $file }
file-denied-remedy = Da a este usuario permiso para escribir allí
file-other = no se pudo escribir { $file }: { $why }
file-other-remedy = Corrige eso
save-failed = No se ha guardado: { $problem }.
save-again = { $remedy } y vuelve a pulsar Guardar: los cambios sin guardar se conservan.
save-built-in = un escenario incluido en el juego no tiene archivo donde guardar
save-file-broken = { $file } ya no se carga tal como está ahora en el disco: { $why }
save-file-broken-remedy = Corrige el archivo
save-no-position = { $file } ya no da posición (`pos: (x, y)`) a la estación "{ $station }"
save-no-position-remedy = Vuelve a escribir su posición en el archivo
save-no-map = { $file } ya no tiene el mapa sobre el que se pintaron las casillas
save-no-map-remedy = Vuelve a poner el mapa en el archivo
save-row-not-plain = { $file } escribe la fila `map.rows[{ $row }]` con secuencias de escape o en varias líneas, y el juego no la reescribe
save-row-not-plain-remedy = Escribe esa fila con sus caracteres tal cual, en una sola cadena
day-save-again = { $remedy } y vuelve a pulsar Guardar el día.
notice-dismiss = Entendido
replay-from-kept-text = { $file } ha cambiado desde que se jugó este día: el día se juega con el texto del escenario que guarda la repetición.
replay-too-many-cells = casillas pintadas: { $count } casillas, más de las { $most } que admite una repetición
replay-no-map = el escenario no tiene ningún mapa en el que pintar
replay-off-map = la casilla (columna { $col }, fila { $row }) está fuera del mapa, cuyas { $width } columnas y { $height } filas se numeran desde 0

# --- map ---
# A tile of a tiled town (`--villagers N`), named on the map; $n is its number.
map-tile = Barrio { $n }
# The station inspector: villagers waiting (no viable plan) where the station stands.
map-waiting-here = Esperando aquí

# --- pintar ---
# El modo de pintar: el botón de arriba del mapa (le sigue su tecla, P), la paleta, cómo se pinta.
paint = Pintar
paint-hint = Arrastra con el botón izquierdo para pintar las casillas bajo el puntero; con el derecho, mueves la vista; 1–4 eligen, P termina.
ground-grass = Hierba
ground-road = Camino
ground-wall = Muro
ground-water = Agua
# Casillas pintadas aún sin guardar (junto a Guardar), y guardadas (en lo que dice Guardar).
painted-cells = { $n ->
    [one] una casilla pintada
   *[other] { $n } casillas pintadas
}

## `goap-town plan`: el plan, la búsqueda y por qué no hay ninguno. $cost va con dos decimales;
## los nombres de hechos, los ids y las condiciones son código, iguales en todo idioma.
plan-cost = costo { $cost }
plan-expanded = expandidos { $expanded }
plan-none = sin plan: { $why }
plan-unreachable = inalcanzable: ninguna acción disponible puede lograr { $what }
plan-exhausted = agotado: ningún estado alcanzable cumple la meta ({ $expanded } expandidos)
plan-budget = presupuesto: se rindió tras expandir { $expanded } estados
plan-cut-off = inalcanzable: { $count ->
        [one] la estación { $stations } no se puede
       *[other] las estaciones { $stations } no se pueden
    } alcanzar desde aquí (muros o agua en el camino)
# $found es yes cuando la búsqueda halló un plan (la meta cierra la lista y ★ marca el plan).
plan-trace-set-aside = una primera búsqueda, en el orden de las acciones, expandió { $expanded } estados sin llegar a una meta (pasos gratis sin fin); esta segunda toma primero los de menos pasos entre los de igual costo
plan-trace-new = nuevo
plan-trace-better = mejor
plan-trace-duplicate = duplicado
plan-trace-dead_end = callejón sin salida
plan-trace-head = búsqueda: { $expanded ->
        [one] un estado expandido
       *[other] { $expanded } estados expandidos
    } en este orden{ $found ->
        [yes] , y luego la meta
       *[no] {""}
    }; { $duplicates } duplicados descartados, { $pruned } callejones sin salida podados{ $found ->
        [yes] {" "}(★ en el plan)
       *[no] {""}
    }
plan-no-character = no hay ningún personaje "{ $character }" en { $file }{ $hint }
plan-no-goal = el personaje "{ $character }" no tiene la meta "{ $goal }"{ $hint }
plan-set-malformed = --set { $text }: se esperaba ÁMBITO.HECHO=N, como world.tools=1 o agent.hasWeapon=1
plan-set-problem = --set { $text }: { $problem }
plan-set-no-scope = --set { $text }: no hay ámbito "{ $scope }": un hecho es world.NOMBRE o agent.NOMBRE
plan-set-negative-line = --set { $text }: una fila nunca es más corta que 0
plan-set-unknown = --set { $text }: hecho { $scope } desconocido "{ $name }"{ $hint }

## El informe de `goap-town bench`. Los números llegan escritos ($wall "12.345"); las etiquetas se alinean.
bench-report = aldeanos         { $villagers } ({ $tiles ->
        [one] una copia
       *[other] { $tiles } copias
    } en { $shards ->
        [one] un fragmento
       *[other] { $shards } fragmentos
    }, { $threads ->
        [one] un hilo
       *[other] { $threads } hilos
    })
    simulado         { $simulated } s
    reloj            { $wall } s
    aceleración      { $speedup }× tiempo real
    planes           { $plans } (media { $mean } µs, p99 { $p99 } µs)
    memoria máxima   { $memory } MB ({ $per-villager } bytes por aldeano además de los del motor)

## `goap-town run --at T --villager ID`: un momento mal pedido. Los números llegan escritos.
moment-no-villager = --villager { $id }: no hay tal aldeano; los hay { $ids }
moment-out-of-range = --at { $at }: un momento es un número de segundos desde el primer amanecer, de 0 a { $latest } ({ $days } días de { $day } s)
# Un momento (`run --at`) en palabras, un campo por línea: el nombre de cada campo, y cuánto falta.
moment-field = { $field ->
    [day] día
    [t] segundos
    [villager] aldeano
    [name] nombre
    [position] dónde
    [activity] haciendo
    [goal] meta
    [plan] plan
    [step] paso
    [facts] hechos propios
    [world] mundo
    [goals] insistencia
   *[reason] último motivo
}
moment-left = quedan { $seconds } s
moment-retry-in = decide de nuevo en { $seconds } s
moment-asleep = hasta que cambie el mundo
