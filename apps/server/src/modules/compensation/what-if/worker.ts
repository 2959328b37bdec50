/**
 * The projection's two threads (thread.ts starts them as a pair, ahead of the job). The first reads
 * the snapshot on a connection of its own (not a pool slot of live traffic), hands a copy to the
 * second for the proposed scenario, and computes the current one itself: the two scenarios use both
 * cores when they are free. Both run at the lowest CPU priority, so sign-ins and money requests on
 * the main thread get the cores first. Nothing is written here; the main thread (service.ts) records
 * progress and the result, and ends both threads to cancel.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { projectionOf, runScenario, type ScenarioRun, type WhatIfInput } from './project.js';
import { readSnapshot } from './repo.js';
import type { Snapshot } from './snapshot.js';
import type { ThreadData } from './thread.js';

/** The job, told the first thread by the main thread. */
export interface WorkerInput {
  connectionString: string;
  body: WhatIfInput;
  /** The projection's day 0 (ms). */
  from: number;
}

/** What the first thread sends the second: the request and a copy of the snapshot. */
interface ProposedInput {
  body: WhatIfInput;
  snapshot: Snapshot;
}

export type WorkerMessage =
  | { type: 'backend'; pid: number }
  | { type: 'progress'; daysDone: number }
  | { type: 'done'; result: ReturnType<typeof projectionOf> }
  | { type: 'failed'; message: string };

type ScenarioMessage =
  | { type: 'day'; daysDone: number }
  | { type: 'run'; run: ScenarioRun }
  | { type: 'failed'; message: string };

const post = (m: WorkerMessage) => parentPort!.postMessage(m);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** Lets messages go out (and a terminate in) between two synchronous days of work. */
const breathe = () => new Promise((resolve) => setImmediate(resolve));

try {
  // Linux schedules threads one by one: this lowers only this thread (its id from /proc/thread-self)
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 19);
} catch {
  // another system: the projection still runs, at normal priority
}

const { role, peer } = workerData as ThreadData;
if (role === 'proposed') await proposedThread();
else await mainThread(await new Promise<WorkerInput>((resolve) => parentPort!.once('message', resolve)));

async function proposedThread() {
  const { body, snapshot } = await new Promise<ProposedInput>((resolve) => peer.once('message', resolve));
  const tell = (m: ScenarioMessage) => peer.postMessage(m);
  try {
    let last = 0;
    const run = await runScenario(snapshot, body, true, async (daysDone) => {
      if (performance.now() - last < 100 && daysDone < body.days) return;
      last = performance.now();
      tell({ type: 'day', daysDone });
      await breathe();
    });
    tell({ type: 'run', run });
  } catch (error) {
    tell({ type: 'failed', message: messageOf(error) });
  }
}

async function mainThread(input: WorkerInput) {
  const other = peer;
  const client = new pg.Client({
    connectionString: input.connectionString,
    application_name: 'what-if snapshot',
  });
  client.on('error', () => undefined); // the query in flight fails by itself
  try {
    await client.connect();
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    post({ type: 'backend', pid: rows[0]!.pid });
    const snapshot = await readSnapshot(client, new Date(input.from));
    await client.end();

    const days = { current: 0, proposed: 0 };
    let last = 0;
    const report = async () => {
      if (performance.now() - last < 100 && Math.min(days.current, days.proposed) < input.body.days) return;
      last = performance.now();
      post({ type: 'progress', daysDone: Math.min(days.current, days.proposed) });
    };
    other.postMessage({ body: input.body, snapshot } satisfies ProposedInput);
    const proposed = new Promise<ScenarioRun>((resolve, reject) => {
      other.on('message', (m: ScenarioMessage) => {
        if (m.type === 'day') {
          days.proposed = m.daysDone;
          void report();
        } else if (m.type === 'run') resolve(m.run);
        else reject(new Error(m.message));
      });
    });
    proposed.catch(() => undefined); // awaited below; a failure meanwhile must not go unhandled
    const current = await runScenario(snapshot, input.body, false, async (daysDone) => {
      days.current = daysDone;
      await report();
      await breathe();
    });
    const result = projectionOf(snapshot, input.body, current, await proposed);
    post({ type: 'done', result });
  } catch (error) {
    await client.end().catch(() => undefined);
    post({ type: 'failed', message: messageOf(error) });
  }
}
