/**
 * `npm run admin:reset-2fa -- <admin email>`: the operator's way back in when an admin has lost their
 * authenticator and their recovery codes (or after JWT_SECRET was rotated, which makes the stored
 * TOTP secrets unreadable). Turns that admin's two-factor authentication off and ends their
 * sessions and trusted browsers; they sign in with their password and set it up again. Needs
 * access to the server's configuration and database, which is the point: nobody can do this from
 * the web.
 */
import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { migrate } from '../db/migrate.js';
import { withTx } from '../db/pool.js';
import { resetByEmail } from '../modules/identity/totp/repo.js';

const email = process.argv[2]?.trim();
if (!email) {
  console.error('Usage: npm run admin:reset-2fa -- <admin email>');
  process.exit(2);
}
const config = loadConfig();
const database = await connectDatabase(config, () => {});
let code = 1;
try {
  await migrate(database.db);
  const id = await withTx(database.db, (tx) => resetByEmail(tx, email, new Date()));
  if (id === null) console.error(`No administrator has the email ${email}.`);
  else {
    console.log(
      `Two-factor authentication is off for ${email}; their sessions and trusted browsers have ended.`,
    );
    code = 0;
  }
} finally {
  await database.close();
}
process.exit(code);
