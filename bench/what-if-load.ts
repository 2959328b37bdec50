/**
 * The load side of bench:what-if: loops of one request at a time per connection, their latencies
 * (only requests that one projection ran all through, when a gate is given), and the rounds of a
 * figure summed up as one.
 */
import { busySince, cpuTimes } from './cpu-busy.mjs';
import { round } from './tree-build.js';

/** One measurement: the latencies of the requests that count and what answered. */
export interface Sample {
  latencies: number[];
  p99Ms: number;
  statuses: Record<string, number>;
  unexpected: number;
  leftOut: number;
  seconds: number;
  coresBusy: number | null;
}

/** The projection running now, as `measure` sees it: a request counts if one job ran all through it. */
export interface Gate {
  current(): number | null;
}

/** `connections` loops of `op` for `ms`; the latencies of the requests that count. */
export async function measure(
  op: () => Promise<{ expect: number; status: number }>,
  shape: { connections: number; ms: number },
  gate?: Gate,
): Promise<Sample> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let unexpected = 0;
  let leftOut = 0;
  const cpu = cpuTimes();
  const t0 = performance.now();
  const until = t0 + shape.ms;
  await Promise.all(
    Array.from({ length: shape.connections }, async () => {
      while (performance.now() < until) {
        const job = gate ? gate.current() : null;
        const s = performance.now();
        let r: { expect: number; status: number };
        try {
          r = await op();
        } catch {
          r = { expect: 200, status: 0 };
        }
        const ms = performance.now() - s;
        if (gate && (job === null || gate.current() !== job)) {
          leftOut += 1;
          continue;
        }
        latencies.push(ms);
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        if (r.status !== r.expect) unexpected += 1;
      }
    }),
  );
  return {
    latencies,
    p99Ms: quantile(
      [...latencies].sort((x, y) => x - y),
      0.99,
    ),
    statuses,
    unexpected,
    leftOut,
    seconds: (performance.now() - t0) / 1000,
    coresBusy: busySince(cpu),
  };
}

/** The rounds of one figure as one: percentiles over all their requests. */
export function summarize(samples: Sample[]) {
  if (samples.length === 0) return null;
  const latencies = samples.flatMap((s) => s.latencies).sort((x, y) => x - y);
  const seconds = samples.reduce((sum, s) => sum + s.seconds, 0);
  const statuses: Record<string, number> = {};
  for (const s of samples)
    for (const [k, n] of Object.entries(s.statuses)) statuses[k] = (statuses[k] ?? 0) + n;
  const busy = samples.map((s) => s.coresBusy).filter((b): b is number => b !== null);
  return {
    requests: latencies.length,
    perSecond: Math.round(latencies.length / seconds),
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
    maxMs: quantile(latencies, 1),
    /** p99 of each round. */
    roundsP99Ms: samples.map((s) => s.p99Ms),
    /** Answers other than the expected one (200, or 401 for a wrong password). */
    unexpected: samples.reduce((sum, s) => sum + s.unexpected, 0),
    statuses,
    /** Requests not counted because no one projection ran all through them (during only). */
    leftOut: samples.reduce((sum, s) => sum + s.leftOut, 0),
    seconds: round(seconds),
    /** How busy the cores were (bench/cpu-busy.mjs), mean of the rounds. */
    coresBusy: busy.length ? round(busy.reduce((sum, b) => sum + b, 0) / busy.length) : null,
  };
}

/** The q-quantile of sorted latencies (nearest rank), in ms. */
function quantile(sorted: number[], q: number) {
  return sorted.length ? round(sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!) : Number.NaN;
}
