/**
 * The projection's threads. The first reads the snapshot on a connection of its own (not a pool
 * slot of live traffic), hands a copy to a second thread for the proposed scenario, and computes the
 * current one itself: the two scenarios use both cores when they are free. Both run at the lowest
 * CPU priority, so sign-ins and money requests on the main thread get the cores first. Nothing is
 * written here; the main thread (service.ts) records progress and the result, and ends the first
 * thread to cancel (its second thread ends with it).
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { projectionOf, runScenario, type ScenarioRun, type WhatIfInput } from './project.js';
import { readSnapshot } from './repo.js';
import type { Snapshot } from './snapshot.js';
import { startThread } from './thread.js';

export interface WorkerInput {
  connectionString: string;
  body: WhatIfInput;
  /** The projection's day 0 (ms). */
  from: number;
}

/** The second thread starts with the request and then receives the snapshot (a copy) once it is read. */
interface ScenarioInput {
  proposedOf: WhatIfInput;
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

const post = (m: WorkerMessage | ScenarioMessage) => parentPort!.postMessage(m);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** Lets messages go out (and a terminate in) between two synchronous days of work. */
const breathe = () => new Promise((resolve) => setImmediate(resolve));

try {
  // Linux schedules threads one by one: this lowers only this thread (its id from /proc/thread-self)
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 19);
} catch {
  // another system: the projection still runs, at normal priority
}

if ('proposedOf' in (workerData as object)) await proposedThread((workerData as ScenarioInput).proposedOf);
else await mainThread(workerData as WorkerInput);

async function proposedThread(body: WhatIfInput) {
  const snapshot = await new Promise<Snapshot>((resolve) => parentPort!.once('message', resolve));
  try {
    let last = 0;
    const run = await runScenario(snapshot, body, true, async (daysDone) => {
      if (performance.now() - last < 100 && daysDone < body.days) return;
      last = performance.now();
      post({ type: 'day', daysDone });
      await breathe();
    });
    post({ type: 'run', run });
  } catch (error) {
    post({ type: 'failed', message: messageOf(error) });
  }
}

async function mainThread(input: WorkerInput) {
  // the second thread loads its code while this one reads the snapshot
  const other = startThread({ proposedOf: input.body } satisfies ScenarioInput);
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
    other.postMessage(snapshot);
    const proposed = new Promise<ScenarioRun>((resolve, reject) => {
      other.on('message', (m: ScenarioMessage) => {
        if (m.type === 'day') {
          days.proposed = m.daysDone;
          void report();
        } else if (m.type === 'run') resolve(m.run);
        else reject(new Error(m.message));
      });
      other.on('error', reject);
    });
    proposed.catch(() => undefined); // awaited below; a failure meanwhile must not go unhandled
    const current = await runScenario(snapshot, input.body, false, async (daysDone) => {
      days.current = daysDone;
      await report();
      await breathe();
    });
    const result = projectionOf(snapshot, input.body, current, await proposed);
    await other.terminate();
    post({ type: 'done', result });
  } catch (error) {
    await client.end().catch(() => undefined);
    await other.terminate();
    post({ type: 'failed', message: messageOf(error) });
  }
}
