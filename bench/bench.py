#!/usr/bin/env python3
"""Whole-process benchmark: `cardstock build` against bench/floor (plain C + Cairo + Pango).

Run through bench/run.sh, which builds both first. Stdlib only.

For each deck size it generates a deck (bench/gen_deck.py), runs cardstock and the floor
REPS times each (alternating, a fresh output folder every run) and reports medians of
wall time, CPU time (user + sys), peak RSS and PDF size. Wall time, CPU time and peak RSS
come from os.wait4() on the child (finer than /usr/bin/time's 10 ms %e).
"""
import argparse
import glob
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPEAT = 54  # distinct faces of the repeated deck


def run(cmd, cwd=None):
    """Runs cmd; returns dict(wall_ms, cpu_ms, rss_kb, rc, err)."""
    with tempfile.TemporaryFile() as err:
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=err)
        _, status, ru = os.wait4(p.pid, 0)
        wall = (time.perf_counter() - t0) * 1000
        p.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        text = err.read().decode("utf-8", "replace")
    if p.returncode < 0:
        text += "\n(killed by signal %d)" % -p.returncode
    # wait4's rusage covers the child and the processes it waited for (e.g. forked render
    # workers): CPU time is their sum, ru_maxrss the largest single process.
    return {"wall_ms": wall, "cpu_ms": (ru.ru_utime + ru.ru_stime) * 1000,
            "rss_kb": ru.ru_maxrss, "rc": p.returncode, "err": text}


def med(xs):
    return statistics.median(xs)


def spread(xs):
    """(max - min) / median, in percent."""
    m = med(xs)
    return 100.0 * (max(xs) - min(xs)) / m if m else 0.0


def machine():
    model = "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    mem = "?"
    try:
        with open("/proc/meminfo") as f:
            mem = "%.1f GB" % (int(f.readline().split()[1]) / 1024 / 1024)
    except (OSError, ValueError, IndexError):
        pass
    return "nproc %d, %s, RAM %s, %s %s" % (os.cpu_count() or 0, model, mem, platform.system(),
                                            platform.release())


def loadavg():
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "?"


# --- decks ---------------------------------------------------------------------------------
# A deck key is a size n (the SVG-map deck, every card distinct) or (kind, n): kind "rep"
# repeats 54 faces (gen_deck.py --distinct 54), "png" and "png-rep" are the same two decks
# with a PNG map, the decks a spreadsheet converted to one YAML row per card makes.
def count(key):
    return key[1] if isinstance(key, tuple) else key


def repeated(key):
    return isinstance(key, tuple) and key[0].endswith("rep")


def tag(key):
    """The key in file names: 540, rep-540, png-540, png-rep-540."""
    return "%s-%d" % key if isinstance(key, tuple) else "%d" % key


def label(key):
    what = "%d faces repeated" % REPEAT if repeated(key) else "all distinct"
    return "%d%s, %s" % (count(key), " PNG" if isinstance(key, tuple) and key[0].startswith("png") else "", what)


def make_decks(tmp, keys, floor):
    """Writes every deck with gen_deck.py; returns key -> folder. The PNG decks share one
    PNG, made once (by the first of them) and copied into the others."""
    decks, png = {}, None
    for key in keys:
        d = os.path.join(tmp, "deck-%s" % tag(key))
        cmd = [sys.executable, os.path.join(HERE, "gen_deck.py"), str(count(key)), d]
        if isinstance(key, tuple) and key[0].startswith("png"):
            cmd += ([png] if png else []) + ["--png"]
        if repeated(key):
            cmd += ["--distinct", str(REPEAT)]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=dict(os.environ, CARDSTOCK_FLOOR=floor))
        if png is None and os.path.exists(os.path.join(d, "assets", "map.png")):
            png = os.path.join(d, "assets", "map.png")
        decks[key] = d
    return decks


def map_of(deck):
    png = os.path.join(deck, "assets", "map.png")
    return png if os.path.exists(png) else os.path.join(deck, "assets", "map.svg")


def cs_pdf(out):
    return os.path.join(out, "bench", "cards-poker-3x3-letter.pdf")


def run_all(keys, decks, a, cs, fl, root, tmp, failures):
    """Runs cardstock and the floor a.reps times on every deck, alternating (drifting load
    hits both alike), a fresh output folder every run. Returns (tool, key) -> runs."""
    res = {}
    for key in keys:
        for tool in ("cardstock", "floor"):
            res[(tool, key)] = []
        for _ in range(a.reps):
            for tool in ("cardstock", "floor"):
                out = os.path.join(tmp, "out-%s-%s" % (tool, tag(key)))
                shutil.rmtree(out, ignore_errors=True)
                os.makedirs(out)
                if tool == "cardstock":
                    cmd = [cs, "build", os.path.join(decks[key], "bench.yaml"), "-o", out, "--paper", "letter"]
                else:
                    cmd = [fl, str(count(key)), os.path.join(out, "floor.pdf"), map_of(decks[key])]
                    cmd += [str(REPEAT)] if repeated(key) else []
                r = run(cmd, cwd=root)
                pdf = cs_pdf(out) if tool == "cardstock" else os.path.join(out, "floor.pdf")
                r["pdf"] = os.path.getsize(pdf) if os.path.exists(pdf) else 0
                man = os.path.join(out, "bench", "manifest.json")
                r["manifest"] = os.path.getsize(man) if os.path.exists(man) else 0
                if r["rc"] != 0:
                    failures.append("%s %s cards: exit %d: %s" % (tool, label(key), r["rc"], r["err"].strip()[-400:]))
                res[(tool, key)].append(r)
    return res


# --- the table of distinct SVG decks --------------------------------------------------------
def print_table(res, all_sizes, m):
    """The per-card table; returns its rows (size -> dict)."""
    base = {t: m(t, 1, "wall_ms") for t in ("cardstock", "floor")}
    base_cpu = {t: m(t, 1, "cpu_ms") for t in ("cardstock", "floor")}
    base_pdf = {t: m(t, 1, "pdf") for t in ("cardstock", "floor")}
    print("startup (1-card deck, median): cardstock %.1f ms wall / %.1f ms CPU, %.1f MB RSS, PDF %.1f KB;"
          " floor %.1f ms wall / %.1f ms CPU, %.1f MB RSS, PDF %.1f KB"
          % (base["cardstock"], base_cpu["cardstock"], m("cardstock", 1, "rss_kb") / 1024, base_pdf["cardstock"] / 1024,
             base["floor"], base_cpu["floor"], m("floor", 1, "rss_kb") / 1024, base_pdf["floor"] / 1024))
    print()
    hdr = ("%7s | %9s %9s | %8s %8s %6s | %8s %8s %6s | %7s %7s | %8s %8s %5s | %9s"
           % ("cards", "cs ms", "floor ms", "cs/card", "fl/card", "ratio", "cs cpu/c", "fl cpu/c", "ratio",
              "cs RSS", "fl RSS", "cs PDF", "fl PDF", "size", "manifest"))
    print(hdr)
    print("%7s | %9s %9s | %8s %8s %6s | %8s %8s %6s | %7s %7s | %8s %8s %5s | %9s"
          % ("", "wall", "wall", "ms wall", "ms wall", "", "ms", "ms", "", "MB", "MB", "KB", "KB", "ratio", "KB"))
    print("-" * len(hdr))
    rows = {}
    for n in all_sizes:
        if n == 1:
            continue
        row = {}
        for t in ("cardstock", "floor"):
            row[t] = {
                "wall": m(t, n, "wall_ms"), "cpu": m(t, n, "cpu_ms"),
                "per": (m(t, n, "wall_ms") - base[t]) / (n - 1),
                "per_cpu": (m(t, n, "cpu_ms") - base_cpu[t]) / (n - 1),
                "rss": m(t, n, "rss_kb") / 1024, "pdf": m(t, n, "pdf") / 1024,
            }
        c, f = row["cardstock"], row["floor"]
        row["ratio"] = c["per"] / f["per"] if f["per"] > 0 else float("nan")
        row["ratio_cpu"] = c["per_cpu"] / f["per_cpu"] if f["per_cpu"] > 0 else float("nan")
        row["size_ratio"] = c["pdf"] / f["pdf"] if f["pdf"] else float("nan")
        rows[n] = row
        print("%7d | %9.1f %9.1f | %8.4f %8.4f %6.3f | %8.4f %8.4f %6.3f | %7.1f %7.1f | %8.1f %8.1f %5.2f | %9.1f"
              % (n, c["wall"], f["wall"], c["per"], f["per"], row["ratio"], c["per_cpu"], f["per_cpu"],
                 row["ratio_cpu"], c["rss"], f["rss"], c["pdf"], f["pdf"], row["size_ratio"],
                 m("cardstock", n, "manifest") / 1024))
    return rows, base_pdf


def print_fit_noise_growth(res, all_sizes, rows, base_pdf, reps, m):
    # Least-squares line through the medians of every size (1 card included): a second
    # estimate of the per-card cost that does not lean on the 1-card run alone.
    fit = {}
    for t in ("cardstock", "floor"):
        xs = list(all_sizes)
        ys = [m(t, n, "wall_ms") for n in xs]
        mx, my = statistics.fmean(xs), statistics.fmean(ys)
        slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
        fit[t] = (slope, my - slope * mx)
    print()
    print("least-squares fit over all sizes (wall): cardstock %.1f ms + %.4f ms/card, floor %.1f ms + %.4f ms/card"
          " -> per-card ratio %.3f" % (fit["cardstock"][1], fit["cardstock"][0], fit["floor"][1], fit["floor"][0],
                                      fit["cardstock"][0] / fit["floor"][0]))
    print()
    print("noise: spread = (max - min) / median over %d runs, wall [CPU]:" % reps)
    for n in all_sizes:
        parts = []
        for t in ("cardstock", "floor"):
            ws = [r["wall_ms"] for r in res[(t, n)]]
            cs_ = [r["cpu_ms"] for r in res[(t, n)]]
            parts.append("%s %.0f%% (%.1f..%.1f ms) [%.0f%%]" % (t, spread(ws), min(ws), max(ws), spread(cs_)))
        print("  %6d cards: %s" % (n, "; ".join(parts)))
    # PDF bytes per card beyond the 1-card file.
    print()
    for t in ("cardstock", "floor"):
        big = max(rows)
        per = (rows[big][t]["pdf"] * 1024 - base_pdf[t]) / (big - 1) / 1024
        print("PDF growth %-9s: %.1f KB base (1 card) + %.3f KB per card (fit at %d cards)" % (t, base_pdf[t] / 1024, per, big))


# --- decks beside the floor: whole process, medians and spread -------------------------------
def whole(res, key):
    out = {}
    for t in ("cardstock", "floor"):
        ws = [r["wall_ms"] for r in res[(t, key)]]
        out[t] = {"wall": med(ws), "min": min(ws), "max": max(ws),
                  "cpu": med([r["cpu_ms"] for r in res[(t, key)]]),
                  "rss": med([r["rss_kb"] for r in res[(t, key)]]) / 1024,
                  "pdf": med([r["pdf"] for r in res[(t, key)]]) / 1024}
    c, f = out["cardstock"], out["floor"]
    out["ratio"] = c["wall"] / f["wall"] if f["wall"] else float("nan")
    out["ratio_cpu"] = c["cpu"] / f["cpu"] if f["cpu"] else float("nan")
    out["size_ratio"] = c["pdf"] / f["pdf"] if f["pdf"] else float("nan")
    return out


def print_wholes(title, keys, res, reps, wholes):
    """One line per deck into wholes (key -> whole()), under title."""
    print()
    print("%s: whole process, median of %d runs [min..max], ratio = cardstock / floor" % (title, reps))
    hdr2 = ("%-26s | %21s %21s %6s | %7s | %6s %6s | %8s %8s %5s"
            % ("deck", "cs ms wall", "floor ms wall", "ratio", "cs/fl", "cs RSS", "fl RSS", "cs PDF", "fl PDF", "size"))
    print(hdr2)
    print("%-26s | %21s %21s %6s | %7s | %6s %6s | %8s %8s %5s"
          % ("", "", "", "wall", "CPU", "MB", "MB", "KB", "KB", "ratio"))
    print("-" * len(hdr2))
    for key in keys:
        w = wholes[key] = whole(res, key)
        c, f = w["cardstock"], w["floor"]
        print("%-26s | %7.1f [%5.0f..%5.0f] %7.1f [%5.0f..%5.0f] %6.3f | %7.3f | %6.1f %6.1f | %8.1f %8.1f %5.2f"
              % (label(key), c["wall"], c["min"], c["max"], f["wall"], f["min"], f["max"], w["ratio"], w["ratio_cpu"],
                 c["rss"], f["rss"], c["pdf"], f["pdf"], w["size_ratio"]))


# --- stage split: check (load + validate + resolve + layout, no drawing) vs build -----------
def stages(decks, rows, a, cs, root, m):
    big = 5400 if 5400 in decks else max(rows)
    chk = [run([cs, "check", os.path.join(decks[big], "bench.yaml"), "--paper", "letter"], cwd=root)
           for _ in range(a.reps)]
    chk1 = [run([cs, "check", os.path.join(decks[1], "bench.yaml"), "--paper", "letter"], cwd=root)
            for _ in range(a.reps)]
    cw, cw1 = med([r["wall_ms"] for r in chk]), med([r["wall_ms"] for r in chk1])
    bw = m("cardstock", big, "wall_ms")
    print()
    print("cardstock stages at %d cards (medians, wall): `check` (parse + validate + resolve + layout) %.1f ms"
          " (1 card: %.1f ms), `build` %.1f ms, so drawing + PDF + manifest = %.1f ms;"
          " floor total %.1f ms" % (big, cw, cw1, bw, bw - cw, m("floor", big, "wall_ms")))
    huge = max(rows)
    chk_huge = run([cs, "check", os.path.join(decks[huge], "bench.yaml"), "--paper", "letter"], cwd=root)
    print("peak RSS at %d cards: `check` (no drawing) %.1f MB, `build` %.1f MB, 1-card `check` %.1f MB"
          % (huge, chk_huge["rss_kb"] / 1024, m("cardstock", huge, "rss_kb") / 1024,
             med([r["rss_kb"] for r in chk1]) / 1024))


# --- what the decided libraries cost on their own ---------------------------------------------
# The memory targets beside what qpdf (decided: page boxes, clean-up) takes by itself,
# finishing the floor's own PDF of each size as cardstock's pass finishes its own: the
# pass holds the whole document, so it grows with the deck whatever is drawn before it.
# Measured under GNU time (Debian package `time`): a child of this script would start
# from this script's own peak, above qpdf's.
GNU_TIME = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None


def small_rss(cmd):
    """Peak RSS in MB of cmd, run from GNU time (a small parent); None if it cannot."""
    with tempfile.NamedTemporaryFile(mode="r") as f:
        subprocess.run([GNU_TIME, "-o", f.name, "-f", "%M"] + cmd, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=False)
        try:
            return int(f.read().split()[-1]) / 1024
        except (ValueError, IndexError):
            return None


def libraries_alone(all_sizes, tmp, m):
    if not shutil.which("qpdf"):
        return
    if not GNU_TIME:
        print()
        print("(the libraries alone: not measured, GNU time is missing: apt-get install time)")
        return
    print()
    print("the libraries alone (peak RSS): `qpdf --version` %.1f MB; the floor (Cairo + Pango + librsvg, no qpdf,"
          " no C++) at 1 card %.1f MB; cardstock at 1 card %.1f MB"
          % (small_rss(["qpdf", "--version"]) or 0, m("floor", 1, "rss_kb") / 1024,
             m("cardstock", 1, "rss_kb") / 1024))
    passes = []
    for n in [k for k in all_sizes if k >= 540]:
        src = os.path.join(tmp, "out-floor-%d" % n, "floor.pdf")
        cmd = ["qpdf", "--no-warn", "--warning-exit-0", "--object-streams=generate", src,
               os.path.join(tmp, "qpdf-pass.pdf")]
        rss = [small_rss(cmd) for _ in range(3)] if os.path.exists(src) else []
        if rss and None not in rss:
            passes.append((n, med(rss)))
    if passes:
        print("qpdf alone rewriting the floor's PDF, as cardstock's finishing pass rewrites its own: "
              + ", ".join("%d cards %.1f MB" % p for p in passes))
        if len(passes) > 1:
            (n0, r0), (n1, r1) = passes[0], passes[-1]
            print("  qpdf's pass grows %.1f MB from %d to %d cards (%.2f KB per card): a PDF that qpdf finishes"
                  " in one pass cannot be made in flat memory" % (r1 - r0, n0, n1, (r1 - r0) * 1024 / (n1 - n0)))


# --- the four games, cold then no-op ----------------------------------------------------------
def all_games(a, cs, root, tmp, failures):
    """Returns (cold runs, no-op runs)."""
    games = sorted(glob.glob(os.path.join(root, "content", "*.yaml")))
    cold, noop = [], []
    for i in range(a.game_reps):
        out = os.path.join(tmp, "games-%d" % i)
        shutil.rmtree(out, ignore_errors=True)
        r1 = run([cs, "build"] + games + ["-o", out], cwd=root)
        r2 = run([cs, "build"] + games + ["-o", out], cwd=root)
        for r, what in ((r1, "cold"), (r2, "second")):
            if r["rc"] != 0:
                failures.append("games %s build: exit %d: %s" % (what, r["rc"], r["err"].strip()[-600:]))
        cold.append(r1)
        noop.append(r2)
    nfiles = sum(len(fs) for _, _, fs in os.walk(os.path.join(tmp, "games-0")))
    print()
    print("all games (%s), every output (--paper all), %d files written:"
          % (" ".join(os.path.basename(g) for g in games), nfiles))
    for name, rs in (("cold (fresh out dir)", cold), ("no-op (same out dir again)", noop)):
        ws = [r["wall_ms"] for r in rs]
        print("  %-27s median %.0f ms wall (min %.0f, max %.0f), %.0f ms CPU, %.1f MB RSS"
              % (name, med(ws), min(ws), max(ws), med([r["cpu_ms"] for r in rs]),
                 med([r["rss_kb"] for r in rs]) / 1024))
    return cold, noop


# --- same picture? ----------------------------------------------------------------------------
def compare_pages(pages):
    """(same page count and sizes, pixels that differ, worst difference, pixels) of two
    lists of PPM files, read one page at a time (and removed): this process's own RSS must
    stay small, since a child's ru_maxrss starts from the parent's at spawn."""
    same = len(pages[0]) == len(pages[1]) and len(pages[0]) > 0
    differ, worst, total = 0, 0, 0
    for x, y in zip(*pages):
        with open(x, "rb") as fx, open(y, "rb") as fy:
            bx, by = fx.read(), fy.read()
        os.remove(x)
        os.remove(y)
        if len(bx) != len(by):
            same = False
            continue
        total += len(bx) // 3
        if bx == by:
            continue
        # Pixels (PPM, 3 bytes each) that differ, and by how many levels at most.
        for i in range(0, len(bx) - len(bx) % 3, 3):
            d = max(abs(bx[i] - by[i]), abs(bx[i + 1] - by[i + 1]), abs(bx[i + 2] - by[i + 2]))
            if d:
                differ += 1
                worst = max(worst, d)
    return same, differ, worst, total


def same_picture(tmp, key):
    """Both PDFs of the deck rendered at 100 dpi with pdftoppm, compared page by page. For
    a repeated deck this is where shared drawings are checked against drawing every card."""
    pair = (cs_pdf(os.path.join(tmp, "out-cardstock-%s" % tag(key))),
            os.path.join(tmp, "out-floor-%s" % tag(key), "floor.pdf"))
    pages = []
    for k, pdf in enumerate(pair):
        prefix = os.path.join(tmp, "pix-%s-%d" % (tag(key), k))
        subprocess.run(["pdftoppm", "-r", "100", pdf, prefix], check=False,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        pages.append(sorted(glob.glob(prefix + "*.ppm")))
    same, differ, worst, total = compare_pages(pages)
    if not same:
        verdict_ = "DIFFERENT (page count or size)"
    elif differ == 0:
        verdict_ = "pixel-identical"
    else:
        verdict_ = ("alike: %d of %d pixels differ, by at most %d of 255 levels (anti-aliasing where a"
                    " placed drawing is clipped)" % (differ, total, worst))
    print("same picture: the %s PDFs of cardstock and the floor rendered at 100 dpi: %s"
          " (%d vs %d pages)" % (label(key), verdict_, len(pages[0]), len(pages[1])))


# --- targets ------------------------------------------------------------------------------------
def targets(wholes, rows, cold, noop, failures):
    print()
    print("targets (from the issue):")

    def verdict(ok):
        # A run that failed measured nothing: no target passes on it.
        if failures:
            return "NOT MEASURED (runs failed, see below)"
        return "PASS" if ok else "MISS"
    for key in [k for k in wholes if count(k) == 5400 or isinstance(k, tuple) and k[0].startswith("png")]:
        w = wholes[key]
        if repeated(key):
            print("  %s: wall <= 0.5x floor: %.3fx  %s" % (label(key), w["ratio"], verdict(w["ratio"] <= 0.5)))
            print("  %s: PDF <= 0.5x floor: %.3fx  %s"
                  % (label(key), w["size_ratio"], verdict(w["size_ratio"] <= 0.5)))
        else:
            print("  %s: wall <= 1.1x floor: %.3fx (CPU %.3fx)  %s"
                  % (label(key), w["ratio"], w["ratio_cpu"], verdict(w["ratio"] <= 1.1)))
    for key in (5400, ("rep", 5400)):
        if key in wholes:
            r = wholes[key]["cardstock"]["rss"]
            print("  peak RSS at 5400 cards (%s) <= 30 MB: %.1f MB  %s"
                  % ("repeated" if repeated(key) else "distinct", r, verdict(r <= 30)))
    if 10000 in rows and 540 in rows:
        lo, hi = rows[540]["cardstock"]["rss"], rows[10000]["cardstock"]["rss"]
        # Flat: the deck grows x18.5, peak memory by at most a tenth.
        print("  peak RSS flat as the deck grows (10000 vs 540 cards, at most +10%%): %.1f vs %.1f MB (%+.0f%%, %.2f KB"
              " per card)  %s" % (hi, lo, 100 * (hi / lo - 1), (hi - lo) * 1024 / (10000 - 540),
                                  verdict(hi <= 1.1 * lo)))
    cw_ = med([x["wall_ms"] for x in cold])
    nw_ = med([x["wall_ms"] for x in noop])
    print("  all four games, every output, cold <= 450 ms: %.0f ms  %s" % (cw_, verdict(cw_ <= 450)))
    print("  no-op rebuild <= 25 ms: %.0f ms  %s" % (nw_, verdict(nw_ <= 25)))


def parse_args():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cardstock", required=True)
    ap.add_argument("--floor", required=True)
    ap.add_argument("--root", required=True, help="the repository (templates/, content/)")
    ap.add_argument("--sizes", default="54,540,5400,10000")
    ap.add_argument("--repeated-sizes", default="540,5400",
                    help="sizes of the deck that repeats 54 faces (gen_deck.py --distinct 54)")
    ap.add_argument("--png-sizes", default="540,5400",
                    help="sizes of the PNG-map decks, one YAML row per card, repeated and distinct"
                         " (gen_deck.py --png); empty for none")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--game-reps", type=int, default=5)
    ap.add_argument("--keep", action="store_true", help="keep the temporary folder")
    return ap.parse_args()


def sizes_of(text):
    return [int(s) for s in text.split(",") if s]


def main():
    a = parse_args()
    sizes = sizes_of(a.sizes)
    root = os.path.abspath(a.root)
    cs = os.path.abspath(a.cardstock)
    fl = os.path.abspath(a.floor)
    tmp = tempfile.mkdtemp(prefix="cardstock-bench-")
    failures = []

    print("machine: %s" % machine())
    print("load average at start: %s (other work on the machine shows up as wall-time noise)" % loadavg())
    print("reps: %d per tool and size (medians shown); temp: %s" % (a.reps, tmp))
    print("RSS floor of the method: this script's own peak RSS is %.1f MB (exec records the"
          " parent's RSS as the child's starting peak)" % (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024))
    print()

    all_sizes = [1] + [n for n in sizes if n != 1]
    rep_keys = [("rep", n) for n in sizes_of(a.repeated_sizes)]
    png_keys = [(kind, n) for n in sizes_of(a.png_sizes) for kind in ("png-rep", "png")]
    keys = all_sizes + rep_keys + png_keys
    decks = make_decks(tmp, keys, fl)
    t_start = time.perf_counter()
    res = run_all(keys, decks, a, cs, fl, root, tmp, failures)
    runs_s = time.perf_counter() - t_start

    def m(tool, n, key):
        return med([r[key] for r in res[(tool, n)]])

    rows, base_pdf = print_table(res, all_sizes, m)
    print_fit_noise_growth(res, all_sizes, rows, base_pdf, a.reps, m)
    wholes = {}
    print_wholes("both decks beside the floor", [k for k in all_sizes if k in (540, 5400)] + rep_keys,
                 res, a.reps, wholes)
    if png_keys:
        print_wholes("PNG map, one YAML row per card", png_keys, res, a.reps, wholes)
    stages(decks, rows, a, cs, root, m)
    libraries_alone(all_sizes, tmp, m)
    cold, noop = all_games(a, cs, root, tmp, failures)
    if shutil.which("pdftoppm"):
        print()
        for key in [min(rows)] + rep_keys[:1] + [k for k in png_keys if count(k) == count(png_keys[0])]:
            same_picture(tmp, key)
    targets(wholes, rows, cold, noop, failures)
    print()
    print("load average at end: %s; benchmark runs took %.0f s" % (loadavg(), runs_s))
    if failures:
        print()
        print("FAILURES (%d):" % len(failures))
        for f in failures[:20]:
            print("  " + f)
    if a.keep:
        print("kept %s" % tmp)
    else:
        shutil.rmtree(tmp, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
