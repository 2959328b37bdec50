/**
 * GET /metrics: who may read it, and what it says. The process's counters (src/metrics.ts: ledger
 * transfers, job runs, pool wait, Node's own figures) plus this app's: HTTP requests by route pattern
 * and status, the database pool's clients, and backlogs read with one statement at scrape time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import proxyAddr from '@fastify/proxy-addr';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../../../db/pool.js';
import { processRegistry, timePoolAcquire } from '../../../metrics.js';
import * as repo from './repo.js';

export interface MetricsReader {
  /** `request.ip`: the socket's address, or the forwarded one when the socket is a TRUST_PROXY. */
  ip: string;
  socketIp: string | undefined;
  /** The request carries X-Forwarded-For, Forwarded or X-Real-IP. */
  forwarded: boolean;
  authorization: string | undefined;
}

export type MetricsService = ReturnType<typeof createMetricsService>;

export function createMetricsService(deps: { db: Db; allow: string[]; token: string | undefined }) {
  const { db } = deps;
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'earnhub_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern (unmatched: no route) and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'earnhub_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const poolGauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  poolGauge(
    'earnhub_db_pool_clients',
    'Connections the database pool holds (busy and idle)',
    () => db.totalCount,
  );
  poolGauge('earnhub_db_pool_idle_clients', 'Connections of the pool not in use', () => db.idleCount);
  poolGauge(
    'earnhub_db_pool_waiting_requests',
    'Requests queued for a pool connection (all are busy)',
    () => db.waitingCount,
  );
  poolGauge('earnhub_db_pool_max_clients', 'The most connections the pool opens', () => db.options.max ?? 10);
  timePoolAcquire(db);

  // in a registry of their own, served only when the counting statement succeeded
  const backlogRegistry = new Registry();
  const backlogGauge = (name: string, help: string, labels: readonly string[] = []) =>
    new Gauge({ name, help, labelNames: labels, registers: [backlogRegistry] });
  const mails = backlogGauge('earnhub_mail_outbox_pending', 'Mails in the outbox still to be sent');
  const withdrawals = backlogGauge('earnhub_withdrawals_pending', 'Withdrawal requests waiting for an admin');
  const payments = backlogGauge(
    'earnhub_crypto_payments_pending',
    'Crypto payments not settled yet: provider payments still open, wallet deposits still confirming',
    ['source'],
  );
  const merged = Registry.merge([processRegistry, registry]);

  // Loopback always; METRICS_ALLOW in the syntax of TRUST_PROXY (addresses, CIDRs, `loopback`...).
  const allowed = proxyAddr.compile(['loopback', ...deps.allow]);
  const tokenHash = deps.token ? sha256(deps.token) : null;

  return {
    contentType: merged.contentType,

    /**
     * The address rule, or the token. A request relayed by a proxy that TRUST_PROXY does not name
     * has only that proxy's address (often loopback, when it runs on the same machine), so the
     * address rule cannot vouch for it: only the token lets it in.
     */
    mayRead(reader: MetricsReader): boolean {
      const relayedUntrusted = reader.forwarded && reader.ip === reader.socketIp;
      if (!relayedUntrusted && allowed(reader.ip, 0)) return true;
      if (!tokenHash) return false;
      const [scheme, given] = (reader.authorization ?? '').split(' ');
      return scheme?.toLowerCase() === 'bearer' && !!given && timingSafeEqual(sha256(given), tokenHash);
    },

    observeRequest(method: string, route: string | undefined, status: number, seconds: number) {
      const labels = { method, route: route ?? 'unmatched', status_code: status };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },

    /**
     * The exposition text. Counting the backlogs needs the database; when it does not answer, those
     * gauges are left out (not reported as zero) and the rest is still served: an operator needs
     * the process figures most when the database is in trouble.
     */
    async scrape(): Promise<{ text: string; backlogError: unknown }> {
      const text = await merged.metrics();
      try {
        const counts = await repo.backlog(db);
        mails.set(counts.mails);
        withdrawals.set(counts.withdrawals);
        payments.set({ source: 'provider' }, counts.providerPayments);
        payments.set({ source: 'wallet' }, counts.walletDeposits);
        return { text: text + (await backlogRegistry.metrics()), backlogError: null };
      } catch (error) {
        return { text, backlogError: error as unknown };
      }
    },
  };
}

function sha256(value: string) {
  return createHash('sha256').update(value).digest();
}
