/**
 * The projection side of bench:what-if: one projection timed from the POST to done (the page opened
 * first, as an admin does), and the maximal projection run over and over while the load is measured.
 */
import { readFileSync } from 'node:fs';
import { WHAT_IF_MAX_MEMBER_DAYS } from '../packages/contracts/src/what-if.js';
import { round } from './tree-build.js';
import { call } from './what-if-http.js';

/** How often a job is asked for its progress. */
const POLL_MS = 100;
/** A projection still running after this long is cancelled and recorded as timed out. */
const TIMEOUT_SECONDS = Number(process.env.WHAT_IF_TIMEOUT_SECONDS ?? 3600);
/** The size of the maximal projection (c): the limit, or less for a quick run of the script. */
export const MAXIMAL = Number(process.env.WHAT_IF_MAXIMAL ?? WHAT_IF_MAX_MEMBER_DAYS);
/** How long before a timed projection the page is opened (its threads start then, as they do for an admin). */
const PAGE_OPEN_MS = 1000;
/** Kernel clock ticks a second (/proc/<pid>/stat). */
const CLOCK_TICKS = 100;

let serverPid: () => number | undefined = () => undefined;
/** The server process whose CPU the timed projections record. */
export const watchServer = (pid: () => number | undefined) => {
  serverPid = pid;
};
const log = (...args: unknown[]) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...args);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Job {
  id: number;
  status: string;
  member_days?: number;
  progress?: { days_done: number; days: number };
  started_at?: string;
  finished_at?: string | null;
  error?: string | null;
}

/** One projection, from the POST to the answer saying it is done (polled every POLL_MS). */
export async function project(headers: Record<string, string>, body: unknown, memberDays: number) {
  // the admin opens the What if page (which asks whether one is running) and fills in the form
  await call('GET', '/plans/what-if', undefined, headers);
  await sleep(PAGE_OPEN_MS);
  const t0 = performance.now();
  const cpu0 = serverCpuSeconds();
  const posted = await postJob(headers, body);
  if (posted.status !== 202) {
    return {
      memberDays,
      seconds: null,
      memberDaysPerSecond: null,
      status: `HTTP ${posted.status}`,
      error: posted.body,
    };
  }
  const job = await untilFinished(headers, posted.body.id, true);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = serverCpuSeconds() - cpu0;
  return {
    ...timed(posted.body.member_days ?? memberDays, seconds, job.status),
    jobId: job.id,
    serverSeconds: serverSeconds(job),
    // CPU of the server process (the projection's worker thread and the polls), and its share of
    // one core over the run: well under 1 means the worker (lowest CPU priority) waited for others
    serverCpuSeconds: round(cpu),
    serverCpuShareOfOneCore: round(cpu / seconds),
    ...(job.error ? { error: job.error } : {}),
  };
}

/** User + system CPU seconds of the server process so far (Linux /proc; 0 elsewhere). */
function serverCpuSeconds() {
  try {
    const fields = readFileSync(`/proc/${serverPid()}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

function timed(memberDays: number, seconds: number, status: string) {
  return {
    memberDays,
    seconds: round(seconds),
    memberDaysPerSecond: Math.round(memberDays / seconds),
    status,
  };
}

function serverSeconds(job: Job) {
  return job.started_at && job.finished_at
    ? round((Date.parse(job.finished_at) - Date.parse(job.started_at)) / 1000)
    : null;
}

async function untilFinished(headers: Record<string, string>, id: number, say = false): Promise<Job> {
  const deadline = performance.now() + TIMEOUT_SECONDS * 1000;
  let said = performance.now();
  for (;;) {
    await sleep(POLL_MS);
    const r = await call<Job>('GET', `/plans/what-if/${id}`, undefined, headers);
    if (r.status !== 200) throw new Error(`GET /plans/what-if/${id}: ${r.status} ${JSON.stringify(r.body)}`);
    if (r.body.status !== 'running') return r.body;
    if (say && performance.now() - said > 60_000) {
      said = performance.now();
      log(`  job ${id}: day ${r.body.progress?.days_done} of ${r.body.progress?.days}`);
    }
    if (performance.now() > deadline) {
      await call('DELETE', `/plans/what-if/${id}`, undefined, headers);
      return { ...r.body, status: `timed out after ${TIMEOUT_SECONDS} s (cancelled)` };
    }
  }
}

/** POST /plans/what-if; a 409 (the one before is still finishing) is tried again for a while. */
async function postJob(headers: Record<string, string>, body: unknown) {
  for (let i = 0; ; i++) {
    const posted = await call<Job>('POST', '/plans/what-if', body, headers);
    if (posted.status !== 409 || i >= 50) return posted;
    await sleep(POLL_MS);
  }
}

/**
 * The maximal projection over and over until stopped: `current()` is the job running now (null
 * between two). `stop()` cancels the one running and says how long its cancelled answer took.
 */
export function startProjector(headers: Record<string, string>, body: unknown, memberDays: number) {
  let current: number | null = null;
  let generation = 0;
  let stopping = false;
  let failure: string | null = null;
  const finished: Record<string, unknown>[] = [];
  let markStarted: () => void = () => undefined;
  const firstStarted = new Promise<void>((r) => {
    markStarted = r;
  });
  const loop = (async () => {
    while (!stopping) {
      const t0 = performance.now();
      const posted = await postJob(headers, body);
      if (posted.status !== 202) {
        failure = `HTTP ${posted.status} ${JSON.stringify(posted.body).slice(0, 300)}`;
        markStarted();
        return;
      }
      generation += 1;
      current = generation;
      markStarted();
      const id = posted.body.id;
      for (;;) {
        await sleep(POLL_MS);
        if (stopping) {
          current = null;
          const c0 = performance.now();
          const del = await call<unknown>('DELETE', `/plans/what-if/${id}`, undefined, headers);
          let job: Job | null = null;
          if (del.status < 300) {
            job = (await call<Job>('GET', `/plans/what-if/${id}`, undefined, headers)).body;
            if (job.status === 'running') job = await untilFinished(headers, id);
          }
          return {
            cancelHttpStatus: del.status,
            cancelledStatus: job?.status ?? null,
            cancelSeconds: round((performance.now() - c0) / 1000),
            cancelledAtDay: job?.progress?.days_done ?? null,
          };
        }
        const r = await call<Job>('GET', `/plans/what-if/${id}`, undefined, headers);
        if (r.body.status !== 'running') {
          current = null;
          finished.push({
            ...timed(r.body.member_days ?? memberDays, (performance.now() - t0) / 1000, r.body.status),
            serverSeconds: serverSeconds(r.body),
          });
          break;
        }
      }
    }
    return null;
  })();
  return {
    firstStarted,
    failed: () => failure,
    current: () => current,
    async stop() {
      stopping = true;
      const cancel = await loop;
      return { completedUnderLoad: finished, cancel };
    },
  };
}
