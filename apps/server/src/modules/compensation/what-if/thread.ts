/**
 * The projection's threads (worker.ts): the built file, or, under the test runner (the sources run
 * as TypeScript), through tsx's loader. A projection uses a pair, started together and told the job
 * once it comes; one pair is kept started ahead of need while an admin has the page open, so a
 * projection does not wait for two threads to load their code (about 0.3 s on two loaded cores).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel, type MessagePort, type Transferable, Worker } from 'node:worker_threads';

/** A pair kept ready and never used ends after this long. */
const WARM_MS = 10 * 60_000;

/** What each thread of a pair starts with: its role, and its end of the channel to the other. */
export interface ThreadData {
  role: 'first' | 'proposed';
  peer: MessagePort;
}

export interface ThreadPair {
  /** Reads the snapshot and computes the current scenario; told the job by `postMessage`. */
  first: Worker;
  /** Computes the proposed scenario on a copy of the snapshot the first one sends it. */
  proposed: Worker;
}

function startThread(workerData: ThreadData, transferList: Transferable[]): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./worker.js', here), { workerData, transferList });
  const tsxDir = dirname(createRequire(here).resolve('tsx/package.json'));
  const tsx = pathToFileURL(join(tsxDir, 'dist/esm/api/index.mjs')).href;
  const file = new URL('./worker.ts', here).href;
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(file)}); })`;
  return new Worker(boot, { eval: true, workerData, transferList });
}

function startPair(): ThreadPair {
  const channel = new MessageChannel();
  return {
    first: startThread({ role: 'first', peer: channel.port1 }, [channel.port1]),
    proposed: startThread({ role: 'proposed', peer: channel.port2 }, [channel.port2]),
  };
}

const both = (pair: ThreadPair) => [pair.first, pair.proposed];

/** One pair started ahead of need (`warm`), handed to the next projection (`take`). */
export class ThreadPool {
  private ready: ThreadPair | null = null;
  private expiry: NodeJS.Timeout | null = null;
  private readonly discard = () => void this.close();

  /** Starts a pair now unless one is ready. */
  warm() {
    if (this.ready) return;
    this.ready = startPair();
    for (const w of both(this.ready)) w.on('error', this.discard);
    this.expiry = setTimeout(this.discard, WARM_MS).unref();
  }

  /** The ready pair (or a new one), now the caller's to use and to end. */
  take(): ThreadPair {
    const pair = this.ready ?? startPair();
    for (const w of both(pair)) w.off('error', this.discard);
    this.ready = null;
    if (this.expiry) clearTimeout(this.expiry);
    return pair;
  }

  /** Ends the ready pair, if any. */
  async close() {
    const pair = this.ready;
    this.ready = null;
    if (this.expiry) clearTimeout(this.expiry);
    if (pair) await Promise.all(both(pair).map((w) => w.terminate()));
  }
}
