#!/usr/bin/env python3
"""Generates random small mdh programs for the differential test.

Usage: scripts/gen-diff.py --seed S --count N --out DIR [--start K]
                           [--no-strided] [--no-dynamic] [--no-conflicts]

Writes DIR/diff_<S>_<K>.mlir for K = start..start+N-1, one function @f each (stdlib
only; the same seed gives the same files). A program is a chain of 2..6
md_homs over small static shapes (1..3 dims of 3..9, elements f32 or i32):
element-wise maps, stencils with offsets and strides, reductions
(#mdh.pw<"add"|"max"|...>), scans (#mdh.ps, some with pw dims outside), several
inputs, broadcast reads, two result components, index-aware scalar
functions; intermediates live in memref.alloc buffers; half the md_homs
carry small `mdh.tile_sizes` (0..4 per dimension), so that mdh-tile-fuse
fuses chains this small; about one link in seven on a 2-D source is a
product with a transposed operand, C = A B^T with A of 16 to 20 rows
(feature contraction; its function carries mdh.vector_bits = 128), which
mdh-pack packs for a register tile. Between the md_homs,
before and after them stands ordinary MLIR: scf.for loops (in place, and with
iter_args), scf.if, memref.copy, func.call of private functions that write
their memref argument, and views (memref.cast, collapse_shape, expand_shape,
subview, transpose) of the chain's buffers that later md_homs read or write
or loops touch.

Every program is valid per mdh-verify by construction (bounds, arities,
types, Lemma 10, injective out_views, no buffer read and written by one
md_hom). Every buffer a program reads has deterministic contents (mdh-run
fills the arguments; allocs are written whole before they are read). Most
programs are meant to compile (ops between md_homs touch only unrelated
buffers); with --no-conflicts off, about one in eight also puts an op that
touches a chain buffer between md_homs: the passes must refuse those with a
located error (docs/dialect.md, "Next to other code"), never answer differently.
Views of a buffer the chain writes through another view are ordinary
programs since issue 13 item 2 (feature view-of-written).

--no-dynamic leaves out memref.cast views to dynamic sizes, and --no-strided
subview and transpose views (strided layouts), for triage: both work on
every pipeline since issue 13's items 3 and 4 (the casts' buffers get
run-time extent checks), and the lit test keeps them.

Each file starts with `// diff-gen:` comment lines: the seed, index and the
features the program uses, for triage (scripts/diff-test.py prints them).
"""
import argparse
import os
import re
import random
import sys

FLOAT_ARITH = {"add": "arith.addf", "sub": "arith.subf", "mul": "arith.mulf",
               "max": "arith.maximumf", "min": "arith.minimumf"}
INT_ARITH = {"add": "arith.addi", "sub": "arith.subi", "mul": "arith.muli",
             "max": "arith.maxsi", "min": "arith.minsi", "xor": "arith.xori",
             "and": "arith.andi", "or": "arith.ori"}
# No float "mul" combine: a product over many values overflows to inf in
# some orders and not in others (and 0 * inf is NaN), so two correct
# pipelines may differ (diff_2027_1582: a pw<"mul"> over 100 values, one 0).
FLOAT_COMBINE = ["add", "add", "max", "min"]
INT_COMBINE = ["add", "add", "max", "min", "mul", "and", "or", "xor"]


def mref(shape, t, layout=None):
    dims = "x".join(str(s) for s in shape)
    body = f"{dims}x{t}" if shape else t
    if layout:
        body += ", " + layout
    return f"memref<{body}>"


def mda(shape):
    return "!mdh.mda<array<i64: " + ", ".join(str(s) for s in shape) + ">>"


def amap(nd, results):
    dims = ", ".join(f"d{k}" for k in range(nd))
    return f"affine_map<({dims}) -> ({', '.join(results)})>"


def strides_of(shape):
    st, acc = [], 1
    for s in reversed(shape):
        st.append(acc)
        acc *= s
    return list(reversed(st))


class Buf:
    """A memref value the program can name: an argument, an alloc or a view."""

    def __init__(self, name, shape, t, kind, base=None, layout=None):
        self.name = name
        self.shape = list(shape)
        self.t = t
        self.kind = kind          # in | out | scratch | alloc | view
        self.base = base or self  # the underlying buffer
        self.layout = layout      # None: identity; else layout text
        self.init = kind in ("in", "out", "scratch")
        self.dynamic = None       # type text of a cast to dynamic sizes

    @property
    def type(self):
        if self.dynamic:
            return self.dynamic
        return mref(self.shape, self.t, self.layout)


class Program:
    def __init__(self, rng, seed, index, strided, conflicts, dynamic):
        self.rng = rng
        self.seed = seed
        self.index = index
        self.strided = strided
        self.dynamic = dynamic
        self.t = rng.choice(["f32", "f32", "i32"])
        self.float = self.t == "f32"
        self.n = 0
        self.args = []
        self.private = []
        self.consts = {}
        self.pre, self.body, self.post = [], [], []
        self.allocs = []
        self.features = set()
        # Chain bookkeeping: for each base buffer, the view values the mdh
        # ops use and whether a md_hom writes it.
        self.chain_vals = {}
        self.chain_written = set()
        self.conflict = conflicts and rng.random() < 0.125
        self.conflict_done = False
        # Tile sizes for mdh-tile-fuse, drawn apart so that the programs
        # of a seed stay those they were before tiles were drawn.
        self.tile_rng = random.Random(f"{seed}:{index}:tiles")
        # Products with a transposed operand (contraction), drawn apart as
        # well; a function with one runs its register tiles 128 bits wide
        # (mdh.vector_bits), so that small extents fill vectors.
        self.contract_rng = random.Random(f"{seed}:{index}:contract")
        self.vector_bits = False

    # --- names and constants -------------------------------------------
    def fresh(self, p="v"):
        self.n += 1
        return f"%{p}{self.n}"

    def cidx(self, k):
        key = ("index", k)
        if key not in self.consts:
            self.consts[key] = f"%c{k}"
        return self.consts[key]

    def cval(self, v):
        if self.float:
            v = float(v)
            key = ("f32", v)
            name = "%cf" + str(len(self.consts))
        else:
            v = int(v)
            key = ("i32", v)
            name = "%ci" + str(len(self.consts))
        if key not in self.consts:
            self.consts[key] = name
        return self.consts[key]

    @staticmethod
    def const_line(kind, v, name):
        if kind == "index":
            return f"  {name} = arith.constant {v} : index"
        if kind == "f32":
            return f"  {name} = arith.constant {v!r} : f32"
        return f"  {name} = arith.constant {v} : i32"

    def const_lines(self):
        return [self.const_line(kind, v, name)
                for (kind, v), name in self.consts.items()]

    # --- buffers --------------------------------------------------------
    def arg(self, shape, kind):
        b = Buf(f"%a{len(self.args)}", shape, self.t, kind)
        self.args.append(b)
        return b

    def alloc(self, shape, where=None):
        b = Buf(self.fresh("t"), shape, self.t, "alloc")
        self.allocs.append(b)
        return b

    def rand_shape(self, rank=None):
        rank = rank or self.rng.choice([1, 2, 2, 3])
        hi = 9 if rank < 3 else 6
        return [self.rng.randint(3, hi) for _ in range(rank)]

    def readable(self):
        """Buffers with deterministic contents a md_hom may read now."""
        return [b for b in self.known if b.init and b.kind != "scratch"]

    def use(self, b, write):
        self.chain_vals.setdefault(id(b.base), set()).add(b.name)
        if write:
            self.chain_written.add(id(b.base))

    # --- scalar functions ----------------------------------------------
    def scalar_fn(self, nargs, ncomp, index_aware=0):
        name = f"@s{len(self.private)}"
        t = self.t
        ops = FLOAT_ARITH if self.float else INT_ARITH
        safe = ["add", "sub", "max", "min"] + (["mul"] if not self.float else [])
        params = [f"%i{k}: index" for k in range(index_aware)]
        params += [f"%x{k}: {t}" for k in range(nargs)]
        lines = [f"func.func private {name}({', '.join(params)}) -> "
                 + (t if ncomp == 1 else f"({', '.join([t] * ncomp)})") + " {"]
        cnt = [0]

        def tmp():
            cnt[0] += 1
            return f"%y{cnt[0]}"

        vals = [f"%x{k}" for k in range(nargs)]
        for k in range(index_aware):
            r = tmp()
            lines.append(f"  {r} = arith.index_cast %i{k} : index to i32")
            if self.float:
                r2 = tmp()
                lines.append(f"  {r2} = arith.sitofp {r} : i32 to f32")
                r = r2
            vals.append(r)
        results = []
        for c in range(ncomp):
            order = vals[:] if c == 0 else list(reversed(vals))
            acc = order[0]
            for v in order[1:]:
                op = self.rng.choice(safe)
                r = tmp()
                lines.append(f"  {r} = {ops[op]} {acc}, {v} : {t}")
                acc = r
            if self.rng.random() < 0.5:
                k = tmp()
                if self.float:
                    cv = self.rng.choice([0.5, 0.25, 1.5, -0.75])
                    op = self.rng.choice(["mul", "add"])
                    lines.append(f"  {k} = arith.constant {cv!r} : f32")
                else:
                    cv = self.rng.choice([3, -2, 5, 7])
                    op = self.rng.choice(["mul", "add", "xor"])
                    lines.append(f"  {k} = arith.constant {cv} : i32")
                r = tmp()
                lines.append(f"  {r} = {ops[op]} {acc}, {k} : {t}")
                acc = r
            results.append(acc)
        lines.append(f"  return {', '.join(results)} : {', '.join([t] * ncomp)}")
        lines.append("}")
        self.private.append("\n".join(lines))
        return name

    # --- loops -----------------------------------------------------------
    def loop_nest(self, shape, inner, indent="  "):
        """Nested scf.for over shape; inner(ivs, indent) gives the body."""
        lines, ivs = [], []
        ind = indent
        for s in shape:
            iv = self.fresh("i")
            lines.append(f"{ind}scf.for {iv} = {self.cidx(0)} to {self.cidx(s)} "
                         f"step {self.cidx(1)} {{")
            ivs.append(iv)
            ind += "  "
        lines += inner(ivs, ind)
        for _ in shape:
            ind = ind[:-2]
            lines.append(f"{ind}}}")
        return lines

    def update_loop(self, b, indent="  "):
        """b[i] = b[i] op c + i0 over all of b, in place."""
        t = self.t
        ops = FLOAT_ARITH if self.float else INT_ARITH
        c = self.cval(self.rng.choice([1, 2, -1]) if not self.float
                      else self.rng.choice([0.5, 1.0, -0.25]))
        op = self.rng.choice(["add", "mul", "sub"])

        def inner(ivs, ind):
            e, f, g = self.fresh("e"), self.fresh("e"), self.fresh("e")
            idx = ", ".join(ivs)
            out = [f"{ind}{e} = memref.load {b.name}[{idx}] : {b.type}",
                   f"{ind}{f} = {ops[op]} {e}, {c} : {t}"]
            h = self.fresh("e")
            out.append(f"{ind}{h} = arith.index_cast {ivs[0]} : index to i32")
            if self.float:
                h2 = self.fresh("e")
                out.append(f"{ind}{h2} = arith.sitofp {h} : i32 to f32")
                h = h2
            out.append(f"{ind}{g} = {ops['add']} {f}, {h} : {t}")
            out.append(f"{ind}memref.store {g}, {b.name}[{idx}] : {b.type}")
            return out
        self.features.add("scf.for")
        return self.loop_nest(b.shape, inner, indent)

    def reduce_loop(self, src, dst, indent="  "):
        """dst[0..] = sum of src (scf.for with iter_args over src's first dim,
        the rest of the index fixed at 0)."""
        t = self.t
        acc0 = self.cval(0)
        iv, acc, r = self.fresh("i"), self.fresh("acc"), self.fresh("r")
        e, s = self.fresh("e"), self.fresh("e")
        idx = ", ".join([iv] + [self.cidx(0)] * (len(src.shape) - 1))
        didx = ", ".join([self.cidx(0)] * len(dst.shape))
        add = "arith.addf" if self.float else "arith.addi"
        self.features.add("scf.for-iter_args")
        return [f"{indent}{r} = scf.for {iv} = {self.cidx(0)} to {self.cidx(src.shape[0])} "
                f"step {self.cidx(1)} iter_args({acc} = {acc0}) -> ({t}) {{",
                f"{indent}  {e} = memref.load {src.name}[{idx}] : {src.type}",
                f"{indent}  {s} = {add} {acc}, {e} : {t}",
                f"{indent}  scf.yield {s} : {t}",
                f"{indent}}}",
                f"{indent}memref.store {r}, {dst.name}[{didx}] : {dst.type}"]

    def if_op(self, b, indent="  "):
        """scf.if on a comparison of constants (or of a loaded value) that
        updates b in one branch."""
        cond = self.fresh("cond")
        lines = []
        if self.rng.random() < 0.5:
            lines.append(f"{indent}{cond} = arith.cmpi slt, {self.cidx(1)}, "
                         f"{self.cidx(self.rng.choice([0, 2]))} : index")
        else:
            e = self.fresh("e")
            idx = ", ".join([self.cidx(0)] * len(b.shape))
            lines.append(f"{indent}{e} = memref.load {b.name}[{idx}] : {b.type}")
            if self.float:
                lines.append(f"{indent}{cond} = arith.cmpf olt, {e}, {self.cval(0)} : f32")
            else:
                lines.append(f"{indent}{cond} = arith.cmpi slt, {e}, {self.cval(0)} : i32")
        lines.append(f"{indent}scf.if {cond} {{")
        lines += self.update_loop(b, indent + "  ")
        if self.rng.random() < 0.5:
            lines.append(f"{indent}}} else {{")
            lines += self.update_loop(b, indent + "  ")
        lines.append(f"{indent}}}")
        self.features.add("scf.if")
        return lines

    def call_op(self, b, indent="  "):
        """func.call of a private function that updates its memref argument."""
        name = f"@w{len(self.private)}"
        arg = Buf("%m", b.shape, b.t, "view", layout=b.layout)
        arg.dynamic = b.dynamic
        body = self.update_loop(arg, "  ")
        # The callee needs its own constants.
        lines = [f"func.func private {name}(%m: {b.type}) {{"]
        used = set(re.findall(r"%c[fi]?[0-9-]+", "\n".join(body)))
        for (kind, v), cname in self.consts.items():
            if cname in used:
                lines.append(self.const_line(kind, v, cname))
        lines += body
        lines += ["  return", "}"]
        self.private.append("\n".join(lines))
        self.features.add("func.call")
        return [f"{indent}func.call {name}({b.name}) : ({b.type}) -> ()"]

    # --- views ------------------------------------------------------------
    def view_of(self, b):
        """A view of b (an identity-layout buffer): returns (lines, Buf) or
        None if no view kind fits."""
        kinds = ["cast"] if self.dynamic else []
        if len(b.shape) >= 2:
            kinds.append("collapse")
        if len(b.shape) <= 2 and any(s % 2 == 0 or s % 3 == 0 for s in b.shape):
            kinds.append("expand")
        if self.strided:
            kinds += ["subview", "subview"]
            if len(b.shape) == 2:
                kinds.append("transpose")
        if b.layout or b.dynamic or b.kind == "view" or not kinds:
            return None
        k = self.rng.choice(kinds)
        v = self.fresh("w")
        if k == "cast":
            dyn = [s if self.rng.random() < 0.5 else "?" for s in b.shape]
            if all(d != "?" for d in dyn):
                dyn[0] = "?"
            nb = Buf(v, b.shape, b.t, "view", base=b.base)
            nb.dynamic = "memref<" + "x".join(str(d) for d in dyn) + f"x{b.t}>"
            line = f"  {v} = memref.cast {b.name} : {b.type} to {nb.dynamic}"
        elif k == "collapse":
            r = len(b.shape)
            if r == 2 or self.rng.random() < 0.5:
                groups = "[" + ", ".join(str(i) for i in range(r)) + "]"
                shape = [1]
                for s in b.shape:
                    shape[0] *= s
                groups = "[" + groups + "]"
            else:
                groups = "[[0, 1], [2]]"
                shape = [b.shape[0] * b.shape[1], b.shape[2]]
            nb = Buf(v, shape, b.t, "view", base=b.base)
            line = f"  {v} = memref.collapse_shape {b.name} {groups} : {b.type} into {nb.type}"
        elif k == "expand":
            d = self.rng.choice([i for i, s in enumerate(b.shape) if s % 2 == 0 or s % 3 == 0])
            f = 2 if b.shape[d] % 2 == 0 else 3
            shape = b.shape[:d] + [f, b.shape[d] // f] + b.shape[d + 1:]
            groups, j = [], 0
            for i in range(len(b.shape)):
                if i == d:
                    groups.append(f"[{j}, {j + 1}]")
                    j += 2
                else:
                    groups.append(f"[{j}]")
                    j += 1
            nb = Buf(v, shape, b.t, "view", base=b.base)
            line = (f"  {v} = memref.expand_shape {b.name} [{', '.join(groups)}] "
                    f"output_shape [{', '.join(str(s) for s in shape)}] : {b.type} into {nb.type}")
        elif k == "subview":
            offs, sizes, steps = [], [], []
            for s in b.shape:
                step = 2 if (s >= 5 and self.rng.random() < 0.25) else 1
                size = self.rng.randint(max(1, (s - 2) // step), (s - 1) // step + 1)
                size = max(size, 1)
                off = self.rng.randint(0, s - 1 - (size - 1) * step)
                offs.append(off)
                sizes.append(size)
                steps.append(step)
            st = strides_of(b.shape)
            offset = sum(o * s for o, s in zip(offs, st))
            vst = [s * k for s, k in zip(st, steps)]
            layout = f"strided<[{', '.join(str(s) for s in vst)}], offset: {offset}>"
            nb = Buf(v, sizes, b.t, "view", base=b.base, layout=layout)
            line = (f"  {v} = memref.subview {b.name}[{', '.join(map(str, offs))}] "
                    f"[{', '.join(map(str, sizes))}] [{', '.join(map(str, steps))}] "
                    f": {b.type} to {nb.type}")
        else:  # transpose
            st = strides_of(b.shape)
            layout = f"strided<[{st[1]}, {st[0]}]>"
            nb = Buf(v, [b.shape[1], b.shape[0]], b.t, "view", base=b.base, layout=layout)
            line = (f"  {v} = memref.transpose {b.name} (d0, d1) -> (d1, d0) "
                    f": {b.type} to {nb.type}")
        nb.init = b.init
        self.features.add("view:" + k)
        return [line], nb

    # --- links ------------------------------------------------------------
    def pick_source(self):
        cands = self.readable()
        if self.last is not None and self.last in cands and self.rng.random() < 0.7:
            return self.last
        return self.rng.choice(cands)

    def new_input(self, shape):
        b = self.arg(shape, "in")
        self.known.append(b)
        return b

    def find_buf(self, shape, exclude=()):
        c = [b for b in self.readable() if b.shape == list(shape)
             and b not in exclude]
        if c and self.rng.random() < 0.6:
            return self.rng.choice(c)
        return self.new_input(shape)

    def link(self, last):
        rng = self.rng
        lines = []
        src = self.pick_source()
        # Sometimes read the source through a fresh view, also of a buffer
        # the chain writes through another view.
        if rng.random() < 0.3 and src.base is src:
            vw = self.view_of(src)
            if vw:
                vl, nb = vw
                if id(src.base) in self.chain_written:
                    self.features.add("view-of-written")
                lines += vl
                self.known.append(nb)
                src = nb
        if len(src.shape) == 2 and self.contract_rng.random() < 0.15:
            return lines + self.contraction(src, last)
        shape = src.shape
        nd = len(shape)
        kind = rng.choice(["map", "map", "stencil", "stencil", "reduce",
                           "reduce", "scan", "multi"])
        if kind == "stencil" and max(shape) < 3:
            kind = "map"
        views = []   # (buf, [maps])
        combine = ["#mdh.cc"] * nd
        dom = list(shape)
        ncomp = 1
        index_aware = 0
        if kind == "map":
            views.append((src, [amap(nd, [f"d{k}" for k in range(nd)])]))
            if rng.random() < 0.2:
                index_aware = nd
                self.features.add("index_aware")
        elif kind == "stencil":
            offs = [0] * nd
            stride = [1] * nd
            while not any(offs) and not any(s > 1 for s in stride):
                for k in range(nd):
                    if shape[k] >= 5 and rng.random() < 0.15:
                        stride[k] = 2
                    elif shape[k] >= 3 and rng.random() < 0.6:
                        offs[k] = rng.randint(1, min(2, shape[k] - 2))
            dom = [(shape[k] - 1 - offs[k]) // stride[k] + 1 for k in range(nd)]
            maps = []
            nacc = rng.randint(1, 3)
            shifts = [offs] + [[rng.randint(0, o) for o in offs] for _ in range(nacc)]
            shifts.append([0] * nd)
            seen = []
            for sh in shifts:
                if sh not in seen:
                    seen.append(sh)
            for sh in seen[:3]:
                res = []
                for k in range(nd):
                    e = f"d{k}" if stride[k] == 1 else f"d{k} * 2"
                    if sh[k]:
                        e += f" + {sh[k]}"
                    res.append(e)
                maps.append(amap(nd, res))
            rng.shuffle(maps)
            views.append((src, maps))
            self.features.add("stencil")
        elif kind in ("reduce", "scan"):
            ops = FLOAT_COMBINE if self.float else INT_COMBINE
            if rng.random() < 0.2:
                ncomp = 2
                op = "[" + ", ".join(f'"{rng.choice(ops)}"' for _ in range(2)) + "]"
            else:
                op = f'"{rng.choice(ops)}"'
            if kind == "reduce":
                red = [k for k in range(nd) if rng.random() < 0.5] or [rng.randrange(nd)]
                for k in red:
                    combine[k] = f"#mdh.pw<{op}>"
                self.features.add("pw")
            else:
                k = rng.randrange(nd)
                combine[k] = f"#mdh.ps<{op}>"
                for j in range(nd):
                    if j != k and rng.random() < 0.25:
                        combine[j] = f"#mdh.pw<{op}>"
                self.features.add("ps")
            views.append((src, [amap(nd, [f"d{k}" for k in range(nd)])]))
            # A second input, broadcast or not, now and then.
            if rng.random() < 0.3:
                kinds = [k for k in range(nd)]
                keep = sorted(rng.sample(kinds, rng.randint(1, nd)))
                b2 = self.find_buf([shape[k] for k in keep], exclude=[src])
                views.append((b2, [amap(nd, [f"d{k}" for k in keep])]))
                if len(keep) < nd:
                    self.features.add("broadcast")
        else:  # multi: several inputs, some broadcast
            views.append((src, [amap(nd, [f"d{k}" for k in range(nd)])]))
            for _ in range(rng.randint(1, 2)):
                keep = sorted(rng.sample(range(nd), rng.randint(1, nd)))
                b2 = self.find_buf([shape[k] for k in keep],
                                   exclude=[v for v, _ in views])
                if any(v is b2 for v, _ in views):
                    continue
                views.append((b2, [amap(nd, [f"d{k}" for k in keep])]))
                if len(keep) < nd:
                    self.features.add("broadcast")
            self.features.add("multi")
            if rng.random() < 0.2:
                ncomp = 2
        # Merge views of one value (one inp_view per buffer value).
        merged = []
        for b, maps in views:
            for m in merged:
                if m[0] is b:
                    m[1].extend(maps)
                    break
            else:
                merged.append((b, list(maps)))
        views = merged
        nargs = sum(len(m) for _, m in views)
        fn = self.scalar_fn(nargs, ncomp, index_aware)
        res = [1 if c.startswith("#mdh.pw") else d for c, d in zip(combine, dom)]
        kept = [k for k in range(nd) if not combine[k].startswith("#mdh.pw")]
        # Inputs.
        vnames = []
        for b, maps in views:
            v = self.fresh("v")
            lines.append(f'  {v} = "mdh.inp_view"({b.name}) {{accesses = [{", ".join(maps)}]}} '
                         f': ({b.type}) -> {mda(dom)}')
            vnames.append(v)
            self.use(b, False)
        r = self.fresh("r")
        attrs = f"scalar_function = {fn}, combine_ops = [{', '.join(combine)}]"
        if index_aware:
            attrs += ", mdh.index_aware"
        if self.tile_rng.random() < 0.5:
            tiles = [self.tile_rng.choice([0, 1, 2, 3, 4]) for _ in dom]
            attrs += f", mdh.tile_sizes = array<i64: {', '.join(map(str, tiles))}>"
            self.features.add("tile-sizes")
        lines.append(f'  {r} = "mdh.md_hom"({", ".join(vnames)}) {{{attrs}}} '
                     f': ({", ".join([mda(dom)] * len(vnames))}) -> {mda(res)}')
        # Outputs: one per component, a fresh alloc (perhaps written through
        # a view), an existing buffer (overwrite), or, for the last link, an
        # output argument.
        reads = {id(b.base) for b, _ in views}
        first_out = None
        for c in range(ncomp):
            oshape = [dom[k] for k in kept] or [1]
            omap_res = [f"d{k}" for k in kept] or ["0"]
            if len(kept) == 2 and rng.random() < 0.2:
                oshape = oshape[::-1]
                omap_res = omap_res[::-1]
                self.features.add("transposed-out")
            dst = None
            choice = rng.random()
            if last:
                dst = self.arg(oshape, "out")
                self.known.append(dst)
            elif choice < 0.25:
                cands = [b for b in self.readable() if b.shape == oshape
                         and id(b.base) not in reads
                         and (first_out is None or b.base is not first_out.base)]
                if cands:
                    dst = rng.choice(cands)
                    self.features.add("overwrite")
            elif choice < 0.5:
                # Write through a view of a fresh alloc; later links read the
                # same view value.
                vb = self.view_target(oshape)
                if vb:
                    vl, dst = vb
                    lines += vl
            if dst is None:
                dst = self.alloc(oshape)
                self.known.append(dst)
            lines.append(self.store(r, res, dst, amap(nd, omap_res), c))
            first_out = dst
        self.last = first_out
        return lines

    def store(self, r, res, dst, omap, c):
        """The out_view storing component "c" of md_hom result "r" (MDA
        shape "res") into "dst" through access "omap"; "dst" is then
        initialized and written by the chain."""
        dst.init = True
        dst.base.init = True
        self.use(dst, True)
        return (f'  "mdh.out_view"({r}, {dst.name}) {{accesses = [{omap}], '
                f'components = array<i64: {c}>}} : ({mda(res)}, {dst.type}) -> ()')

    def contraction(self, b, last):
        """C[i, j] = sum_k A[i, k] * B[j, k] with B the source "b" (J x K)
        and A a new input of 16 to 20 rows: B is read across j, the
        dimension C is stored along, so mdh-pack transposes it for the
        register tile (each element read I >= 16 times)."""
        crng = self.contract_rng
        jj, kk = b.shape
        ii = crng.randint(16, 20)
        a = self.new_input([ii, kk])
        fn = f"@s{len(self.private)}"
        t = self.t
        op = "arith.mulf" if self.float else "arith.muli"
        self.private += [f"func.func private {fn}(%x0: {t}, %x1: {t}) -> {t} {{",
                         f"  %y = {op} %x0, %x1 : {t}", f"  return %y : {t}", "}"]
        dom, res = [ii, jj, kk], [ii, jj, 1]
        va, vb, r = self.fresh("v"), self.fresh("v"), self.fresh("r")
        lines = [
            f'  {va} = "mdh.inp_view"({a.name}) {{accesses = [{amap(3, ["d0", "d2"])}]}} '
            f': ({a.type}) -> {mda(dom)}',
            f'  {vb} = "mdh.inp_view"({b.name}) {{accesses = [{amap(3, ["d1", "d2"])}]}} '
            f': ({b.type}) -> {mda(dom)}',
            f'  {r} = "mdh.md_hom"({va}, {vb}) {{scalar_function = {fn}, '
            f'combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}} '
            f': ({mda(dom)}, {mda(dom)}) -> {mda(res)}']
        dst = self.arg([ii, jj], "out") if last else self.alloc([ii, jj])
        self.known.append(dst)
        lines.append(self.store(r, res, dst, amap(3, ["d0", "d1"]), 0))
        self.use(a, False)
        self.use(b, False)
        self.last = dst
        self.vector_bits = True
        self.features.add("contraction")
        return lines

    def view_target(self, shape):
        """A view of a fresh alloc with `shape`: (lines, Buf) or None."""
        rng = self.rng
        kinds = ["cast"] if self.dynamic else []
        if len(shape) == 1 and shape[0] % 2 == 0:
            kinds += ["collapse", "collapse"]
        if len(shape) == 2:
            kinds += ["expand", "expand"]
        if self.strided:
            kinds += ["subview", "subview"]
        if not kinds:
            return None
        k = rng.choice(kinds)
        if k == "collapse":
            base = self.alloc([2, shape[0] // 2])
            groups = "[[0, 1]]"
            v = self.fresh("w")
            nb = Buf(v, shape, self.t, "view", base=base)
            self.features.add("view:collapse-out")
            line = f"  {v} = memref.collapse_shape {base.name} {groups} : {base.type} into {nb.type}"
        elif k == "expand":
            base = self.alloc([shape[0] * shape[1]])
            v = self.fresh("w")
            nb = Buf(v, shape, self.t, "view", base=base)
            self.features.add("view:expand-out")
            line = (f"  {v} = memref.expand_shape {base.name} [[0, 1]] output_shape "
                    f"[{shape[0]}, {shape[1]}] : {base.type} into {nb.type}")
        elif k == "subview":
            big = [s + rng.randint(0, 2) for s in shape]
            base = self.alloc(big)
            # The rest of the base must hold defined values: fill it before
            # the chain (an op before the first md_hom may touch anything).
            self.pre += self.fill(base)
            offs = [rng.randint(0, b - s) for b, s in zip(big, shape)]
            st = strides_of(big)
            offset = sum(o * s for o, s in zip(offs, st))
            layout = f"strided<[{', '.join(map(str, st))}], offset: {offset}>"
            v = self.fresh("w")
            nb = Buf(v, shape, self.t, "view", base=base, layout=layout)
            self.features.add("view:subview-out")
            line = (f"  {v} = memref.subview {base.name}[{', '.join(map(str, offs))}] "
                    f"[{', '.join(map(str, shape))}] [{', '.join(['1'] * len(shape))}] "
                    f": {base.type} to {nb.type}")
        else:
            base = self.alloc(shape)
            v = self.fresh("w")
            nb = Buf(v, shape, self.t, "view", base=base)
            nb.dynamic = mref(["?"] + shape[1:], self.t)
            self.features.add("view:cast-out")
            line = f"  {v} = memref.cast {base.name} : {base.type} to {nb.dynamic}"
        self.known.append(nb)
        self.copy_out.append(base)
        return [line], nb

    def fill(self, b):
        c = self.cval(self.rng.choice([0, 1, -1]))

        def inner(ivs, ind):
            return [f"{ind}memref.store {c}, {b.name}[{', '.join(ivs)}] : {b.type}"]
        self.features.add("scf.for-fill")
        return self.loop_nest(b.shape, inner)

    # --- ops between md_homs ---------------------------------------------
    def scratch(self):
        if self.scratches and self.rng.random() < 0.5:
            return self.rng.choice(self.scratches)
        b = self.arg(self.rand_shape(self.rng.choice([1, 2])), "scratch")
        self.scratches.append(b)
        return b

    def between(self):
        """Ordinary ops between two md_homs, on unrelated buffers (or, once
        in a conflict program, on a chain buffer)."""
        rng = self.rng
        out = []
        for _ in range(rng.choice([0, 1, 1, 2])):
            if self.conflict and not self.conflict_done and rng.random() < 0.5:
                chain = [b for b in self.known if b.init and id(b.base) in self.chain_vals
                         and b.kind != "view"]
                if chain:
                    b = rng.choice(chain)
                    op = rng.choice(["loop", "if", "call", "copy", "view-loop"])
                    self.conflict_done = True
                    self.features.add("conflict:" + op)
                    out += self.op_on(b, op)
                    continue
            s = self.scratch()
            op = rng.choice(["loop", "loop", "if", "call", "copy", "reduce", "view-loop"])
            out += self.op_on(s, op)
        return out

    def op_on(self, b, op):
        if op == "loop":
            return self.update_loop(b)
        if op == "if":
            return self.if_op(b)
        if op == "call":
            return self.call_op(b)
        if op == "reduce":
            d = self.scratch()
            if d is b:
                return self.update_loop(b)
            return self.reduce_loop(b, d)
        if op == "view-loop":
            vw = self.view_of(b) if not b.layout and not b.dynamic else None
            if not vw:
                return self.update_loop(b)
            lines, nb = vw
            return lines + self.update_loop(nb)
        # copy: b into another buffer of its shape (a scratch one, made if
        # needed), or a scratch one into b.
        others = [s for s in self.scratches if s.shape == b.shape and s is not b]
        if not others:
            o = self.arg(b.shape, "scratch")
            self.scratches.append(o)
        else:
            o = self.rng.choice(others)
        self.features.add("memref.copy")
        if b.kind == "scratch" and self.rng.random() < 0.5:
            return [f"  memref.copy {o.name}, {b.name} : {o.type} to {b.type}"]
        return [f"  memref.copy {b.name}, {o.name} : {b.type} to {o.type}"]

    # --- the program -------------------------------------------------------
    def build(self):
        rng = self.rng
        self.known = []
        self.scratches = []
        self.copy_out = []
        self.last = None
        x = self.new_input(self.rand_shape())
        self.last = x
        # Before the chain: maybe update an input in place (a call or loop),
        # which the chain then reads.
        if rng.random() < 0.3:
            self.pre += rng.choice([self.update_loop, self.call_op])(x)
        n = rng.randint(2, 6)
        for k in range(n):
            if k:
                self.body += self.between()
            self.body += self.link(k == n - 1)
        # After the chain: copy intermediates out, touch outputs.
        post = []
        inter = [b for b in self.allocs if b.init and b not in self.copy_out]
        for b in self.copy_out + rng.sample(inter, min(len(inter), rng.randint(0, 2))):
            o = self.arg(b.shape, "out")
            post.append(f"  memref.copy {b.name}, {o.name} : {b.type} to {o.type}")
            self.features.add("memref.copy")
        outs = [b for b in self.args if b.kind == "out"]
        if outs and rng.random() < 0.4:
            o = rng.choice(outs)
            post += self.op_on(o, rng.choice(["loop", "if", "call", "view-loop"]))
        self.post = post

    def text(self):
        self.build()
        perm = list(range(len(self.args)))
        # Argument order as built (inputs first mostly); names stay %aK.
        sig = ", ".join(f"{b.name}: {b.type}" for b in self.args)
        out = [f"// diff-gen: seed={self.seed} index={self.index} type={self.t} "
               f"strided={'yes' if self.strided else 'no'} "
               f"dynamic={'yes' if self.dynamic else 'no'}",
               "// diff-gen: features=" + ",".join(sorted(self.features))]
        out += self.private
        attrs = " attributes {mdh.vector_bits = 128 : i64}" if self.vector_bits else ""
        out.append(f"func.func @f({sig}){attrs} {{")
        out += self.const_lines()
        for b in self.allocs:
            out.append(f"  {b.name} = memref.alloc() : {b.type}")
        out += self.pre + self.body + self.post
        for b in self.allocs:
            out.append(f"  memref.dealloc {b.name} : {b.type}")
        out.append("  return")
        out.append("}")
        del perm
        return "\n".join(out) + "\n"


def generate(seed, index, strided=True, conflicts=True, dynamic=True):
    rng = random.Random(f"{seed}:{index}")
    return Program(rng, seed, index, strided, conflicts, dynamic).text()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--count", type=int, required=True)
    ap.add_argument("--start", type=int, default=0, help="first index")
    ap.add_argument("--out", required=True, help="output folder")
    ap.add_argument("--no-strided", action="store_true",
                    help="no subview/transpose views (strided layouts)")
    ap.add_argument("--no-dynamic", action="store_true",
                    help="no memref.cast views to dynamic sizes")
    ap.add_argument("--no-conflicts", action="store_true",
                    help="no ops on chain buffers between md_homs")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    for k in range(a.start, a.start + a.count):
        path = os.path.join(a.out, f"diff_{a.seed}_{k}.mlir")
        with open(path, "w") as f:
            f.write(generate(a.seed, k, not a.no_strided, not a.no_conflicts,
                             not a.no_dynamic))
    return 0


if __name__ == "__main__":
    sys.exit(main())
