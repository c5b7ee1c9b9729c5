"""Analyses of finished matches, asked for from the browser: a bounded queue of worker processes.

Each analysis (:func:`president.analysis.analyse`, every seat, from each seat's own view)
runs in a process of its own, apart from the bot workers, so that a long analysis never
delays a bot's move, and never in the event loop. The process reports its progress
through a pipe that the event loop polls; it is killed when it runs past
``analysis_seconds`` or the server stops, and dies with the server however that ends.

The same slots run the balance labels of a rule code (:mod:`president.balance`): measured once per code
in a worker process, kept in memory, and the presets' shipped figures are answered at once.

Limits (``ServerConfig``): ``analysis_workers`` analyses run at once, ``analysis_queue``
more may wait, one client address may have ``analysis_per_client`` waiting or running.
Asking again for a match whose analysis is under way joins it; a finished analysis is
stored with the match and returned at once from then on. Only finished matches have an
id, and their records are public, so an analysis reveals nothing hidden.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from ...record import read_record
from ...rules import Rules
from ..config import ServerConfig
from ..errors import ProtocolError
from ..parent_watch import exit_with_parent
from .journal import Journal

log = logging.getLogger("president.server")

POLL_SECONDS = 0.1
"""How often the event loop looks at the pipes of the running analyses."""

SEED = 0
"""The analysis seed: the same match gives the same analysis on every server."""

FAILED_KEPT_SECONDS = 600.0
"""How long a failed analysis is reported before it is forgotten (asking again retries at once)."""


@dataclass(kw_only=True)
class Work:
    """What a worker process of the pool is doing for one request: waiting, running or failed."""

    total: int
    state: str = "queued"
    """``queued``, ``running`` or ``failed``."""
    done: int = 0
    message: str = ""
    changed: float = field(default_factory=time.monotonic)
    task: asyncio.Task[None] | None = None

    @property
    def label(self) -> str:
        """What the work is, for the log."""
        raise NotImplementedError


@dataclass(kw_only=True)
class Job(Work):
    """One analysis waiting, running or failed (a finished one lives in the database)."""

    match_id: int
    client: str
    record: str

    @property
    def label(self) -> str:
        """What the job is, for the log."""
        return f"the analysis of match {self.match_id}"


@dataclass(kw_only=True)
class BalanceJob(Work):
    """The balance labels of one rule code, waiting, running or failed (finished ones are kept in memory)."""

    code: str

    @property
    def label(self) -> str:
        """What the job is, for the log."""
        return f"the balance of {self.code}"


@dataclass(frozen=True, slots=True)
class Progress:
    """From the worker process: ``done`` of ``total`` positions analysed."""

    done: int
    total: int


@dataclass(frozen=True, slots=True)
class Finished:
    """From the worker process: the analysis, in its JSON form."""

    result: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Failed:
    """From the worker process: why the analysis stopped."""

    reason: str


def _work(pipe: Connection, parent: int, record: str, level: str, worlds: int, seed: int) -> None:
    """The worker process: run the analysis, sending :class:`Progress`, then :class:`Finished` or :class:`Failed`,
    up the pipe."""
    exit_with_parent(parent)
    from ...analysis import analyse

    try:
        result = analyse(record, level=level, worlds=worlds, seed=seed,
                         progress=lambda done, total: pipe.send(Progress(done, total)))
        pipe.send(Finished(result.to_dict()))
    except Exception as exc:
        pipe.send(Failed(f"{type(exc).__name__}: {exc}"))
    finally:
        pipe.close()


def _balance_work(pipe: Connection, parent: int, code: str, deals: int, seed: int) -> None:
    """The worker process of a rule code's balance labels: :class:`Progress`, then :class:`Finished` or
    :class:`Failed`."""
    exit_with_parent(parent)
    from ...balance import measure
    from ...rule_codes import decode

    try:
        figures = measure(decode(code), deals=deals, seed=seed,
                          progress=lambda done, total: pipe.send(Progress(done, total)))
        pipe.send(Finished(figures))
    except Exception as exc:
        pipe.send(Failed(f"{type(exc).__name__}: {exc}"))
    finally:
        pipe.close()


def _par_work(pipe: Connection, parent: int, rules: Rules, deals: list[list[int]], bot: str, playouts: int,
              seconds: float) -> None:
    """The worker process of duplicate deals' par: :func:`president.duplicate.par_points` of each deal (``seconds``
    shared among them), sent up the pipe."""
    exit_with_parent(parent)
    from ...duplicate import par_points

    try:
        pars = [par_points(rules, hands, bot=bot, playouts=playouts, seconds=seconds / len(deals), seed=SEED)
                for hands in deals]
        pipe.send(Finished({"pars": [{"points": list(p.points), "playouts": p.playouts, "bot": p.bot}
                                     for p in pars]}))
    except Exception as exc:
        pipe.send(Failed(f"{type(exc).__name__}: {exc}"))
    finally:
        pipe.close()


BALANCE_DEALS = 200
"""Deals the server's balance labels are measured on (as ``president rules CODE --balance`` by default)."""
BALANCE_SEED = 1
"""Their seed (the shipped figures of the presets use the same)."""
BALANCE_KEPT = 256
"""Rule codes whose measured figures the server keeps in memory."""
PAR_SPARE_SECONDS = 60.0
"""Time a par's worker is given beyond its playouts' budget (starting a process, loading the bots)."""


class Analyses:
    """The analyses of one server: start, follow, store."""

    def __init__(self, config: ServerConfig, journal: Journal) -> None:
        self.config = config
        self.journal = journal
        self.jobs: dict[int, Job] = {}
        self._slots: asyncio.Semaphore | None = None
        self._processes: set[multiprocessing.process.BaseProcess] = set()
        self.balances: dict[str, dict[str, Any]] = {}
        """Measured balance labels by rule code (the oldest dropped past :data:`BALANCE_KEPT`)."""
        self.balance_jobs: dict[str, BalanceJob] = {}

    def _balance_progress(self, job: BalanceJob) -> dict[str, Any]:
        out: dict[str, Any] = {"code": job.code, "status": job.state, "done": job.done, "total": job.total}
        if job.message:
            out["message"] = job.message
        return out

    def balance(self, code: str, start: bool = False) -> dict[str, Any]:
        """The balance labels of a (canonical) rule code: ``done`` with ``balance``, ``queued``/``running`` with
        the progress, ``failed`` with ``message``, or ``none``; with ``start``, a measure is begun if none is
        under way (``busy``, 503, when the queue is full)."""
        from ...balance import figures_key, shipped, table_size
        from ...rule_codes import decode

        known = self.balances.get(code)
        if known is None:
            key = figures_key(code, table_size(decode(code)), BALANCE_DEALS, BALANCE_SEED)
            known = shipped().get(key)
        if known is not None:
            return {"code": code, "status": "done", "balance": known}
        job = self.balance_jobs.get(code)
        if job is not None and (job.state != "failed" or not start):
            return self._balance_progress(job)
        if not start:
            return {"code": code, "status": "none"}
        waiting = sum(1 for j in self.balance_jobs.values() if j.state != "failed")
        if waiting >= self.config.analysis_queue:
            raise ProtocolError("analysis_busy", "too many measures are waiting; try again in a minute", 503)
        job = BalanceJob(code=code, total=BALANCE_DEALS)
        self.balance_jobs[code] = job
        job.task = asyncio.get_running_loop().create_task(self._run_balance(job))
        return self._balance_progress(job)

    async def _run_balance(self, job: BalanceJob) -> None:
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.config.analysis_workers)
        async with self._slots:
            job.state, job.changed = "running", time.monotonic()
            try:
                result = await self._in_process(job, _balance_work, (job.code, BALANCE_DEALS, BALANCE_SEED),
                                                f"president-balance-{len(self.balances)}")
            except Exception as exc:
                self._fail(job, str(exc) or type(exc).__name__)
                return
            if result is None:
                return
            if len(self.balances) >= BALANCE_KEPT:
                del self.balances[next(iter(self.balances))]
            self.balances[job.code] = result
            del self.balance_jobs[job.code]

    def _progress(self, job: Job) -> dict[str, Any]:
        out: dict[str, Any] = {"match_id": job.match_id, "status": job.state, "done": job.done, "total": job.total}
        if job.state == "queued":
            out["position"] = sum(1 for j in self.jobs.values() if j.state == "queued" and j.changed < job.changed)
        if job.message:
            out["message"] = job.message
        return out

    async def status(self, match_id: int) -> dict[str, Any]:
        """Where the analysis of a match stands: ``done`` (with ``analysis``), ``queued``, ``running``,
        ``failed`` (with ``message``) or ``none``; ``not_found`` when there is no such finished match."""
        job = self.jobs.get(match_id)
        if job is not None:
            return self._progress(job)
        stored = await self.journal.read(self.journal.storage.analysis, match_id)
        if stored is not None:
            return {"match_id": match_id, "status": "done", "analysis": stored}
        if await self.journal.read(self.journal.storage.match, match_id) is None:
            raise ProtocolError("not_found", f"there is no finished match {match_id}", 404)
        return {"match_id": match_id, "status": "none"}

    async def start(self, match_id: int, client: str) -> tuple[dict[str, Any], bool]:
        """Start the analysis of a finished match for ``client`` (an address), or join the one under way.

        Returns the status (as :meth:`status`) and whether the analysis is already stored.
        """
        self._forget_failures()
        job = self.jobs.get(match_id)
        if job is not None and job.state != "failed":
            return self._progress(job), False
        stored, match = await self.journal.read(self._load, match_id)
        if stored is not None:
            return {"match_id": match_id, "status": "done", "analysis": stored}, True
        if match is None:
            raise ProtocolError("not_found", f"there is no finished match {match_id}", 404)
        if self.config.analysis_workers < 1:
            raise ProtocolError("analysis_busy", "this server does not analyse matches", 503)
        record, moves = match
        if moves is None:
            raise ProtocolError("not_analysable", "only matches of the climbing game can be analysed", 422)
        if moves > self.config.analysis_max_moves:
            raise ProtocolError("not_analysable", f"this match has {moves} moves; the server analyses matches of "
                                f"at most {self.config.analysis_max_moves}", 422)
        job = self.jobs.get(match_id)  # another request may have started it while the database was read
        if job is not None and job.state != "failed":
            return self._progress(job), False
        mine = sum(1 for j in self.jobs.values() if j.client == client and j.state != "failed")
        if client and mine >= self.config.analysis_per_client:
            raise ProtocolError("too_many_analyses", "wait for the end of the analysis you asked for before "
                                "asking for another", 429)
        active = sum(1 for j in self.jobs.values() if j.state != "failed")
        if active >= self.config.analysis_workers + self.config.analysis_queue:
            raise ProtocolError("analysis_busy", "the server runs as many analyses as it can; try again in a "
                                "few minutes", 503)
        job = Job(match_id=match_id, client=client, record=record, total=moves)
        self.jobs[match_id] = job
        job.task = asyncio.create_task(self._run(job))
        return self._progress(job), False

    def _load(self, match_id: int) -> tuple[dict[str, Any] | None, tuple[str, int | None] | None]:
        """In a reader thread: the stored analysis, else the record and its number of moves (None: not ours)."""
        storage = self.journal.storage
        stored = storage.analysis(match_id)
        if stored is not None:
            return stored, None
        match = storage.match(match_id)
        if match is None:
            return None, None
        record = str(match["record"])
        try:
            moves: int | None = len(read_record(record).moves)
        except ValueError:
            moves = None
        return None, (record, moves)

    def _forget_failures(self) -> None:
        now = time.monotonic()
        for match_id, job in list(self.jobs.items()):
            if job.state == "failed" and now - job.changed > FAILED_KEPT_SECONDS:
                del self.jobs[match_id]

    def _fail(self, job: Work, message: str) -> None:
        log.warning("%s failed: %s", job.label, message)
        job.state, job.message, job.changed = "failed", message, time.monotonic()

    async def _run(self, job: Job) -> None:
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.config.analysis_workers)
        async with self._slots:
            job.state, job.changed = "running", time.monotonic()
            started = time.monotonic()
            try:
                result = await self._in_process(
                    job, _work, (job.record, self.config.analysis_level, self.config.analysis_worlds, SEED),
                    f"president-analysis-{job.match_id}")
                if result is not None:
                    result = {"match_id": job.match_id, **result}
            except Exception as exc:
                self._fail(job, str(exc) or type(exc).__name__)
                return
            if result is None:
                return
            try:
                await self.journal.write(self.journal.storage.save_analysis, job.match_id, self.config.analysis_level,
                                         self.config.analysis_worlds, result, round(time.monotonic() - started, 3))
            except Exception:
                log.exception("the analysis of match %d could not be stored", job.match_id)
                self._fail(job, "the analysis could not be stored")
                return
            del self.jobs[job.match_id]

    async def _in_process(self, job: Work, target: Any, args: tuple[Any, ...],
                          name: str) -> dict[str, Any] | None:
        """Run ``target(pipe, parent, *args)`` in a worker process; its result, or None once the job is marked
        failed."""
        context = multiprocessing.get_context("spawn")
        reader, writer = context.Pipe(duplex=False)
        process = context.Process(target=target, name=name, daemon=True, args=(writer, os.getpid(), *args))
        loop = asyncio.get_running_loop()
        self._processes.add(process)
        failure = "the analysis stopped without a result"
        try:
            await loop.run_in_executor(None, process.start)
            writer.close()
            deadline = time.monotonic() + self.config.analysis_seconds
            while True:
                outcome = _drain(reader, job)
                if isinstance(outcome, dict):
                    return outcome
                if outcome is not None:
                    failure = outcome
                    break
                if not process.is_alive() and not reader.poll():
                    break
                if time.monotonic() > deadline:
                    failure = f"{job.label} took longer than {self.config.analysis_seconds:g} seconds"
                    break
                await asyncio.sleep(POLL_SECONDS)
        finally:
            reader.close()
            if process.is_alive():
                process.kill()
            if process.pid is not None:
                await loop.run_in_executor(None, process.join, 5)
            self._processes.discard(process)
        # Marked failed only once its worker is gone, so that asking again never meets the old worker.
        self._fail(job, failure)
        return None

    async def par(self, rules: Rules, deals: list[list[int]], bot: str, playouts: int,
                  seconds: float) -> list[dict[str, Any]]:
        """Par of duplicate deals, each given as its dealt hands (:func:`president.duplicate.par_points`), computed
        by one worker process of the analysis pool (one of its ``analysis_workers`` slots, never the event loop):
        ``{"points", "playouts", "bot"}`` by deal. Raises ``ProtocolError`` ``analysis_busy`` when the server
        analyses nothing, ``RuntimeError`` when the worker fails."""
        if self.config.analysis_workers < 1:
            raise ProtocolError("analysis_busy", "this server does not analyse matches", 503)
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.config.analysis_workers)
        async with self._slots:
            context = multiprocessing.get_context("spawn")
            reader, writer = context.Pipe(duplex=False)
            process = context.Process(target=_par_work, name="president-par", daemon=True,
                                      args=(writer, os.getpid(), rules, deals, bot, playouts, seconds))
            loop = asyncio.get_running_loop()
            self._processes.add(process)
            try:
                await loop.run_in_executor(None, process.start)
                writer.close()
                deadline = time.monotonic() + seconds + PAR_SPARE_SECONDS
                while time.monotonic() < deadline:
                    if reader.poll():
                        message = reader.recv()
                        if isinstance(message, Finished):
                            return list(message.result["pars"])
                        raise RuntimeError(message.reason if isinstance(message, Failed) else "no par")
                    if not process.is_alive() and not reader.poll():
                        break
                    await asyncio.sleep(POLL_SECONDS)
                raise RuntimeError("the par of a duplicate deal was not computed in time")
            finally:
                reader.close()
                if process.is_alive():
                    process.kill()
                if process.pid is not None:
                    await loop.run_in_executor(None, process.join, 5)
                self._processes.discard(process)

    def close(self) -> None:
        """Stop every analysis under way (they are lost; asking again starts them afresh)."""
        jobs: list[Work] = [*self.jobs.values(), *self.balance_jobs.values()]
        for job in jobs:
            if job.task is not None:
                job.task.cancel()
        for process in list(self._processes):
            with contextlib.suppress(Exception):
                if process.is_alive():
                    process.kill()
        self._processes.clear()


def _drain(reader: Connection, job: Work) -> dict[str, Any] | str | None:
    """Read the worker's messages waiting in the pipe: its result, the reason it failed, or None (still working)."""
    while reader.poll():
        try:
            message = reader.recv()
        except EOFError:
            return "the analysis stopped without a result"
        if isinstance(message, Progress):
            job.done, job.total = message.done, message.total
        elif isinstance(message, Finished):
            return message.result
        else:
            return message.reason if isinstance(message, Failed) else f"unexpected message {message!r:.64}"
    return None
