#!/usr/bin/env python3
"""The import circles of a folder of the crate, and the imports that point back up.

    python3 tools/imports.py src/sim              # circles and back-up imports of src/sim
    python3 tools/imports.py src/art.rs src/scenario
    python3 tools/imports.py src/game --edges     # also every file-to-file import
    python3 tools/imports.py src/game --layers    # also the files, lowest layer first

A file imports another when its code names an item the other defines: through `use crate::…`,
`use super::…`, `use self::…`, a path written inline (`crate::sim::Town`, `super::Foo`), a child
module's name (`labels::plugin` in `map.rs`), or a name a `use` brought in (`use crate::sim::replay;`
then `replay::bounds::X`). A name re-exported by a `use` is followed to the file that defines it, so
`use super::Selection` from `src/game/view.rs` points at `selection.rs`, not at `mod.rs`. Test code
(`#[cfg(test)]` items and the files they declare) is left out: it is not what the crate builds on.

Figures, for the files under the paths given (imports to files outside them are left out):
- imports: distinct (file, imported file) pairs;
- circles: the strongly connected components of more than one file;
- inside circles: the imports between two files of one circle;
- pointing back up: the fewest imports that must go for the files to stand in layers, each file
  importing only lower ones (a minimum feedback arc set of each circle: exact up to 23 files, a
  greedy bound above). Layers are then the topological order of the graph with those removed.
"""

import argparse
import re
import sys
from pathlib import Path

SRC = Path("src")
EXACT_UP_TO = 23


def strip(text):
    """The code of `text` with comments, strings and char literals blanked (lengths kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif (m := re.match(r'b?r(#*)"', text[i:i + 260])) and (i == 0 or not text[i - 1].isalnum()):
            end = '"' + m.group(1)
            j = text.find(end, i + m.end())
            j = n if j < 0 else j + len(end)
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(re.sub(r"[^\n]", " ", text[i:j + 1]))
            i = j + 1
        elif c == "'" and (m := re.match(r"'(\\.[^']*|[^\\'])'", text[i:i + 12])):
            out.append(" " * m.end())
            i += m.end()
        else:
            out.append(c)
            i += 1
    return "".join(out)


def block_end(code, i):
    """Where the item starting at `i` ends: its `;`, or the `}` closing its first block."""
    depth = 0
    while i < len(code):
        c = code[i]
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        elif c == ";" and depth == 0:
            return i + 1
        i += 1
    return i


def without_tests(code):
    """`code` with its `#[cfg(test)]` items blanked, and the names of test-only `mod x;` files."""
    test_mods = []
    for m in reversed(list(re.finditer(r"#\[cfg\(test\)\]", code))):
        start = m.end()
        while a := re.match(r"\s*#\[[^\]]*\]", code[start:]):
            start += a.end()
        if d := re.match(r"\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", code[start:]):
            test_mods.append(d.group(1))
        end = block_end(code, start)
        code = code[: m.start()] + re.sub(r"[^\n]", " ", code[m.start():end]) + code[end:]
    return code, test_mods


def module_of(path):
    """The module path of a source file: `src/game/map/labels.rs` → ('game', 'map', 'labels')."""
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] in ("mod", "lib"):
        parts.pop()
    return tuple(parts)


def use_paths(tree, prefix=()):
    """The paths a `use` tree names, each with the name it binds: `a::{b, c as d}` → a::b, a::c."""
    tree = re.sub(r"\s+", "", tree)
    depth, cut = 0, None
    for i, c in enumerate(tree):
        if c == "{":
            depth += 1
            if depth == 1 and cut is None:
                cut = i
        elif c == "}":
            depth -= 1
    if cut is not None:
        head = [s for s in tree[:cut].split("::") if s]
        inner, parts, depth, start = tree[cut + 1:-1], [], 0, 0
        for i, c in enumerate(inner):
            depth += c == "{"
            depth -= c == "}"
            if c == "," and depth == 0:
                parts.append(inner[start:i])
                start = i + 1
        parts.append(inner[start:])
        for part in parts:
            if part:
                yield from use_paths(part, prefix + tuple(head))
        return
    alias = None
    if "as" in tree and re.search(r"\w as\w", tree):
        tree, alias = re.split(r"(?<=\w)as(?=\w+$)", tree)
    segs = prefix + tuple(s for s in tree.split("::") if s)
    if segs and segs[-1] == "self":
        segs = segs[:-1]
    if segs:
        yield segs, alias or segs[-1]


class Crate:
    def __init__(self):
        self.files, self.modules, self.code, self.tests = {}, {}, {}, set()
        for path in sorted(SRC.rglob("*.rs")):
            if path == SRC / "main.rs" or (path.parent == SRC / "bin"):
                continue
            code, test_mods = without_tests(strip(path.read_text(encoding="utf-8")))
            module = module_of(path)
            self.files[path] = module
            self.modules[module] = path
            self.code[path] = code
            self.tests.update(module + (name,) for name in test_mods)
            # Inline modules (`mod x { … }`) are parts of their file.
            for m in re.finditer(r"\bmod\s+(\w+)\s*\{", code):
                self.modules.setdefault(module + (m.group(1),), path)
        # A test-only file and everything under it.
        for module, path in list(self.modules.items()):
            if any(module[: len(t)] == t for t in self.tests):
                self.files.pop(path, None)
        self.names = {path: {} for path in self.files}
        self.uses = {}
        for path, module in self.files.items():
            uses = []
            for m in re.finditer(r"\buse\s+([^;]+);", self.code[path]):
                for segs, bound in use_paths(m.group(1)):
                    uses.append(segs)
                    if bound != "*" and segs[-1] != "*":
                        self.names[path][bound] = segs
            self.uses[path] = uses

    def absolute(self, path, segs):
        """`segs` as written in `path`, from the crate root (None when outside the crate)."""
        module = self.files[path]
        if segs[0] == "crate":
            return segs[1:]
        if segs[0] in ("super", "self"):
            here = list(module)
            while segs and segs[0] in ("super", "self"):
                if segs[0] == "super":
                    here.pop()
                segs = segs[1:]
            return tuple(here) + segs
        if module + (segs[0],) in self.modules:
            return module + segs
        if segs[0] in self.names[path] and len(segs) > 1:
            bound = self.names[path][segs[0]]
            return self.absolute(path, bound + segs[1:]) if bound[0] != segs[0] else None
        return None

    def target(self, segs, seen=0):
        """The file defining what absolute path `segs` names, through any re-export."""
        k = max(i for i in range(len(segs) + 1) if segs[:i] in self.modules)
        file = self.modules[segs[:k]]
        if k < len(segs) and seen < 12 and file in self.names:
            bound = self.names[file].get(segs[k])
            if bound is not None and (whole := self.absolute(file, bound)) is not None:
                whole = whole + segs[k + 1:]
                if whole != segs:
                    return self.target(whole, seen + 1)
        return file

    def imports(self, rooted_only=False):
        """Every (file, file it imports) pair of the crate, a file with itself left out; with
        `rooted_only`, only paths written from `crate`, `super` or `self`."""
        pairs = set()
        for path in self.files:
            code = re.sub(r"\buse\s+[^;]+;", " ", self.code[path])
            # `pub(in crate::game)` names a module to say who sees an item, not to use it.
            code = re.sub(r"\bpub\s*\(\s*in\s+[^)]*\)", " ", code)
            written = list(self.uses[path])
            for m in re.finditer(r"(?<![\w:])(\w+(?:\s*::\s*\w+)+)", code):
                written.append(tuple(re.split(r"\s*::\s*", m.group(1))))
            for segs in written:
                glob = bool(segs) and segs[-1] == "*"
                segs = tuple(s for s in segs if s != "*")
                if not segs or (rooted_only and segs[0] not in ("crate", "super", "self")):
                    continue
                whole = self.absolute(path, segs)
                # A module's name alone (`use crate::sim::{self, …}`) uses none of its items: the
                # paths through it (`sim::step`) are counted where they are written.
                if whole is None or (not glob and whole in self.modules):
                    continue
                file = self.target(whole)
                if file != path and file in self.files:
                    pairs.add((path, file))
        return pairs


def circles(nodes, edges):
    """The strongly connected components (Tarjan), each a list of nodes."""
    out_of = {n: [b for a, b in edges if a == n] for n in nodes}
    index, low, on, stack, found, counter = {}, {}, set(), [], [], [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in out_of[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            found.append(part)

    for v in nodes:
        if v not in index:
            visit(v)
    return found


def fewest_back_edges(part, edges):
    """An order of `part`, lowest first, with as few imports from a lower file to a higher one as
    can be (exact up to EXACT_UP_TO files), and those imports."""
    part = sorted(part, key=str)
    n, at = len(part), {v: i for i, v in enumerate(part)}
    into = [0] * n  # bit u of into[v]: u imports v
    for a, b in edges:
        if a in at and b in at:
            into[at[b]] |= 1 << at[a]
    if n <= EXACT_UP_TO:
        # best[S]: fewest back imports with the files of S in the lowest |S| places.
        full = (1 << n) - 1
        best = [0] + [n * n] * full
        last = [0] * (full + 1)
        for s in range(full + 1):
            cost = best[s]
            for v in range(n):
                if not s >> v & 1:
                    t = s | 1 << v
                    c = cost + (into[v] & s).bit_count()
                    if c < best[t]:
                        best[t], last[t] = c, v
        order, s = [], full
        while s:
            order.append(last[s])
            s &= ~(1 << last[s])
        order.reverse()
    else:
        # Eades–Lin–Smyth: sinks low, sources high, else the file most imported on balance.
        left, low, high = set(range(n)), [], []
        out_mask = [sum(1 << w for w in range(n) if into[w] >> v & 1) for v in range(n)]
        while left:
            mask = sum(1 << v for v in left)
            moved = True
            while moved:
                moved = False
                for v in sorted(left):
                    if not out_mask[v] & mask:  # imports nothing left: lowest
                        low.append(v)
                    elif not into[v] & mask:  # nothing left imports it: highest
                        high.append(v)
                    else:
                        continue
                    left.discard(v)
                    mask &= ~(1 << v)
                    moved = True
            if left:
                v = max(sorted(left), key=lambda v: (into[v] & mask).bit_count() - (out_mask[v] & mask).bit_count())
                low.append(v)
                left.discard(v)
        order = low + high[::-1]
        order = improved(order, into)
    place = {part[v]: i for i, v in enumerate(order)}
    back = sorted((a, b) for a, b in edges if a in place and b in place and place[a] < place[b])
    return [part[v] for v in order], back, n <= EXACT_UP_TO


def improved(order, into):
    """`order` with single files moved to wherever they point back up least, until none gains."""

    def back(order):
        below, count = 0, 0
        for v in order:
            count += (into[v] & below).bit_count()
            below |= 1 << v
        return count

    best, gained = back(order), True
    while gained:
        gained = False
        for v in list(order):
            rest = [w for w in order if w != v]
            for i in range(len(rest) + 1):
                trial = rest[:i] + [v] + rest[i:]
                if (cost := back(trial)) < best:
                    order, best, gained = trial, cost, True
    return order


def layers(nodes, edges):
    """Each file's layer: 0 when it imports none of `nodes`, else one above the highest it imports."""
    out_of = {n: [b for a, b in edges if a == n] for n in nodes}
    layer = {}

    def of(v):
        if v not in layer:
            layer[v] = 0
            layer[v] = 1 + max((of(w) for w in out_of[v]), default=-1)
        return layer[v]

    for v in nodes:
        of(v)
    return layer


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="+", help="folders or files under src/")
    parser.add_argument("--edges", action="store_true", help="list every import")
    parser.add_argument("--layers", action="store_true", help="list the files by layer")
    parser.add_argument(
        "--rooted-only",
        action="store_true",
        help="count only paths written from crate::, super:: or self:: (not a child module's name, "
        "nor a name a use brought in): how issue #42's first figures were counted",
    )
    args = parser.parse_args()
    crate = Crate()
    wanted = [Path(p) for p in args.paths]
    nodes = sorted(f for f in crate.files if any(f == w or w in f.parents for w in wanted))
    if not nodes:
        sys.exit(f"no source file under {' '.join(args.paths)} (run from the project folder)")
    node_set = set(nodes)
    edges = sorted((a, b) for a, b in crate.imports(args.rooted_only) if a in node_set and b in node_set)
    common = Path(*args.paths[0].split("/")) if len(wanted) == 1 and wanted[0].is_dir() else SRC

    def name(f):
        rel = f.relative_to(common) if common in f.parents else f
        return str(rel.with_suffix(""))

    parts = sorted((p for p in circles(nodes, edges) if len(p) > 1), key=lambda p: (-len(p), sorted(map(str, p))))
    inside = [(a, b) for a, b in edges if any(a in p and b in p for p in parts)]
    back, exact = [], True
    for part in parts:
        _, part_back, part_exact = fewest_back_edges(part, edges)
        back += part_back
        exact &= part_exact
    print(f"{' '.join(args.paths)}: {len(nodes)} files, {len(edges)} imports")
    print(f"circles: {len(parts)}" + (f" (files: {', '.join(str(len(p)) for p in parts)})" if parts else ""))
    for part in parts:
        print(f"  {len(part)}: {', '.join(sorted(name(f) for f in part))}")
    print(f"imports inside circles: {len(inside)}")
    print(f"imports pointing back up: {len(back)}{'' if exact else f' (at most: greedy above {EXACT_UP_TO} files)'}")
    for a, b in back:
        print(f"  {name(a)} -> {name(b)}")
    if args.edges:
        print("imports:")
        for a, b in edges:
            print(f"  {name(a)} -> {name(b)}")
    if args.layers:
        kept = set(edges) - set(back)
        layer = layers(nodes, kept)
        print("layers (0 imports none of these files):")
        for level in range(max(layer.values()) + 1):
            print(f"  {level}: {', '.join(sorted(name(f) for f in nodes if layer[f] == level))}")


if __name__ == "__main__":
    main()
