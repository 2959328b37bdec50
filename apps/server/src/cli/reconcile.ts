/** `npm run reconcile`: checks the ledger's invariants; prints a report, exits 1 on any drift. */
import { fromMicro } from '@app/contracts/money';
import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { migrate } from '../db/migrate.js';
import { reconcileSnapshot } from '../ledger/reconcile.js';

const config = loadConfig();
const database = await connectDatabase(config, () => {}).catch((error: unknown) => {
  console.error(
    `Ledger reconcile: could not start or reach the database (${String(error ?? 'no reason given')})`,
  );
  process.exit(2);
});
let ok = false;
try {
  await migrate(database.db);
  const report = await reconcileSnapshot(database.db);
  ok = report.ok;
  console.log(`Ledger reconcile: ${report.accounts} accounts, ${report.transfers} transfers`);
  console.log(`  sum of all balances: ${fromMicro(report.totalBalance)} (must be 0)`);
  console.log(`  accounts whose balance or hold differs from their transfers: ${report.drift.length}`);
  for (const d of report.drift) {
    console.log(
      `    account ${d.accountId} ${d.kind} (owner ${d.owner ?? 'platform'}): balance ${fromMicro(d.balance)} vs ${fromMicro(d.expected)}, pending ${fromMicro(d.pending)} vs ${fromMicro(d.expectedPending)}`,
    );
  }
  console.log(`  orphaned pending transfers: ${report.orphanedPending.length}`);
  for (const o of report.orphanedPending) console.log(`    ${o.transferId}: ${o.reason}`);
  console.log(ok ? 'OK: no drift' : 'DRIFT FOUND');
} finally {
  await database.close();
}
process.exit(ok ? 0 : 1);
