import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded.js';
import { migrate } from '../../apps/server/src/db/migrate.js';
import { createPool } from '../../apps/server/src/db/pool.js';
import { buildTree } from '../tree-build.js';
import { measureClaims } from '../tree-claims.js';

const times = new Map<string, { n: number; ms: number }>();
const orig = pg.Client.prototype.query as any;
(pg.Client.prototype as any).query = function (this: any, ...args: any[]) {
  const cfg = args[0];
  const key = (typeof cfg === 'string' ? cfg : cfg?.name ?? cfg?.text ?? '?').slice(0, 70).replace(/\s+/g, ' ');
  const t0 = performance.now();
  const r = orig.apply(this, args);
  if (r && typeof r.then === 'function') {
    return r.then((v: any) => {
      const e = times.get(key) ?? { n: 0, ms: 0 };
      e.n++; e.ms += performance.now() - t0; times.set(key, e);
      return v;
    });
  }
  return r;
};
const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-prof-'));
const pgs = await startEmbeddedPostgres({ dataDir: dir, port: 54413, password: 'bench', database: 'app' });
const db = createPool(pgs.url, 12);
try {
  await migrate(db);
  await buildTree(db, 20000);
  times.clear();
  const r = await measureClaims({ db, clients: Number(process.env.CLIENTS ?? 1), seconds: 5, asyncCommit: process.env.ASYNC === '1' });
  console.log(r.claims_per_s, r.completed, r.latencyMeanMs);
  const rows = [...times.entries()].filter(([, v]) => v.n >= 10).sort((a, b) => b[1].ms - a[1].ms).slice(0, 25);
  for (const [k, v] of rows) console.log((v.ms / v.n).toFixed(2).padStart(8), String(v.n).padStart(6), k);
} finally {
  await db.end(); await pgs.stop(); rmSync(dir, { recursive: true, force: true });
}
