/** `npm run seed:demo`: the demo admin, a root and a small tree (only on a database with no members). */
import { systemClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { migrate } from '../db/migrate.js';
import { ensureAdmin } from '../modules/identity/admins/bootstrap.js';
import { seedDemoActivity } from '../modules/identity/admins/demo-activity.js';
import { seedDemoContent } from '../modules/identity/admins/demo-content.js';
import { seedDemoMoney } from '../modules/identity/admins/demo-money.js';
import { DEMO_ADMIN, DEMO_PASSWORD, seedDemo } from '../modules/identity/admins/demo-seed.js';

const config = loadConfig({
  ADMIN_EMAIL: DEMO_ADMIN.email,
  ADMIN_PASSWORD: DEMO_ADMIN.password,
  ...process.env,
});
const database = await connectDatabase(config, () => {});
try {
  await migrate(database.db);
  const log = { info: console.log, warn: console.warn } as unknown as import('fastify').FastifyBaseLogger;
  // a demo database: two-factor relaxed as in `DEMO_DATA=on` (the setup list says so)
  const admin = await ensureAdmin(database.db, systemClock, log, {
    email: config.ADMIN_EMAIL,
    password: config.ADMIN_PASSWORD,
    requireTotp: false,
  });
  if (admin.generatedPassword)
    console.log(`Created the admin ${admin.email} with the password ${admin.generatedPassword} (shown once)`);
  const { created, logins } = await seedDemo(database.db, systemClock);
  if (created) await seedDemoMoney(database.db, systemClock);
  if (created) await seedDemoContent(database.db, systemClock);
  if (created) await seedDemoActivity(database.db, systemClock, { publicUrl: config.PUBLIC_URL, log });
  if (created === 0) console.log('Demo data not added: the database already has members.');
  else console.log(`Added ${created} demo members (password ${DEMO_PASSWORD}): ${logins.join(', ')}`);
} finally {
  await database.close();
}
