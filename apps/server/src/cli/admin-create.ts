/**
 * `npm run admin:create -- <email>`: an owner for an operator who has lost every owner (or every
 * admin). Uses the server's configuration and database, which is the point: nobody can do this
 * from the web. The password is ADMIN_PASSWORD when set, otherwise generated and printed once.
 * An existing admin's address becomes an active owner again with that password.
 */
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { migrate } from '../db/migrate.js';
import { createOwner } from '../modules/identity/admins/bootstrap.js';

const email = process.argv[2]?.trim();
if (!email?.includes('@')) {
  console.error('Usage: npm run admin:create -- <email>   (password: ADMIN_PASSWORD, or one is generated)');
  process.exit(2);
}
const config = loadConfig();
const password = config.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
const database = await connectDatabase(config, () => {});
let code = 1;
try {
  await migrate(database.db);
  const { created } = await createOwner(database.db, { email, password, now: new Date() });
  console.log(
    created
      ? `Created the owner ${email.toLowerCase()}.`
      : `${email.toLowerCase()} is an active owner again; their other sessions have ended.`,
  );
  if (!config.ADMIN_PASSWORD) console.log(`Password (shown once, change it after signing in): ${password}`);
  code = 0;
} catch (error) {
  console.error(`admin:create: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await database.close();
}
process.exit(code);
