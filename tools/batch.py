"""Batch solving on Dask, for bench/solver.py and tools/winnable.py.

    with Batch(jobs=2) as batch:                      # a LocalCluster of 2 workers
        for row in batch.solve(tasks, out="run.jsonl"):
            ...                                       # rows as they come in
    Batch(scheduler="tcp://host:8786")                # a cluster that runs already

A task is ``(game, seed, budget, time_limit)``: deal ``seed`` of ``game``
solved with ``budget`` nodes and at most ``time_limit`` CPU seconds. Each
answer is a row (a dict: game, seed, budget, time_limit, status, nodes,
seconds = CPU seconds, moves) written to the JSON-lines file as soon as it
arrives, so a stopped run loses nothing: run the same command again and the
tasks that already have a row in the file are not solved again.

Dask (``dask.distributed``) is a development tool here, installed from
requirements-dev.txt; the game never needs it. Workers of a cluster started
elsewhere get this project's engine as a zip file (``Client.upload_file``),
so they need only Python and Dask.
"""

from __future__ import annotations

import io
import json
import os
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def solve_deal(task) -> dict:
    """Solve one task (runs on a worker). Its seconds are the CPU seconds of
    the deal and the search, measured here, so the same figure comes out
    for any version of the engine."""
    import time

    from game import deal
    from game.solver import solve

    game_id, seed, budget, time_limit = task
    t0 = time.process_time()
    result = solve(deal(game_id, seed), budget_nodes=budget, time_limit=time_limit)
    seconds = time.process_time() - t0
    return {
        "game": game_id,
        "seed": seed,
        "budget": budget,
        "time_limit": time_limit,
        "status": result.status,
        "nodes": result.nodes,
        "seconds": seconds,
        "moves": len(result.line),
    }


def task_of(row) -> tuple:
    """The task a row answers (rows of files written before budgets were
    recorded have none: they match no task)."""
    return (row["game"], row["seed"], row.get("budget"), row.get("time_limit"))


def read_rows(path) -> list[dict]:
    """The rows of a JSON-lines file (a last line cut short by a stop is skipped)."""
    rows = []
    if path and Path(path).exists():
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            try:
                rows.append(json.loads(line))
            except ValueError:
                continue
    return rows


def append_to(path):
    """Open a JSON-lines file for appending, after ending a line that a stop
    cut short (that line is then skipped by read_rows)."""
    path = Path(path)
    if path.exists() and path.stat().st_size:
        with open(path, "rb") as f:
            f.seek(-1, 2)
            cut = f.read(1) != b"\n"
        if cut:
            with open(path, "a", encoding="utf-8") as f:
                f.write("\n")
    return open(path, "a", encoding="utf-8")


def engine_zip() -> bytes:
    """The engine (game/ without game/web/) and this module, as a zip that a
    worker can import from."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted((ROOT / "game").rglob("*.py")):
            rel = path.relative_to(ROOT)
            if "web" not in rel.parts[1:2]:
                z.write(path, rel.as_posix())
        for name in ("__init__.py", "batch.py"):
            z.write(ROOT / "tools" / name, f"tools/{name}")
    return buf.getvalue()


class Batch:
    """A Dask client: a LocalCluster of ``jobs`` single-threaded worker
    processes, or the cluster at ``scheduler``."""

    def __init__(self, jobs: int = 1, scheduler: str | None = None, quiet: bool = True):
        import logging

        from distributed import Client, LocalCluster

        if quiet:
            logging.getLogger("distributed").setLevel(logging.ERROR)
        self.cluster = None
        if scheduler:
            self.client = Client(scheduler)
            self._upload()
        else:
            # Worker processes import the engine from this folder.
            path = os.environ.get("PYTHONPATH")
            os.environ["PYTHONPATH"] = str(ROOT) + (os.pathsep + path if path else "")
            self.cluster = LocalCluster(
                n_workers=max(1, jobs),
                threads_per_worker=1,
                processes=True,
                dashboard_address=":0",
                silence_logs=logging.CRITICAL,
            )
            self.client = Client(self.cluster)

    def _upload(self) -> None:
        import tempfile

        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "solitaire_engine.zip"
            path.write_bytes(engine_zip())
            self.client.upload_file(str(path))

    @property
    def workers(self) -> int:
        return max(1, len(self.client.scheduler_info().get("workers", {})))

    def solve(self, tasks, out=None, done=None):
        """Yield a row per task as each comes in, writing it to ``out`` (JSON
        lines, appended) first. Tasks that ``out`` already answers are not
        solved again: their rows come first. ``done`` (a list) receives those
        earlier rows too, for callers that want to tell them apart."""
        from distributed import as_completed

        earlier = {task_of(r): r for r in read_rows(out)}
        todo = []
        for task in tasks:
            row = earlier.get(tuple(task))
            if row is not None:
                if done is not None:
                    done.append(row)
                yield row
            else:
                todo.append(tuple(task))
        if not todo:
            return
        sink = append_to(out) if out else None
        try:
            futures = self.client.map(solve_deal, todo, pure=False)
            for future in as_completed(futures):
                row = future.result()
                if sink:
                    sink.write(json.dumps(row) + "\n")
                    sink.flush()
                yield row
        finally:
            if sink:
                sink.close()

    def map_ordered(self, tasks, window: int | None = None):
        """Submit tasks in order, at most ``window`` at a time, and yield
        (index, row) as they come in; closing the generator cancels the rest."""
        from distributed import wait

        window = window or 2 * self.workers
        tasks = list(tasks)
        pending: dict = {}
        nxt = 0
        try:
            while nxt < len(tasks) or pending:
                while nxt < len(tasks) and len(pending) < window:
                    pending[self.client.submit(solve_deal, tasks[nxt], pure=False)] = nxt
                    nxt += 1
                finished = wait(list(pending), return_when="FIRST_COMPLETED").done
                for future in finished:
                    yield pending.pop(future), future.result()
        finally:
            for future in pending:
                future.cancel()

    def close(self) -> None:
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def progress(done: int, total: int, every: int = 50) -> None:
    if done % every == 0 or done == total:
        print(f"  {done}/{total} deals", file=sys.stderr, flush=True)
