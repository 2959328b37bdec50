import type { Config } from '../config.js';
import { loadEmbeddedPgPassword } from '../secrets.js';
import { startEmbeddedPostgres } from './embedded.js';
import { createPool, type Db } from './pool.js';

/** The embedded password of releases before it was generated: a cluster made then still has it. */
const FORMER_EMBEDDED_PG_PASSWORD = 'postgres';

/**
 * DATABASE_URL when set; otherwise an embedded PostgreSQL under DATA_DIR. `log` gets PostgreSQL's
 * own output, `notice` what an operator must see (where it runs, it dying and coming back).
 */
export async function connectDatabase(
  config: Config,
  log: (line: string) => void,
  notice: (line: string) => void = log,
) {
  let stopEmbedded: (() => Promise<void>) | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    const embedded = await startEmbeddedPostgres({
      dataDir: config.DATA_DIR,
      port: config.EMBEDDED_PG_PORT,
      password: await loadEmbeddedPgPassword(config.EMBEDDED_PG_PASSWORD, config.DATA_DIR),
      formerPassword: config.EMBEDDED_PG_PASSWORD ? undefined : FORMER_EMBEDDED_PG_PASSWORD,
      log,
      notice,
    });
    url = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const db: Db = createPool(url, 20);
  return {
    db,
    url,
    async close() {
      await db.end();
      await stopEmbedded?.();
    },
  };
}
