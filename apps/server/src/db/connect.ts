import type { Config } from '../config.js';
import { startEmbeddedPostgres } from './embedded.js';
import { createPool, type Db } from './pool.js';

/** DATABASE_URL when set; otherwise an embedded PostgreSQL under DATA_DIR. */
export async function connectDatabase(config: Config, log: (line: string) => void) {
  let stopEmbedded: (() => Promise<void>) | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    const embedded = await startEmbeddedPostgres({
      dataDir: config.DATA_DIR,
      port: config.EMBEDDED_PG_PORT,
      password: config.EMBEDDED_PG_PASSWORD,
      log,
    });
    url = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const db: Db = createPool(url, 20);
  return {
    db,
    async close() {
      await db.end();
      await stopEmbedded?.();
    },
  };
}
