/**
 * The projection's worker thread: reads the snapshot on a connection of its own (not a pool slot of
 * live traffic), then computes both scenarios at the lowest CPU priority, so sign-ins and money
 * requests on the main thread get the cores first. It writes nothing; the main thread (service.ts)
 * records progress and the result, and ends the thread to cancel.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { runProjection, type WhatIfInput } from './project.js';
import { readSnapshot } from './repo.js';

export interface WorkerInput {
  connectionString: string;
  body: WhatIfInput;
  /** The projection's day 0 (ms). */
  from: number;
}

export type WorkerMessage =
  | { type: 'backend'; pid: number }
  | { type: 'progress'; daysDone: number }
  | { type: 'done'; result: Awaited<ReturnType<typeof runProjection>> }
  | { type: 'failed'; message: string };

const input = workerData as WorkerInput;
const send = (m: WorkerMessage) => parentPort!.postMessage(m);

try {
  // Linux schedules threads one by one: this lowers only this thread (its id from /proc/thread-self)
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 19);
} catch {
  // another system: the projection still runs, at normal priority
}

const client = new pg.Client({
  connectionString: input.connectionString,
  application_name: 'what-if snapshot',
});
client.on('error', () => undefined); // the query in flight fails by itself
try {
  await client.connect();
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  send({ type: 'backend', pid: rows[0]!.pid });
  const snapshot = await readSnapshot(client, new Date(input.from));
  await client.end();
  let last = 0;
  const result = await runProjection(snapshot, input.body, async (daysDone) => {
    const now = performance.now();
    if (now - last < 100 && daysDone < input.body.days) return;
    last = now;
    send({ type: 'progress', daysDone });
    // let the message go out (and a terminate in): a day's work is synchronous
    await new Promise((resolve) => setImmediate(resolve));
  });
  send({ type: 'done', result });
} catch (error) {
  await client.end().catch(() => undefined);
  send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}
