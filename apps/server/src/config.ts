/** Every environment variable the server reads, parsed once. `.env.example` lists the same set. */
import { z } from 'zod';

const bool = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((v) => ['on', 'true', '1'].includes(v));

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** When unset the server starts an embedded PostgreSQL with its data under DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54320),
  EMBEDDED_PG_PASSWORD: z.string().default('postgres'),
  /** Generated into DATA_DIR on first start when unset. */
  JWT_SECRET: z.string().min(32).optional(),
  ADMIN_EMAIL: z.string().default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('EarnHub <no-reply@earnhub.local>'),
  PUBLIC_URL: z.string().default('http://localhost:3000'),
  /** API only (`off`) or API plus in-process jobs (`on`). */
  WORKER: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Sign-in attempts per IP per minute, and failed attempts per account per 15 minutes. */
  LOGIN_RATE_PER_IP: z.coerce.number().int().min(1).default(20),
  LOGIN_FAILS_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  /** `on`: add the demo admin and member tree on start when the database has no members. */
  DEMO_DATA: bool.default(false),
  /** `on`: the server's clock can be moved forward by POST /api/v1/test/clock (browser tests only). */
  CLOCK_CONTROL: bool.default(false),
  /** Serves apps/web/dist when present. */
  WEB_DIST: z.string().optional(),
});

export type Config = z.infer<typeof schema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.CLOCK_CONTROL && parsed.data.NODE_ENV === 'production') {
    throw new Error('Invalid configuration:\n  CLOCK_CONTROL: never on in production');
  }
  return parsed.data;
}
