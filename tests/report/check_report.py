#!/usr/bin/env python3
"""tests/report/check_report.py: report.html in a real headless browser.

    check_report.py MODE SLUICE BROWSER OUT PROGRAM [ARGS...]

MODE is compile, sim, synth or study: the sluice command, run on PROGRAM
with ARGS into OUT/a (and, for compile and sim, again into OUT/b: the two
pages must be the same bytes); it must exit 0, or N with --exit N.  With --name NAME among ARGS the program is
first copied to OUT/src/NAME (a name full of HTML's special characters
tests the escaping).  Then:
  - the file: no script, nothing fetched (no src, no href but #anchors, no
    URL), no absolute path (neither OUT nor the source tree);
  - BROWSER (chromium-headless-shell or chromium) loads it with logging on
    stderr: no console message, no failed load, no blocked fetch; its
    --dump-dom is parsed here;
  - the SVG carries what the other files say, every figure recomputed here
    from schedule.txt, buffers.txt, synth.json, study.json and the board
    file, never read from the page's generator: one Gantt bar per statement
    and frame at its first and last start (frame f f periods later, the
    period from the schedule's own definition), each buffer's live words
    over time recomputed element by element from the schedule's accesses,
    each delay chain's runs and each circular buffer's copies, the
    resources against the board, and for a study every configuration and
    its Pareto front per board;
  - a screenshot (OUT/report.png) is written and is a PNG of the window.
BROWSER "" means none was found: exit 77 (skipped) on a developer's
machine running ctest by hand, a failure when $CI or $SLUICE_REQUIRE_BROWSER
is set (make test sets it: it installs the browser, scripts/install-deps.sh).
"""
import html.parser
import os
import re
import shutil
import struct
import subprocess
import sys

SKIP = 77
RP_BINS = 600
RP_MAX_FRAMES = 8
TIMEOUT = 600


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


# ------------------------------------------------------------ the page's DOM

class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent = tag, dict(attrs), parent
        self.children, self.text = [], ""

    def classes(self):
        return self.attrs.get("class", "").split()

    def all_text(self):
        return self.text + "".join(c.all_text() for c in self.children)

    def find(self, tag=None, cls=None):
        out = []
        for c in self.children:
            if (tag is None or c.tag == tag) and (cls is None or cls in c.classes()):
                out.append(c)
            out.extend(c.find(tag, cls))
        return out


VOID = {"meta", "br", "img", "input", "link", "hr"}
# What the page writes; any other element in the browser's DOM came from
# text that was not escaped.
ALLOWED = {"html", "head", "meta", "title", "style", "body", "h1", "h2", "p", "table",
           "tbody", "tr", "td", "th", "svg", "g", "rect", "line", "text", "path", "circle", "pre"}


class Dom(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", [], None)
        self.cur = self.root

    def handle_starttag(self, tag, attrs):
        n = Node(tag, attrs, self.cur)
        self.cur.children.append(n)
        if tag not in VOID:
            self.cur = n

    def handle_startendtag(self, tag, attrs):
        self.cur.children.append(Node(tag, attrs, self.cur))

    def handle_endtag(self, tag):
        n = self.cur
        while n is not self.root and n.tag != tag:
            n = n.parent
        if n is not self.root:
            self.cur = n.parent

    def handle_data(self, data):
        self.cur.text += data


def parse_dom(text):
    d = Dom()
    d.feed(text)
    return d.root


# ------------------------------------------------------------- the files

def parse_schedule(path):
    """Statements of schedule.txt in order: name, role, box, time, reads."""
    stmts, cur = [], None
    for line in open(path):
        m = re.match(r"(input|func|reduction) (\S+)( \(output\))?$", line.rstrip())
        if m:
            cur = {"kind": m.group(1), "name": m.group(2), "output": bool(m.group(3)),
                   "reads": []}
            stmts.append(cur)
            continue
        if cur is None:
            continue
        s = line.strip()
        if s.startswith("domain"):
            cur["box"] = [(int(a), int(b)) for a, b in re.findall(r"\[(-?\d+)\.\.(-?\d+)\]", s)]
        elif s.startswith("t = "):
            terms = s[4:].split(" + ")
            cur["offset"] = int(terms[0])
            cur["coefs"] = []
            for t in terms[1:]:
                m = re.match(r"(-?\d+)\*\((\w+) - (-?\d+)\)$", t) or re.match(r"(-?\d+)\*(\w+)$", t)
                cur["coefs"].append((int(m.group(1)), m.group(2)))
        elif s.startswith("latency"):
            cur["latency"] = int(s.split()[1])
        elif s.startswith("reads "):
            m = re.match(r"reads (\S+) at line \d+: (.*)$", s)
            cur["reads"].append((m.group(1), m.group(2)))
    for st in stmts:
        st["first"] = st["offset"]
        st["last"] = st["offset"] + sum(c * (hi - lo) for (c, _), (lo, hi)
                                        in zip(st["coefs"], st["box"]))
    head = open(path).read()
    predicted = int(re.search(r"^predicted_cycles (\d+)", head, re.M).group(1))
    return stmts, predicted


def frame_period(stmts):
    """docs/hardware.md "Frames": the least period at which every
    statement's firings stay in order (its span of starts) and every
    buffer's next-frame writes come after this frame's reads (from a
    producer's first write to a consumer's last start, plus one)."""
    by = {s["name"]: s for s in stmts}
    p = 1
    for s in stmts:
        p = max(p, s["last"] - s["first"] + 1)
        for (prod, _) in s["reads"]:
            q = by[prod]
            p = max(p, s["last"] - (q["first"] + q["latency"]) + 1)
    return p


def parse_buffers(path):
    bufs, cur = [], None
    for line in open(path):
        m = re.match(r"buffer (\S+): (\d+) bits x (\d+) elements", line)
        if m:
            cur = {"name": m.group(1), "reads": 0, "runs": None, "banks": None,
                   "width": int(m.group(2))}
            bufs.append(cur)
            continue
        s = line.strip()
        m = re.match(r"storage (\w+)(?:, (\d+) banks?, (\w+))?", s)
        if m:
            cur["storage"] = m.group(1)
            if m.group(2):
                cur["banks"] = int(m.group(2))
        m = re.match(r"max_live_words (\d+), capacity_words (\d+)", s)
        if m:
            cur["max_live"], cur["capacity"] = int(m.group(1)), int(m.group(2))
        if re.match(r"port \d+: read by", s):
            cur["reads"] += 1
        m = re.match(r"chain \d+: (.*)$", s)
        if m:
            # "registers 0-2, 63-66; sram 3-62, 67-126 as one 60x16 fifo"
            # (a pack's member: "... as bits 64-127 of one 58x192 fifo")
            parts = re.sub(r" as (one|a|bits \d+-\d+ of one) \d+x\d+ fifo", "",
                           m.group(1))
            cur["runs"] = len(re.findall(r"\d+(?:-\d+)?", parts))
    return bufs


def board_file(name):
    d = os.environ.get("SLUICE_BOARDS_DIR") or os.path.join(SRC, "boards")
    path = os.path.join(d, name + ".board")
    b = {"mems": []}
    for line in open(path):
        w = line.split()
        if not w or w[0] == "source":
            continue
        if w[0] == "memory":
            b["mems"].append((w[1], w[2], int(w[w.index("count") + 1])))
        elif w[0] in ("lut", "ff", "dsp") and len(w) >= 2 and w[1].isdigit():
            b[w[0] + "s"] = int(w[1])
    return b


# ------------------------------------------------- occupancy, recomputed

SAFE = re.compile(r"^[\w\s+\-*/%(),]+$")


def split_args(text):
    """'in((y + 0), (x + 1))' -> ('in', ['(y + 0)', '(x + 1)'])."""
    name, rest = text.split("(", 1)  # a lifted reduction's name has a dot: "f.sum0"
    rest = rest[:-1]
    args, depth, cur = [], 0, ""
    for ch in rest:
        if ch == "," and depth == 0:
            args.append(cur.strip())
            cur = ""
            continue
        depth += ch == "("
        depth -= ch == ")"
        cur += ch
    args.append(cur.strip())
    return name, args


def iterate(box):
    if not box:
        yield ()
        return
    (lo, hi), rest = box[0], box[1:]
    for v in range(lo, hi + 1):
        for r in iterate(rest):
            yield (v,) + r


def stmt_time(st, it):
    return st["offset"] + sum(c * (v - lo) for (c, _), v, (lo, _) in
                              zip(st["coefs"], it, st["box"]))


def live_bins(stmts, buf, frames, period, tmax):
    """The most values of buf live (written, still to be read) in each bin
    of cycles, or None when an access is not plain arithmetic."""
    by = {s["name"]: s for s in stmts}
    prod = by[buf["name"]]
    readers = [(s, a) for s in stmts for (p, a) in s["reads"] if p == buf["name"]]
    if not readers or not all(SAFE.match(x) for _, a in readers for x in split_args(a)[1]):
        return None
    nv = len(split_args(readers[0][1])[1])
    # W(e): the start of e's last iteration (reduction variables at their
    # ends) plus the latency.
    write = {}
    for it in iterate(prod["box"][:nv]):
        full = it + tuple(hi for (_, hi) in prod["box"][nv:])
        write[it] = stmt_time(prod, full) + prod["latency"]
    last = {}
    for s, acc in readers:
        names = [n for (_, n) in s["coefs"]]
        code = [compile(a.replace("/", "//"), "<access>", "eval") for a in split_args(acc)[1]]
        for it in iterate(s["box"]):
            env = dict(zip(names, it))
            env.update(min=min, max=max)
            e = tuple(eval(c, {"__builtins__": {}}, env) for c in code)
            t = stmt_time(s, it)
            if last.get(e, t - 1) < t:
                last[e] = t
    diff = [0] * (tmax + 2)
    for f in range(frames):
        for e, lr in last.items():
            a, b = write[e] + f * period, lr + f * period
            if a < 0 or b >= tmax:
                fail("a live interval of %s leaves the timeline" % buf["name"])
            diff[a] += 1
            diff[b + 1] -= 1
    bin_ = max(1, -(-tmax // RP_BINS))
    bins = [0] * (-(-tmax // bin_))
    live = 0
    for c in range(tmax):
        live += diff[c]
        bins[c // bin_] = max(bins[c // bin_], live)
    return bin_, bins


# ------------------------------------------------------------- checks

def layer_key(name):
    """docs/report.md "Layers": a statement's name up to its first "." or
    its first "__" that is not at its start."""
    n = name.find(".")
    n = len(name) if n < 0 else n
    u = name.find("__", 1)
    return name[:u] if 0 < u < n else name[:n]


def check_layers(dom, stmts, bufs, res, board):
    """The layers table: each layer's statements, cycles and buffers
    recomputed from schedule.txt and buffers.txt (a buffer is named after
    the statement that writes it); with a board, each resource column and
    the run-control row add up to the resources' predicted totals."""
    want = {}
    for st in stmts:
        k = layer_key(st["name"])
        w = want.setdefault(k, {"stmts": 0, "first": None, "last": None, "words": 0, "bits": 0})
        w["stmts"] += 1
        lw = st["last"] + st["latency"]
        w["first"] = st["first"] if w["first"] is None else min(w["first"], st["first"])
        w["last"] = lw if w["last"] is None else max(w["last"], lw)
    for b in bufs:
        w = want[layer_key(b["name"])]
        w["words"] += b["capacity"]
        w["bits"] += b["capacity"] * b["width"]
    rows = dom.find("tr", "layer")
    if [r.attrs.get("data-layer") for r in rows] != list(want):
        fail("layer rows %s, expected %s" % ([r.attrs.get("data-layer") for r in rows], list(want)))

    def cell(r, cls):
        c = r.find("td", cls)
        if len(c) != 1:
            fail("layer row %s: no one cell %s" % (r.attrs.get("data-layer"), cls))
        return int(c[0].all_text())
    for r in rows:
        w = want[r.attrs["data-layer"]]
        got = {k: cell(r, c) for k, c in (("stmts", "stmts"), ("first", "first"),
                                          ("last", "last"), ("words", "words"), ("bits", "bits"))}
        if got != w or cell(r, "cycles") != w["last"] - w["first"] + 1:
            fail("layer %s: %s on the page, the text files give %s"
                 % (r.attrs["data-layer"], got, w))
    rest = dom.find("tr", "layer-rest")
    if board is None:
        if rest or any(r.find("td", "luts") for r in rows):
            fail("layer resources without a board")
        print("layers: %d rows as schedule.txt and buffers.txt give them" % len(rows))
        return
    if len(rest) != 1:
        fail("no one run-control row in the layers table")
    blocks = [cell_name for kind, cell_name, _ in board_file(board)["mems"] if kind == "block"]
    totals = {"luts": int(res["LUTs"].attrs["data-predicted"]),
              "ffs": int(res["flip-flops"].attrs["data-predicted"]),
              "dsps": int(res["DSPs"].attrs["data-predicted"]),
              "bram": sum(int(res[c].attrs["data-predicted"]) for c in blocks)}
    for k, total in totals.items():
        got = sum(cell(r, k) for r in rows + rest)
        if got != total:
            fail("layers: the %s column adds up to %d, the resources say %d" % (k, got, total))
    print("layers: %d rows as schedule.txt and buffers.txt give them; block RAM, LUTs, "
          "flip-flops and DSPs add up to the predicted totals" % len(rows))


def check_design(dom, out, frames, board, measured):
    stmts, predicted = parse_schedule(os.path.join(out, "schedule.txt"))
    shown = min(frames, RP_MAX_FRAMES)
    period = frame_period(stmts) if frames > 1 else 0
    tmax = predicted + (shown - 1) * period
    bars = dom.find("g", "gantt")
    if len(bars) != len(stmts) * shown:
        fail("%d Gantt bars, expected %d statements x %d frames"
             % (len(bars), len(stmts), shown))
    for st in stmts:
        mine = [b for b in bars if b.attrs.get("data-stmt") == st["name"]]
        if sorted(int(b.attrs["data-frame"]) for b in mine) != list(range(shown)):
            fail("statement %s: frames %s" % (st["name"], [b.attrs.get("data-frame") for b in mine]))
        for b in mine:
            f = int(b.attrs["data-frame"])
            want = (st["first"] + f * period, st["last"] + f * period, st["latency"])
            got = (int(b.attrs["data-start"]), int(b.attrs["data-last"]),
                   int(b.attrs["data-latency"]))
            if got != want:
                fail("bar %s frame %d: start/last/latency %s, schedule.txt says %s"
                     % (st["name"], f, got, want))
            if len(b.find("rect", "gantt-bar")) != 1 or len(b.find("rect", "gantt-lat")) != 1:
                fail("bar %s frame %d: not one span and one latency rectangle" % (st["name"], f))
            if st["name"] not in b.find("title")[0].all_text():
                fail("bar %s has no title naming it" % st["name"])
    labels = [t.all_text() for t in dom.find("text", "gantt-label")]
    want = [s["name"] + (" (input)" if s["kind"] == "input" else " (output)" if s["output"] else "")
            for s in stmts]
    if labels != want:
        fail("Gantt labels %s, expected %s" % (labels, want))
    print("gantt: %d bars (%d statements x %d frames, period %d) at their schedule.txt cycles"
          % (len(bars), len(stmts), shown, period))

    bufs = parse_buffers(os.path.join(out, "buffers.txt"))
    occ = {s.attrs["data-buffer"]: s for s in dom.find("svg", "occupancy")}
    drawn = [b for b in bufs if b["reads"] > 0 and b["capacity"] > 0]
    if sorted(occ) != sorted(b["name"] for b in drawn):
        fail("occupancy charts for %s, expected %s" % (sorted(occ), [b["name"] for b in drawn]))
    for b in drawn:
        s = occ[b["name"]]
        if int(s.attrs["data-peak"]) != b["max_live"] or int(s.attrs["data-capacity"]) != b["capacity"]:
            fail("occupancy of %s: peak %s capacity %s, buffers.txt says %d and %d"
                 % (b["name"], s.attrs["data-peak"], s.attrs["data-capacity"], b["max_live"],
                    b["capacity"]))
        if len(s.find("path", "occ-live")) != 1 or len(s.find("line", "occ-cap")) != 1:
            fail("occupancy of %s: not one curve and one capacity line" % b["name"])
        ref = live_bins(stmts, b, shown, period, tmax)
        if ref is None:
            print("occupancy %s: peak %d = max_live_words (accesses not recomputed)"
                  % (b["name"], b["max_live"]))
            continue
        got = (int(s.attrs["data-bin"]), [int(v) for v in s.attrs["data-live"].split()])
        if got != ref:
            diffs = [k for k in range(min(len(got[1]), len(ref[1]))) if got[1][k] != ref[1][k]]
            fail("occupancy of %s: bins of %d cycles differ from the recomputed ones (%d and %d "
                 "bins; first differences at %s)" % (b["name"], ref[0], len(got[1]), len(ref[1]),
                                                     diffs[:5]))
        print("occupancy %s: %d bins of %d cycles equal the element-by-element count, peak %d"
              % (b["name"], len(ref[1]), ref[0], b["max_live"]))

    lay = {s.attrs["data-buffer"]: s for s in dom.find("svg", "layout")}
    for b in bufs:
        if b["storage"] == "none" or b["capacity"] == 0:
            if b["name"] in lay:
                fail("layout of %s drawn, but it has no storage" % b["name"])
            continue
        s = lay.get(b["name"])
        if s is None:
            fail("no layout for buffer %s" % b["name"])
        if b["storage"] == "circular":
            n = len(s.find("rect", "bank"))
            if n != b["banks"]:
                fail("layout of %s: %d copies, buffers.txt says %d banks" % (b["name"], n, b["banks"]))
        else:
            n = len(s.find("rect", "run-reg")) + len(s.find("rect", "run-sram"))
            if n != b["runs"]:
                fail("layout of %s: %d runs, buffers.txt's chain has %d" % (b["name"], n, b["runs"]))
    print("layout: %d buffers as buffers.txt states them" % len(lay))

    res = {g.attrs["data-what"]: g for g in dom.find("g", "res")}
    check_layers(dom, stmts, bufs, res, board)
    if board is None:
        if res:
            fail("resources drawn without a board")
        return
    bd = board_file(board)
    want = {"LUTs": bd["luts"], "flip-flops": bd["ffs"], "DSPs": bd["dsps"]}
    for kind, cell, count in bd["mems"]:
        want[cell] = count
    if sorted(res) != sorted(want):
        fail("resources %s, expected %s" % (sorted(res), sorted(want)))
    for what, avail in want.items():
        if int(res[what].attrs["data-available"]) != avail:
            fail("%s: %s available on the page, %d in the board file"
                 % (what, res[what].attrs["data-available"], avail))
    if measured:
        sj = measured
        meas = {"LUTs": sj["luts"], "flip-flops": sj["flip_flops"], "DSPs": sj["dsps"]}
        pred = {"LUTs": sj["luts_estimated"], "flip-flops": sj["flip_flops_estimated"],
                "DSPs": sj["dsps_estimated"]}
        for m in sj["memories"]:
            meas[m["cell"]] = m["measured"]
            pred[m["cell"]] = m["predicted"]
        for what in want:
            g = res[what]
            got = (int(g.attrs["data-predicted"]), int(g.attrs.get("data-measured", -1)))
            if got != (pred[what], meas[what]):
                fail("%s: predicted/measured %s on the page, synth.json says %s"
                     % (what, got, (pred[what], meas[what])))
        print("resources: predicted and measured equal synth.json's")
    elif any("data-measured" in g.attrs for g in res.values()):
        fail("a measurement on the page of a design that was not synthesized")
    print("resources: %d against %s's figures" % (len(res), board))


def dominates(a, b):
    return (all(x <= y for x, y in zip(a, b)) and any(x < y for x, y in zip(a, b)))


def check_study(dom, out):
    import json
    runs = json.load(open(os.path.join(out, "study.json")))["runs"]
    expect = []
    for r in runs:
        bd = board_file(r["board"])
        block = {cell for kind, cell, _ in bd["mems"] if kind == "block"}
        syn = r["luts"] is not None
        luts = r["luts"] if syn else r["luts_estimated"]
        brams = sum((m["measured"] if syn else m["predicted"]) for m in r["block_rams"]
                    if m["cell"] in block)
        label = "%s %s t%d %s" % (r["board"], r["schedule"], r["threshold"], r["ram"])
        expect.append({"label": label, "board": r["board"], "fits": r["fits"],
                       "v": (r["predicted_cycles"], luts, brams)})
    for e in expect:
        e["pareto"] = e["fits"] and not any(
            o is not e and o["fits"] and o["board"] == e["board"] and dominates(o["v"], e["v"])
            for o in expect)
    scatters = dom.find("svg", "scatter")
    if sorted(s.attrs["data-measure"] for s in scatters) != ["brams", "luts"]:
        fail("scatters %s, expected one of LUTs and one of block RAMs"
             % [s.attrs.get("data-measure") for s in scatters])
    for s in scatters:
        pts = {c.attrs["data-config"]: c for c in s.find("circle", "pt")}
        if sorted(pts) != sorted(e["label"] for e in expect):
            fail("scatter %s: points %s, expected %s" % (s.attrs["data-measure"], sorted(pts),
                                                          sorted(e["label"] for e in expect)))
        for e in expect:
            c = pts[e["label"]]
            got = (int(c.attrs["data-cycles"]), int(c.attrs["data-luts"]),
                   int(c.attrs["data-brams"]))
            if got != e["v"]:
                fail("%s: cycles/LUTs/block RAMs %s, study.json says %s" % (e["label"], got, e["v"]))
            if ("pareto" in c.classes()) != e["pareto"]:
                fail("%s: Pareto %s on the page, %s by study.json"
                     % (e["label"], "pareto" in c.classes(), e["pareto"]))
            if ("nofit" in c.classes()) == e["fits"]:
                fail("%s: drawn as %s" % (e["label"], "not fitting" if e["fits"] else "fitting"))
    rows = dom.find("table", "configs")[0].find("tr")
    if len(rows) != len(expect) + 1:
        fail("the table has %d rows for %d configurations" % (len(rows) - 1, len(expect)))
    n_p = sum(e["pareto"] for e in expect)
    print("study: %d configurations in both scatters, %d on the Pareto front (%s)"
          % (len(expect), n_p, ", ".join(e["label"] for e in expect if e["pareto"])))


def check_explore(dom, out):
    """explore's page against explore.json (the search) or shapes.json
    (--shapes): every evaluated legal point drawn once per board with its
    time and area, filled when synthesized, red when on the explored front,
    ringed when on the exhaustive front recomputed here; the syntheses'
    table ending at the search's Yosys runs; the shapes' rows."""
    import json
    ej = os.path.join(out, "explore.json")
    if os.path.isfile(ej):
        j = json.load(open(ej))
        charts = {c.attrs["data-board"]: c for c in dom.find("svg", "front-chart")}
        for b in j["boards"]:
            pts = [p for p in j["points"] if p["board"] == b["board"] and p["legal"]]
            syn = [(p["time_us"], p["area"]) for p in pts if p["synthesized"]]
            circles = {c.attrs["data-key"]: c for c in charts[b["board"]].find("circle", "pt")}
            if sorted(circles) != sorted(p["key"] for p in pts):
                fail("%s: the chart's points differ from explore.json's" % b["board"])
            for p in pts:
                c = circles[p["key"]]
                for attr, v in (("data-time", p["time_us"]), ("data-area", p["area"])):
                    if abs(float(c.attrs[attr]) - v) > 1e-5 * v:
                        fail("%s %s: %s %s, explore.json %g" % (b["board"], p["key"], attr,
                                                                c.attrs[attr], v))
                o = (p["time_us"], p["area"])
                truth = "truth" in b and p["synthesized"] and not any(dominates(q, o) for q in syn)
                for cls, want in (("syn", p["synthesized"]), ("front", p["on_front"]),
                                  ("truth", truth)):
                    if (cls in c.classes()) != want:
                        fail("%s %s: class %s %s, expected %s" % (b["board"], p["key"], cls,
                                                                 cls in c.classes(), want))
            tables = [t for t in dom.find("table", "progress") if t.attrs["data-board"] == b["board"]]
            if b["stop"] != "exhaustive":
                rows = tables[0].find("tr")[1:]
                keys = {p["key"] for p in pts if p["synthesized"]}
                if any(r.find("td")[1].all_text() not in keys for r in rows):
                    fail("%s: a synthesis of the table is not synthesized in explore.json" % b["board"])
                if int(rows[-1].find("td")[4].all_text()) != b["search_yosys_runs"]:
                    fail("%s: the table ends at %s Yosys runs, explore.json %d" % (
                        b["board"], rows[-1].find("td")[4].all_text(), b["search_yosys_runs"]))
            print("explore: %s: %d points drawn, %d synthesized" % (b["board"], len(pts), len(syn)))
        if "transfer" in j:
            names = [b["board"] for b in j["boards"]]
            rows = dom.find("table", "tx-matrix")[0].find("tr")[1:]
            for ag in j["transfer"]["agreement"]:
                a, b = names.index(ag["a"]), names.index(ag["b"])
                for x, y in ((a, b), (b, a)):
                    td = rows[x].find("td")[y]
                    if (int(td.attrs["data-pairs"]), int(td.attrs["data-agree"])) != \
                            (ag["pairs"], ag["agree"]):
                        fail("transfer %s / %s: cell %s, explore.json %s" % (ag["a"], ag["b"],
                                                                            td.attrs, ag))
            print("explore: the transfer matrix of %d boards" % len(names))
    sj = os.path.join(out, "shapes.json")
    if os.path.isfile(sj):
        j = json.load(open(sj))
        tables = {t.attrs["data-board"]: t for t in dom.find("table", "shapes")}
        for b in j["boards"]:
            rows = tables[b["board"]].find("tr")[1:]
            if len(rows) != len(b["per_shape"]):
                fail("%s: %d shape rows, shapes.json %d" % (b["board"], len(rows), len(b["per_shape"])))
            for r, s in zip(rows, b["per_shape"]):
                td = [t.all_text() for t in r.find("td")]
                if td[0] != s["shape"] or int(td[2]) != s["cycles"] or td[6] != s["own_best"] or \
                        abs(float(td[5].rstrip("%")) - 100 * s["regret"]) > 0.051 or \
                        (td[7] == "CLIFF") != s["cliff"]:
                    fail("%s: row %s, shapes.json %s" % (b["board"], td, s))
            bars = [c for c in dom.find("svg", "ratio-chart") if c.attrs["data-board"] == b["board"]]
            bars = {r.attrs["data-shape"]: r for r in bars[0].find("rect")}
            for s in b["per_shape"]:
                r = bars[s["shape"]]
                if abs(float(r.attrs["data-ratio"]) - s["ratio"]) > 1e-5 * s["ratio"] or \
                        ("res-over" in r.classes()) != s["cliff"]:
                    fail("%s %s: bar %s, shapes.json %s" % (b["board"], s["shape"], r.attrs, s))
            print("explore: %s: %d shapes, cliffs at %s" % (b["board"], len(rows),
                  [s["shape"] for s in b["per_shape"] if s["cliff"]]))


# ------------------------------------------------------------- the browser

def browser_cmd(browser, out, *extra):
    profile = os.path.join(out, "browser-profile")
    cmd = [browser]
    if "headless-shell" not in os.path.basename(browser):
        cmd.append("--headless")
    return cmd + ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                  "--disable-extensions", "--disable-crash-reporter",
                  "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0",
                  "--hide-scrollbars"] + list(extra)


def browser_env(out):
    """The browser's home and caches inside OUT: nothing written elsewhere,
    and no dependence on a writable $HOME."""
    env = dict(os.environ)
    home = os.path.join(out, "browser-profile", "home")
    os.makedirs(home, exist_ok=True)
    env.update(HOME=home, XDG_CONFIG_HOME=home, XDG_CACHE_HOME=home)
    return env


def run_browser(browser, out, page):
    url = "file://" + os.path.abspath(page)
    p = subprocess.run(browser_cmd(browser, out, "--dump-dom", url), capture_output=True,
                       text=True, timeout=TIMEOUT, env=browser_env(out))
    if p.returncode != 0:
        fail("the browser exited %d:\n%s" % (p.returncode, p.stderr[-3000:]))
    bad = [l for l in p.stderr.splitlines()
           if re.search(r":CONSOLE[(:]|net::ERR|Content Security Policy|Refused to|Failed to load", l)]
    if bad:
        fail("the page logged in the browser:\n" + "\n".join(bad[:20]))
    if "</svg>" not in p.stdout:
        fail("the browser's DOM has no SVG:\n" + p.stdout[:2000])
    dom = p.stdout
    shot = os.path.join(out, "report.png")
    p = subprocess.run(browser_cmd(browser, out, "--window-size=1000,1400",
                                   "--screenshot=" + shot, url),
                       capture_output=True, text=True, timeout=TIMEOUT, env=browser_env(out))
    if p.returncode != 0 or not os.path.isfile(shot):
        fail("no screenshot (exit %d):\n%s" % (p.returncode, p.stderr[-2000:]))
    head = open(shot, "rb").read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n" or struct.unpack(">II", head[16:24]) != (1000, 1400):
        fail("the screenshot is not a 1000x1400 PNG")
    shutil.rmtree(os.path.join(out, "browser-profile"), ignore_errors=True)
    print("browser: loaded with no console message; screenshot %s" % shot)
    return dom


def static_checks(page, out):
    text = open(page, encoding="utf-8").read()
    low = text.lower()
    for bad in ("<script", "src=", "url(", "@import", "http://", "https://", "<link", "<iframe",
                "<img", "<object", "<embed"):
        if bad in low:
            fail("report.html contains %r" % bad)
    for m in re.finditer(r'href="([^"]*)"', text):
        if not m.group(1).startswith("#"):
            fail("report.html links to %r" % m.group(1))
    for path in {os.path.abspath(out), SRC, os.path.realpath(SRC)}:
        if path in text:
            fail("report.html holds the absolute path %s" % path)
    return text


def main():
    global SRC
    SRC = os.path.realpath(os.path.join(os.path.dirname(__file__), "..", ".."))
    if len(sys.argv) < 6:
        print(__doc__)
        return 2
    mode, sluice, browser, out, prog = sys.argv[1:6]
    args = sys.argv[6:]
    sluice, out, prog = os.path.abspath(sluice), os.path.abspath(out), os.path.abspath(prog)
    if not browser:
        if os.environ.get("CI") or os.environ.get("SLUICE_REQUIRE_BROWSER"):
            fail("no headless browser, and $CI or $SLUICE_REQUIRE_BROWSER is set: "
                 "scripts/install-deps.sh installs chromium-headless-shell")
        print("SKIP: no headless browser (chromium-headless-shell or chromium); "
              "scripts/install-deps.sh installs it")
        return SKIP
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    if "--name" in args:
        i = args.index("--name")
        os.makedirs(os.path.join(out, "src"))
        copy = os.path.join(out, "src", args[i + 1])
        shutil.copy(prog, copy)
        prog = copy
        del args[i:i + 2]
    want_rc = 0
    if "--exit" in args:  # the command's expected exit status (a study with a failed run: 1)
        i = args.index("--exit")
        want_rc = int(args[i + 1])
        del args[i:i + 2]
    frames = int(args[args.index("--frames") + 1]) if "--frames" in args else 1
    board = args[args.index("--board") + 1] if "--board" in args else None
    twice = mode in ("compile", "sim") or (mode == "explore" and "--shapes" in args)
    runs = ["a", "b"] if twice else ["a"]
    for r in runs:
        d = os.path.join(out, r)
        p = subprocess.run([sluice, mode, os.path.basename(prog)] + args + ["-o", d],
                           cwd=os.path.dirname(prog), capture_output=True, text=True,
                           timeout=3 * TIMEOUT)
        if p.returncode != want_rc:
            fail("sluice %s exited %d, not %d:\n%s%s" % (mode, p.returncode, want_rc,
                                                          p.stdout[-2000:], p.stderr[-2000:]))
        if not re.search(r"^wrote .*/report\.html$", p.stdout, re.M):
            fail("sluice %s did not say it wrote report.html:\n%s" % (mode, p.stdout[-2000:]))
    page = os.path.join(out, "a", "report.html")
    text = static_checks(page, out)
    if len(runs) == 2 and open(os.path.join(out, "b", "report.html")).read() != text:
        fail("two runs wrote different pages")
    dom = parse_dom(run_browser(browser, out, page))
    tags = {n.tag for n in dom.find()}
    if not tags <= ALLOWED:
        fail("the browser's DOM has elements the page does not write: %s" % sorted(tags - ALLOWED))
    h1 = dom.find("h1")
    if len(h1) != 1 or h1[0].children or h1[0].all_text() != dom.find("title")[0].all_text():
        fail("the heading is not the title's text alone")
    title = dom.find("title")[0].all_text()
    if title != "sluice%s: %s" % (" " + mode if mode in ("study", "explore") else "",
                                  os.path.basename(prog)):
        fail("the page's title is %r (program %r)" % (title, os.path.basename(prog)))
    if mode == "study":
        check_study(dom, os.path.join(out, "a"))
    elif mode == "explore":
        check_explore(dom, os.path.join(out, "a"))
    else:
        measured = None
        if mode == "synth":
            import json
            measured = json.load(open(os.path.join(out, "a", "synth.json")))
        files = os.path.join(out, "a")
        if mode == "synth":
            # synth writes no schedule.txt or buffers.txt: compile's, for
            # the same design.
            files = os.path.join(out, "c")
            p = subprocess.run([sluice, "compile", prog] + args + ["-o", files],
                               capture_output=True, text=True, timeout=TIMEOUT)
            if p.returncode != 0:
                fail("sluice compile exited %d:\n%s" % (p.returncode, p.stderr[-2000:]))
            shutil.copy(os.path.join(out, "a", "synth.json"), files)
        check_design(dom, files, frames, board, measured)
    print("ok: %s" % page)
    return 0


if __name__ == "__main__":
    sys.exit(main())
