#!/usr/bin/env python3
"""Checks the module graph of server/src (README "Layout"): no import cycles, and every layer
imports only the layers below it.

    python3 scripts/layers.py            # prints the layer graph; exit 1 on a cycle or violation
    python3 scripts/layers.py --edges    # also every module-to-module edge

How: every `.rs` file under server/src is a module (`a/mod.rs` is module `a`, `a/b.rs` is `a::b`).
Comments, string literals and `#[cfg(test)] mod tests` blocks are removed; then every path that
starts with `crate::`, `super::`, `self::` or the name of a child module (in `use` trees, braces
expanded, and in expressions) is resolved to the deepest module it names. An edge A → B means A
refers to an item of B. `pub mod` declarations are ownership, not use, and are not edges. Cycles
are the strongly connected components of that graph with more than one module (Tarjan), looked
for three times: between files, between directories (every module collapsed to its first two
path segments, so `a::b::c` counts as `a::b` and a child that uses its parent's parent is seen),
and between layers (first segment). The binary (`main.rs`) is outside the library and not
checked.
"""
import os
import re
import sys

ROOT = os.environ.get("LAYERS_SRC") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "server", "src")

# Lower number = lower layer. A module may refer to modules of its own layer (checked for cycles)
# and of lower layers only; the three domains share a rank but may not refer to each other.
RANK = {
    "support": 0,
    "telemetry": 1,
    "limits": 2,
    "feedback": 2,
    "upstream": 2,
    "semantic": 2,
    "http": 3,
    "config": 4,
    "api": 5,
    "cli": 6,
}


def modules():
    """{module path tuple: file path} for every file of the library."""
    out = {}
    for dirpath, _, files in os.walk(ROOT):
        for f in files:
            if not f.endswith(".rs"):
                continue
            full = os.path.join(dirpath, f)
            rel = os.path.relpath(full, ROOT)[:-3].split(os.sep)
            if rel == ["main"]:
                continue
            if rel == ["lib"]:
                out[()] = full
            elif rel[-1] == "mod":
                out[tuple(rel[:-1])] = full
            else:
                out[tuple(rel)] = full
    return out


def strip(src):
    """Source without comments, string/char literals and the trailing `#[cfg(test)] mod tests`."""
    m = re.search(r"#\[cfg\(test\)\]\s*mod tests\s*\{", src)
    if m:
        src = src[: m.start()]
    out, i, n = [], 0, len(src)
    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i)
            i = n if j < 0 else j
        elif src.startswith("/*", i):
            j = src.find("*/", i + 2)
            i = n if j < 0 else j + 2
        elif c == "r" and re.match(r'r#*"', src[i:]) and (i == 0 or not (src[i - 1].isalnum() or src[i - 1] == "_")):
            hashes = re.match(r"r(#*)\"", src[i:]).group(1)
            end = '"' + hashes
            j = src.find(end, i + 2 + len(hashes))
            i = n if j < 0 else j + len(end)
            out.append('""')
        elif c == '"':
            j = i + 1
            while j < n and src[j] != '"':
                j += 2 if src[j] == "\\" else 1
            i = j + 1
            out.append('""')
        elif c == "'" and re.match(r"'(\\.|[^\\'])'", src[i:]):
            i += len(re.match(r"'(\\.|[^\\'])'", src[i:]).group(0))
        else:
            out.append(c)
            i += 1
    return "".join(out)


def expand_use(tree):
    """`a::{b, c::{d, e}}` → ['a::b', 'a::c::d', 'a::c::e']."""
    tree = re.sub(r"\s+", "", tree)
    depth, start = 0, None
    for k, ch in enumerate(tree):
        if ch == "{":
            if depth == 0:
                start = k
            depth += 1
        elif ch == "}":
            depth -= 1
    if start is None:
        return [tree]
    prefix, inner = tree[:start], tree[start + 1 : tree.rindex("}")]
    parts, depth, cur = [], 0, ""
    for ch in inner:
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        depth += ch == "{"
        depth -= ch == "}"
        cur += ch
    parts.append(cur)
    return [p for part in parts if part for p in expand_use(prefix + part)]


def resolve(path, here, mods):
    """The deepest module a path names, from module `here`; None if it is not a crate path."""
    segs = [s.split(" as ")[0] for s in path.split("::") if s]
    if not segs:
        return None
    if segs[0] == "crate":
        base, rest = (), segs[1:]
    elif segs[0] in ("super", "self"):
        base = here
        while segs and segs[0] in ("super", "self"):
            if segs[0] == "super":
                base = base[:-1]
            segs = segs[1:]
        rest = segs
    elif here + (segs[0],) in mods:
        base, rest = here, segs
    else:
        return None
    mod = base
    for s in rest:
        if mod + (s,) in mods:
            mod = mod + (s,)
        else:
            break
    return mod


def edges(mods):
    out = set()
    path_re = re.compile(r"(?<![\w:])((?:crate|super|self|[a-z_][a-z0-9_]*)(?:::[A-Za-z_][A-Za-z0-9_]*)+)")
    for here, file in mods.items():
        src = strip(open(file, encoding="utf-8").read())
        paths = []
        for m in re.finditer(r"\buse\s+([^;]+);", src):
            paths += expand_use(m.group(1))
        body = re.sub(r"\buse\s+[^;]+;", "", src)
        paths += [m.group(1) for m in path_re.finditer(body)]
        for p in paths:
            target = resolve(p, here, mods)
            if target is not None and target != here and target != ():
                out.add((here, target))
    return out


def sccs(nodes, graph):
    index, low, on, stack, result, counter = {}, {}, set(), [], [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            result.append(comp)

    sys.setrecursionlimit(10000)
    for v in nodes:
        if v not in index:
            visit(v)
    return result


def name(m):
    return "::".join(("crate",) + m)


def main():
    mods = modules()
    es = edges(mods)
    print(f"{len(mods)} modules, {len(es)} module-to-module edges (non-test code)")
    cycles = []
    for depth, what in ((None, "modules"), (2, "directories"), (1, "layers")):
        cut = (lambda m: m) if depth is None else (lambda m, d=depth: m[:d])
        g = {}
        for a, b in es:
            if cut(a) != cut(b):
                g.setdefault(cut(a), set()).add(cut(b))
        found = [c for c in sccs(sorted({cut(m) for m in mods}), g) if len(c) > 1]
        print(f"cycles between {what}: {len(found)}")
        cycles += found
    layer_edges, violations, unknown = {}, [], set()
    for a, b in sorted(es):
        la, lb = a[0] if a else "", b[0] if b else ""
        for layer in (la, lb):
            if layer and layer not in RANK:
                unknown.add(layer)
        if la == lb or not la or not lb or la not in RANK or lb not in RANK:
            continue
        layer_edges.setdefault(la, set()).add(lb)
        if RANK[lb] >= RANK[la]:
            violations.append(f"{name(a)} -> {name(b)} ({la} may not import {lb})")
    if "--edges" in sys.argv:
        for a, b in sorted(es):
            print(f"  {name(a)} -> {name(b)}")
    print("layer imports (top to bottom):")
    for layer in sorted(RANK, key=lambda l: (-RANK[l], l)):
        below = sorted(layer_edges.get(layer, ()), key=lambda l: (-RANK[l], l))
        print(f"  {layer:<10} -> {', '.join(below) if below else '(nothing)'}")
    ok = True
    if unknown:
        ok = False
        print("modules outside the declared layers: " + ", ".join(sorted(unknown)))
    if cycles:
        ok = False
        for c in cycles:
            print("CYCLE: " + " <-> ".join(sorted(name(m) for m in c)))
    if violations:
        ok = False
        for v in violations:
            print("UPWARD IMPORT: " + v)
    else:
        print("upward imports: none")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
