/** Every environment variable the server reads, parsed once. `.env.example` lists the same set. */
import { isIP } from 'node:net';
import { PAYMENT_MODES } from '@app/contracts/payments';
import { z } from 'zod';

const bool = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((v) => ['on', 'true', '1'].includes(v));

/**
 * Proxies whose `X-Forwarded-For` is believed: comma-separated addresses or CIDRs (or proxy-addr's
 * names `loopback`, `linklocal`, `uniquelocal`). Empty: nobody's, so `request.ip` is the socket's
 * address and no client can choose the address its limits, sessions and audit entries record.
 */
const proxyList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z.string().refine(isProxyAddress, {
        error: (issue) =>
          `${String(issue.input)} is not an IP address, a CIDR, loopback, linklocal or uniquelocal`,
      }),
    ),
  );

function isProxyAddress(entry: string) {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

function isOrigin(entry: string) {
  try {
    const url = new URL(entry);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === entry;
  } catch {
    return false;
  }
}

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  TRUST_PROXY: proxyList,
  /**
   * Browser apps on other origins allowed to call the API (CORS): comma-separated origins such as
   * `https://app.example.com`. Empty (the default): none, only the web app this server serves.
   */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.string().refine(isOrigin, {
          error: (issue) => `${String(issue.input)} is not an origin (scheme://host[:port], no path)`,
        }),
      ),
    ),
  /**
   * Lets the CORS_ORIGINS apps send credentials (`withCredentials`): their preflights and answers
   * then carry `Access-Control-Allow-Credentials: true` with their own origin, never `*`. Off by
   * default; the API authenticates with bearer tokens, not cookies (docs/operations.md, CORS).
   */
  CORS_CREDENTIALS: bool.default(false),
  /** Who may read GET /metrics besides loopback: addresses or CIDRs, written as for TRUST_PROXY. */
  METRICS_ALLOW: proxyList,
  /** A bearer token that opens GET /metrics from any address; unset: only the addresses open it. */
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  /** When unset the server starts an embedded PostgreSQL with its data under DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54320),
  /** Generated into DATA_DIR/pg-password on first start when unset. */
  EMBEDDED_PG_PASSWORD: z.string().min(1).optional(),
  /** Generated into DATA_DIR on first start when unset. */
  JWT_SECRET: z.string().min(32).optional(),
  ADMIN_EMAIL: z.string().default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /**
   * The first start only: whether every admin must use two-factor authentication (on by default;
   * owners relax it per role under Settings afterwards, and the setup list warns while they do).
   */
  ADMIN_TOTP_REQUIRED: bool.default(true),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('EarnHub <no-reply@earnhub.local>'),
  /**
   * The address members open, used in mailed links and payment callbacks. Unset (or empty):
   * `http://localhost:<PORT>`, the port this server listens on (loadConfig), not a fixed 3000.
   */
  PUBLIC_URL: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().optional(),
  ),
  /** API only (`off`) or API plus in-process jobs (`on`). */
  WORKER: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * `json`: one JSON object a line (for log collectors). `pretty`: readable lines (pino-pretty).
   * `auto` (default): pretty on a terminal in development (and so the demo), JSON when the output is
   * piped or redirected and in production (logger.ts).
   */
  LOG_FORMAT: z
    .enum(['auto', 'json', 'pretty'], { error: 'LOG_FORMAT is auto, json or pretty' })
    .default('auto'),
  /**
   * How long a checked member session is remembered in process (0: read it on every request).
   * Revocations end it at once on every instance through PostgreSQL NOTIFY (auth/session-cache.ts).
   */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** A what-if projection that no admin page has asked about for this long is cancelled. */
  WHAT_IF_IDLE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /**
   * How long a member's figures (GET /users/{id}) may be answered from memory at most (0: read them
   * on every request). Every change ends them at once, on every instance through PostgreSQL NOTIFY
   * (users/view-cache.ts); set the same value on every instance.
   */
  MEMBER_VIEW_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  /** Sign-in attempts per IP per minute, and failed attempts per account per 15 minutes. */
  LOGIN_RATE_PER_IP: z.coerce.number().int().min(1).default(20),
  /** Failed sign-ins of one account before its attempts are delayed (1 s, 2 s, 4 s... up to the max below). */
  LOGIN_FAILS_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  /** The longest delay between two sign-in attempts of one account after repeated failures. */
  LOGIN_DELAY_MAX_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /** `on`: add the demo admin and member tree on start when the database has no members. */
  DEMO_DATA: bool.default(false),
  /** `on`: the server's clock can be moved forward by POST /api/v1/test/clock (browser tests only). */
  CLOCK_CONTROL: bool.default(false),
  /** Serves apps/web/dist when present. */
  WEB_DIST: z.string().optional(),
  /** The web app's PO catalogs (default: apps/web/src/locales of the checkout): the operator's words are measured against them. */
  I18N_CATALOGS_DIR: z.string().optional(),
  /**
   * Crypto payments: `off` (the default, also when empty: the payment routes answer 503),
   * `nowpayments` (the live API) or `sandbox` (built-in stand-in that finishes payments nobody paid:
   * only when asked for, never in production).
   */
  PAYMENT_PROVIDER: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.enum(PAYMENT_MODES).default('off'),
  ),
  NOWPAYMENTS_API_KEY: z.string().min(1).optional(),
  /** Key of the IPN signatures; in sandbox mode derived from the JWT secret when unset. */
  NOWPAYMENTS_IPN_SECRET: z.string().min(1).optional(),
  NOWPAYMENTS_BASE_URL: z.url().default('https://api.nowpayments.io/v1'),
  /** How long a call to the provider may take before it counts as failed. */
  NOWPAYMENTS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Port of the sandbox provider's HTTP server (on 127.0.0.1); 0 picks a free one. */
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Seconds between the sandbox's automatic status steps; 0 = only an admin moves a payment. */
  SANDBOX_STEP_SECONDS: z.coerce.number().int().min(0).max(86_400).default(15),
  /** Wallet deposits (modules/crypto/web3): JSON-RPC endpoint per chain; unset = the chain's public RPC. */
  CHAIN_RPC_1: z.url().optional(),
  CHAIN_RPC_137: z.url().optional(),
  CHAIN_RPC_56: z.url().optional(),
  CHAIN_RPC_42161: z.url().optional(),
  /** The platform's USDT (BEP20) deposit address on BNB Smart Chain; unset = wallet deposits off. */
  DEPOSIT_ADDRESS_BEP20: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'a 0x address')
    .optional(),
  USDT_BEP20_CONTRACT: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'a 0x address')
    .default('0x55d398326f99059fF775485246999027B3197955'),
  /** Blocks on top of a deposit's block (its own included) before it is credited. */
  DEPOSIT_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(12),
  /**
   * On-chain payouts of BEP20 withdrawals (modules/money/payouts) from a hot wallet. Its key comes from an
   * encrypted keystore file (PAYOUT_KEYSTORE, passphrase in PAYOUT_KEYSTORE_PASSWORD) or from
   * PAYOUT_PRIVATE_KEY; neither is ever stored or logged. Unset: withdrawals are paid by hand.
   */
  PAYOUT_KEYSTORE: z.string().min(1).optional(),
  PAYOUT_KEYSTORE_PASSWORD: z.string().min(1).optional(),
  PAYOUT_PRIVATE_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'a 0x-prefixed 32-byte hex key')
    .optional(),
  /** The largest single payout the server sends, and what it sends per UTC day (USDT). */
  PAYOUT_MAX_USDT: z.coerce.number().positive().max(1e9).default(1000),
  PAYOUT_DAILY_MAX_USDT: z.coerce.number().positive().max(1e9).default(10_000),
  /** Blocks on top of a payout's block (its own included) before its withdrawal counts as paid. */
  PAYOUT_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(12),
  /** Seconds between two passes of the payout follower (send again, confirm, mark paid). */
  PAYOUT_FOLLOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  /** A withdrawal whose net is above this (USDT) needs the approval of two different admins. */
  FOUR_EYES_ABOVE_USDT: z.coerce.number().min(0).max(1e9).default(1000),
  /**
   * Scheduled backups (modules/operations/backups): where the files go (default DATA_DIR/backups; another disk
   * is better), the UTC time of day they are taken (HH:MM, or `off`), and how many scheduled ones
   * are kept (older ones are deleted; backups taken by hand are never deleted).
   */
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_TIME: z
    .string()
    .regex(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, 'HH:MM (UTC, 24-hour) or off')
    .default('03:00'),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /** A folder holding pg_dump, pg_restore and psql; unset: found by version (modules/operations/backups/tools.ts). */
  PG_BIN_DIR: z.string().min(1).optional(),
  /** WalletConnect Cloud project id; empty = no QR-pairing connector on the wallet page. */
  WALLETCONNECT_PROJECT_ID: z.string().default(''),
});

export type Config = Omit<z.infer<typeof schema>, 'PUBLIC_URL'> & {
  PUBLIC_URL: string;
  /** Whether PUBLIC_URL was set, or derived from PORT (the start summary says which). */
  PUBLIC_URL_SET: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.CORS_CREDENTIALS && parsed.data.CORS_ORIGINS.length === 0) {
    throw new Error(
      'Invalid configuration:\n  CORS_CREDENTIALS: allows credentials to the CORS_ORIGINS apps; list them (never *)',
    );
  }
  if (parsed.data.CLOCK_CONTROL && parsed.data.NODE_ENV === 'production') {
    throw new Error('Invalid configuration:\n  CLOCK_CONTROL: never on in production');
  }
  if (parsed.data.PAYMENT_PROVIDER === 'nowpayments') {
    const missing = (['NOWPAYMENTS_API_KEY', 'NOWPAYMENTS_IPN_SECRET'] as const).filter(
      (k) => !parsed.data[k],
    );
    if (missing.length)
      throw new Error(
        `Invalid configuration:\n${missing.map((k) => `  ${k}: required when PAYMENT_PROVIDER is nowpayments`).join('\n')}`,
      );
  } else if (parsed.data.PAYMENT_PROVIDER === 'sandbox' && parsed.data.NODE_ENV === 'production') {
    // the sandbox finishes payments nobody paid: it must never credit real members
    throw new Error(
      'Invalid configuration:\n  PAYMENT_PROVIDER: sandbox is refused in production; set nowpayments',
    );
  }
  if (parsed.data.PAYOUT_KEYSTORE && parsed.data.PAYOUT_PRIVATE_KEY) {
    throw new Error(
      'Invalid configuration:\n  PAYOUT_PRIVATE_KEY: set either it or PAYOUT_KEYSTORE, not both',
    );
  }
  if (parsed.data.PAYOUT_KEYSTORE && !parsed.data.PAYOUT_KEYSTORE_PASSWORD) {
    throw new Error('Invalid configuration:\n  PAYOUT_KEYSTORE_PASSWORD: required to open PAYOUT_KEYSTORE');
  }
  const { PUBLIC_URL, ...rest } = parsed.data;
  if (PUBLIC_URL === undefined && rest.PORT === 0) {
    // a port picked at listen time cannot be written into links built before it: say so at once
    throw new Error(
      'Invalid configuration:\n  PUBLIC_URL: required when PORT is 0 (links need a port known before listening)',
    );
  }
  return {
    ...rest,
    // links follow the port the server listens on when no address is given (issue 37.3)
    PUBLIC_URL: PUBLIC_URL ?? `http://localhost:${rest.PORT}`,
    PUBLIC_URL_SET: PUBLIC_URL !== undefined,
  };
}
