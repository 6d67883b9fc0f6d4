"""Lighthouse against ./build's output, with Debian's Chromium: the four
category scores and the page's metrics, for the desktop and the mobile preset.

    bench/run --only lighthouse [--lighthouse-runs 3]

The folder is built afresh (``tools/build.py``, precompressed copies included)
and served by ``tools/serve.py``, which sends the Brotli or gzip copy a
browser accepts, as a static host configured for them would. Each preset runs
``--lighthouse-runs`` times; the table gives the median of each figure.
Lighthouse itself comes from ``bench/package.json`` (``npm ci`` in bench/,
which bench/run does); the game needs none of it.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
CLI = BENCH / "node_modules" / "lighthouse" / "cli" / "index.js"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
METRICS = (
    ("first-contentful-paint", "FCP", "ms"),
    ("largest-contentful-paint", "LCP", "ms"),
    ("total-blocking-time", "TBT", "ms"),
    ("cumulative-layout-shift", "CLS", ""),
    ("speed-index", "Speed Index", "ms"),
    ("interactive", "TTI", "ms"),
)
PRESETS = ("desktop", "mobile")


def run_once(url: str, preset: str, chromium: str, flags: list[str], out: Path) -> dict:
    cmd = ["node", str(CLI), url, "--quiet", "--output=json", f"--output-path={out}"]
    cmd.append(f"--chrome-flags={' '.join(['--headless=new', *flags])}")
    if preset == "desktop":
        cmd.append("--preset=desktop")
    env = dict(os.environ, CHROME_PATH=chromium)
    subprocess.run(cmd, check=True, env=env, cwd=BENCH, stdout=subprocess.DEVNULL)
    report = json.loads(out.read_text(encoding="utf-8"))
    if report.get("runtimeError"):
        raise SystemExit(f"lighthouse: {report['runtimeError']}")
    audits = report["audits"]
    found = {
        "scores": {c: round(100 * (report["categories"][c]["score"] or 0)) for c in CATEGORIES},
        "metrics": {key: audits[key].get("numericValue") for key, _, _ in METRICS},
        "failed": {},
        # Where the layout shifts came from (with --json): element and score.
        "shifts": [
            [(item.get("node") or {}).get("selector", "?"), round(item.get("score") or 0, 4)]
            for item in ((audits.get("layout-shifts") or {}).get("details") or {}).get("items") or []
        ],
    }
    # The main thread's long tasks (Lighthouse's "long-tasks" audit): where and how long.
    found["long_tasks"] = [
        [urlsplit(str(item.get("url") or "")).path or str(item.get("url") or "?"), round(item.get("duration") or 0)]
        for item in ((audits.get("long-tasks") or {}).get("details") or {}).get("items") or []
    ]
    for category in CATEGORIES[1:]:  # what keeps a category below 100, and where
        for ref in report["categories"][category]["auditRefs"]:
            audit = audits[ref["id"]]
            if ref.get("weight") and audit.get("score") is not None and audit["score"] < 1:
                items = (audit.get("details") or {}).get("items") or []
                urls = {str((i.get("source") or {}).get("url") or i.get("url") or "") for i in items} - {""}
                where = sorted(urlsplit(u).path or u for u in urls)
                found["failed"][f"{category}: {ref['id']}"] = where
    return found


def lighthouse(runs: int, chromium: str, flags: list[str]) -> dict:
    from tools import build
    from tools.serve import make_server, serve_in_thread

    with tempfile.TemporaryDirectory(prefix="solitaire-lh-") as tmp:
        dist = Path(tmp) / "dist"
        copied = build.build(ROOT, dist)
        sent = build.compress(dist, [*copied, build.precache.OUTPUT])
        server = make_server(dist, port=0, quiet=True)
        serve_in_thread(server)
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        out = {"bytes": sent, "presets": {}}
        try:
            for preset in PRESETS:
                samples = [
                    run_once(url, preset, chromium, flags, Path(tmp) / f"{preset}-{i}.json") for i in range(runs)
                ]
                out["presets"][preset] = samples
        finally:
            server.shutdown()
            server.server_close()
    return out


def table(r: dict) -> str:
    rows = [
        "| Lighthouse (median) | " + " | ".join(PRESETS) + " |",
        "|---|" + "---:|" * len(PRESETS),
    ]
    presets = r["presets"]
    for c in CATEGORIES:
        rows.append(
            f"| {c} | " + " | ".join(str(statistics.median(s["scores"][c] for s in presets[p])) for p in PRESETS) + " |"
        )
    for key, name, unit in METRICS:
        cells = []
        for p in PRESETS:
            values = [s["metrics"][key] for s in presets[p] if s["metrics"][key] is not None]
            v = statistics.median(values) if values else None
            cells.append("–" if v is None else (f"{v:,.0f} {unit}" if unit else f"{v:.3f}"))
        rows.append(f"| {name} | " + " | ".join(cells) + " |")
    failed = {}
    for p in PRESETS:
        for s in presets[p]:
            for name, where in s["failed"].items():
                failed.setdefault(name, set()).update(where)
    lines = ["\n".join(rows)]
    if failed:
        lines.append(
            "Below 100 because of: "
            + "; ".join(f"{name} ({', '.join(sorted(w)) or 'the page'})" for name, w in sorted(failed.items()))
        )
    for p in PRESETS:
        tasks = presets[p][0].get("long_tasks") if presets[p] else None
        if tasks:
            lines.append(
                f"Long tasks on the main thread ({p}, first run): "
                + ", ".join(f"{where or 'the page'} {ms:,} ms" for where, ms in tasks[:8])
            )
    b = r["bytes"]
    lines.append(
        f"Bytes of the build: {b['raw'] / 1e6:.1f} MB, {b['gzip'] / 1e6:.1f} MB sent with gzip, "
        f"{b['br'] / 1e6:.1f} MB with Brotli."
    )
    return "\n\n".join(lines)
