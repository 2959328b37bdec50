/**
 * "What if" as a job (ARCHITECTURE.md, Jobs): a request starts a projection and answers at once;
 * a worker thread reads one snapshot on its own connection and computes both scenarios with the
 * live engine's rules (engine.ts), away from the locks and pool slots of live traffic. The job row
 * (repo.ts) holds progress and the result, so any instance answers about it; one runs at a time
 * per platform. It ends when done, on cancel (from any instance), when nobody has followed it for
 * WHAT_IF_IDLE_SECONDS, and when this server stops.
 */

import type { Worker } from 'node:worker_threads';
import { WHAT_IF_MAX_MEMBER_DAYS, type WhatIfJob } from '@app/contracts/what-if';
import type { Clock } from '../../../clock.js';
import type { Db } from '../../../db/pool.js';
import { badRequest, conflict, notFound } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import { toCsv } from '../../../http/csv.js';
import { joinTerms, memberDays, memberDaysDone, type WhatIfInput } from './project.js';
import * as repo from './repo.js';
import { ThreadPool } from './thread.js';
import type { WorkerInput, WorkerMessage } from './worker.js';

/** How often the running instance beats and reads whether the job was cancelled elsewhere. */
const BEAT_MS = 500;
/** A running job whose instance has not beaten for this long is taken as dead. */
const STALE_SECONDS = 30;

interface Local {
  /** The thread that reads the snapshot and computes the current scenario, and the proposed one's. */
  worker: Worker;
  proposed: Worker;
  timer: NodeJS.Timeout;
  daysDone: number;
  backendPid: number | null;
  snapshotDone: boolean;
}

const dto = (r: repo.RunRow): WhatIfJob => ({
  id: r.id,
  status: r.status,
  progress: {
    days_done: r.days_done,
    days: r.days_total,
    member_days_done: memberDaysDone(Number(r.member_days), r.body, r.days_done),
  },
  member_days: Number(r.member_days),
  started_by: r.started_by,
  started_at: r.started_at.toISOString(),
  finished_at: r.finished_at?.toISOString() ?? null,
  error: r.error,
  result: r.result,
});

const when = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export function createWhatIfService(deps: { db: Db; clock: Clock; idleSeconds: number }) {
  const { db, clock } = deps;
  const local = new Map<number, Local>();
  const threads = new ThreadPool();

  async function start(actor: Actor, body: WhatIfInput): Promise<WhatIfJob> {
    const plans = await repo.currentPlans(db);
    const missing = body.plans.find((p) => !plans.some((plan) => plan.id === p.id));
    if (missing) throw badRequest(`Plan ${missing.id} does not exist`);
    const join = joinTerms(plans, body);
    if (typeof join === 'string') throw badRequest(join);
    const claimants = await repo.claimantCount(db);
    const size = memberDays(claimants, body);
    if (size > WHAT_IF_MAX_MEMBER_DAYS) {
      throw badRequest(
        `${claimants.toLocaleString('en-US')} members (and ${body.joins_per_day.toLocaleString('en-US')} joining a day) over ${body.days} days is ${size.toLocaleString('en-US')} member-days; a projection covers at most ${WHAT_IF_MAX_MEMBER_DAYS.toLocaleString('en-US')} (ten million). Choose fewer days or fewer joins.`,
      );
    }
    await repo.failStale(db, STALE_SECONDS);
    const now = clock.now();
    const id = await repo.insertRun(db, {
      adminId: actor.userId,
      body,
      days: body.days,
      memberDays: size,
      now,
    });
    if (id === null) {
      const running = await repo.runningRun(db);
      throw conflict(
        running
          ? `A projection started by ${running.started_by} at ${when(running.started_at)} is still running (day ${running.days_done} of ${running.days_total}); wait for it to finish or cancel it.`
          : 'Another projection is running; try again in a moment.',
      );
    }
    launch(id, { connectionString: db.options.connectionString!, body, from: now.getTime() });
    return dto((await repo.findRun(db, id))!);
  }

  function launch(id: number, input: WorkerInput) {
    const { first: worker, proposed } = threads.take();
    worker.postMessage(input);
    const job: Local = {
      worker,
      proposed,
      timer: setInterval(() => void beat(id), BEAT_MS),
      daysDone: 0,
      backendPid: null,
      snapshotDone: false,
    };
    local.set(id, job);
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'backend') job.backendPid = m.pid;
      else if (m.type === 'progress') {
        job.snapshotDone = true;
        job.daysDone = m.daysDone;
      } else if (m.type === 'done') {
        void end(id, { status: 'done', result: m.result, daysDone: input.body.days });
      } else void end(id, { status: 'failed', error: `The projection failed: ${m.message}` });
    });
    worker.on(
      'error',
      (error) => void end(id, { status: 'failed', error: `The projection failed: ${error.message}` }),
    );
    worker.on('exit', () => void end(id, { status: 'failed', error: 'The projection stopped' }));
    proposed.on(
      'error',
      (error) => void end(id, { status: 'failed', error: `The projection failed: ${error.message}` }),
    );
  }

  /** Progress to the row; a job cancelled elsewhere, or that nobody follows any more, stops here. */
  async function beat(id: number) {
    const job = local.get(id);
    if (!job) return;
    try {
      if (!(await repo.heartbeat(db, id, job.daysDone, deps.idleSeconds))) await stop(id);
    } catch {
      // the database is away for a moment: the next beat tries again
    }
  }

  /** Ends the thread (and the snapshot query, if it is still reading) and forgets the job. */
  async function stop(id: number) {
    const job = local.get(id);
    if (!job) return;
    local.delete(id);
    clearInterval(job.timer);
    if (!job.snapshotDone && job.backendPid !== null) {
      await repo.cancelQuery(db, job.backendPid).catch(() => undefined);
    }
    await Promise.all([job.worker.terminate(), job.proposed.terminate()]);
  }

  async function end(id: number, how: Parameters<typeof repo.finishRun>[2]) {
    if (!local.has(id)) return;
    await stop(id);
    await repo.finishRun(db, id, how).catch(() => undefined);
  }

  async function get(id: number): Promise<WhatIfJob> {
    await repo.markSeen(db, id);
    const run = await repo.findRun(db, id);
    if (!run) throw notFound('Projection not found');
    return dto(run);
  }

  async function cancel(actor: Actor, id: number): Promise<WhatIfJob> {
    const run = await repo.findRun(db, id);
    if (!run) throw notFound('Projection not found');
    if (run.status === 'running') {
      await repo.finishRun(db, id, {
        status: 'cancelled',
        error: `Cancelled by ${(await repo.emailOf(db, actor.userId)) ?? 'an admin'}`,
      });
      await stop(id); // on another instance its next beat stops it
    }
    return dto((await repo.findRun(db, id))!);
  }

  /** The page asks on opening: the threads of its projection start loading now. */
  async function running() {
    const run = await repo.runningRun(db);
    if (!run) threads.warm();
    return { running: run ? dto({ ...run, result: null }) : null };
  }

  /** The day-by-day table of both scenarios as a CSV file. */
  async function csv(id: number) {
    const run = await repo.findRun(db, id);
    if (!run) throw notFound('Projection not found');
    if (!run.result) throw conflict('This projection has no result yet');
    const rows = (['current', 'proposed'] as const).flatMap((name) =>
      run.result![name].days.map((d) => [
        name,
        d.day,
        d.date,
        d.incomes.roi_income,
        d.incomes.level_income,
        d.incomes.direct_income,
        d.incomes.reward,
        d.incomes.salary,
        d.incomes.cto,
        d.claims,
        d.joins,
        d.deposits,
        d.withdrawals,
        d.withdrawal_fees,
        d.members_at_cap,
        d.liabilities,
        d.reserves,
        d.coverage,
      ]),
    );
    return {
      fileName: `what-if-${id}.csv`,
      content: toCsv(
        [
          'scenario',
          'day',
          'date',
          'roi_income',
          'level_income',
          'direct_income',
          'reward',
          'salary',
          'cto',
          'claims',
          'joins',
          'deposits',
          'withdrawals',
          'withdrawal_fees',
          'members_at_cap',
          'liabilities',
          'reserves',
          'coverage',
        ],
        rows,
      ),
    };
  }

  /** The server stops: every projection it computes ends now (SIGTERM never waits for one). */
  async function close() {
    await threads.close();
    await Promise.all(
      [...local.keys()].map(async (id) => {
        await stop(id);
        await repo
          .finishRun(db, id, { status: 'cancelled', error: 'Cancelled: the server stopped' })
          .catch(() => undefined);
      }),
    );
  }

  return { start, get, cancel, running, csv, close };
}

export type WhatIfService = ReturnType<typeof createWhatIfService>;
