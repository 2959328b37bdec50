/**
 * Admin two-factor authentication with TOTP (RFC 6238) through `otpauth`: set-up (a secret shown
 * once, as a QR code and as text), enabling with a first code (which returns ten one-time recovery
 * codes, kept as digests), checking codes at sign-in, and disabling with a code. A code is accepted
 * once: its 30 s step must be later than the last one used. A valid code of a step already used is
 * told apart from a wrong one ('used': wait for the next code) and never counts as a failure.
 */
import { createHash, randomInt } from 'node:crypto';
import { ACCOUNT_MSG } from '@app/contracts/admin-account';
import { MSG } from '@app/contracts/messages';
import { totpRequiredFor } from '@app/contracts/settings';
import { RECOVERY_CODE_PATTERN, TOTP_RULES } from '@app/contracts/totp';
import { Secret, TOTP } from 'otpauth';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { type Db, type Queryable, withTx } from '../../../db/pool.js';
import { AppError, badRequest, conflict, forbidden } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import { readSettings } from '../../operations/settings/service.js';
import { revokeTrustedBrowsers } from '../admin-account/repo.js';
import { findById } from '../auth/repo.js';
import { type SigninThrottle, totpKey } from '../auth/throttle.js';
import type { SessionAuth } from '../auth/tokens.js';
import * as repo from './repo.js';
import { secretBox } from './secret-box.js';

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

const recoveryDigest = (userId: number, code: string) =>
  createHash('sha256').update(`${userId}:${code}`).digest('hex');

/** What checking a code found: right (now spent), wrong, or right but of a step already used. */
export type CodeOutcome = 'ok' | 'wrong' | 'used';

/** The refusal of a code of a step already used: not a wrong code, so it is not counted. */
const codeUsed = () => new AppError('totp_used', ACCOUNT_MSG.totpCodeUsed, 400);

const totpFor = (secret: string, issuer = 'EarnHub', label = 'admin') =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_RULES.digits,
    period: TOTP_RULES.periodSeconds,
    secret: Secret.fromBase32(secret),
  });

export function createTotpService(deps: {
  db: Db;
  clock: Clock;
  /** The server secret (JWT_SECRET) the encryption key of stored secrets is derived from. */
  secret: string;
  sessions: SessionAuth;
  throttle: SigninThrottle;
}) {
  const { db, clock, sessions, throttle } = deps;
  const box = secretBox(deps.secret);

  /** Whether `code` is valid now for a step later than any used (then recorded as used). */
  async function useTotpCode(q: Queryable, row: repo.TotpRow, code: string): Promise<CodeOutcome> {
    const userId = Number(row.user_id);
    const secret = box.open(row.secret_enc, userId);
    if (!secret || !/^\d{6}$/.test(code)) return 'wrong';
    const timestamp = clock.now().getTime();
    const delta = totpFor(secret).validate({ token: code, timestamp, window: TOTP_RULES.window });
    if (delta === null) return 'wrong';
    const step = TOTP.counter({ period: TOTP_RULES.periodSeconds, timestamp }) + delta;
    return (await repo.useStep(q, userId, step)) ? 'ok' : 'used';
  }

  /** A TOTP code or an unused recovery code of an enabled authenticator; using it spends it. */
  async function useAnyCode(q: Queryable, row: repo.TotpRow, code: string): Promise<CodeOutcome> {
    if (RECOVERY_CODE_PATTERN.test(code)) {
      const userId = Number(row.user_id);
      const spent = await repo.useRecoveryCode(q, userId, recoveryDigest(userId, code), clock.now());
      return spent ? 'ok' : 'wrong';
    }
    return useTotpCode(q, row, code);
  }

  /** The refusal of a code that was not 'ok', or null. */
  const refusal = (outcome: CodeOutcome) =>
    outcome === 'ok' ? null : outcome === 'used' ? codeUsed() : badRequest(MSG.totpInvalid);

  /**
   * Runs `check` on the caller's row with the code counted against their TOTP throttle (a stolen
   * session cannot guess its way to disabling TOTP); a wrong code is a 400 after the count sticks.
   */
  async function withCheckedCode<T>(
    actor: Actor,
    check: (tx: Queryable, row: repo.TotpRow | null) => Promise<T | AppError>,
  ): Promise<T> {
    await throttle.claim(totpKey(actor.userId));
    const outcome = await withTx(db, async (tx) => {
      const row = await repo.find(tx, actor.userId, true);
      return check(tx, row);
    });
    if (outcome instanceof AppError) {
      // only a wrong code counts; a refusal that checked no code (nothing to enable) or a code of a
      // step already used does not
      if (outcome.httpStatus !== 400 || outcome.code === 'totp_used')
        await throttle.refund(totpKey(actor.userId));
      throw outcome;
    }
    await throttle.clear(db, totpKey(actor.userId));
    return outcome;
  }

  async function status(actor: Actor) {
    const [row, settings, left] = await Promise.all([
      repo.find(db, actor.userId),
      readSettings(db),
      repo.recoveryCodesLeft(db, actor.userId),
    ]);
    return {
      enabled: Boolean(row?.enabled_at),
      pending: Boolean(row && !row.enabled_at),
      required_for_all: settings.admin_totp_required,
      required_for_roles: settings.admin_totp_required_roles,
      required: totpRequiredFor(settings, actor.roles),
      recovery_codes_left: left,
    };
  }

  /** A new secret waiting for its first code; replaces a set-up never finished. */
  async function setup(actor: Actor) {
    const admin = await findById(db, actor.userId);
    if (admin?.role !== 'admin') throw forbidden(MSG.forbidden);
    const secret = new Secret({ size: 20 }).base32;
    if (!(await repo.startPending(db, actor.userId, box.seal(secret, actor.userId), clock.now())))
      throw conflict(MSG.totpAlreadyOn);
    const { site_name } = await readSettings(db);
    return { secret, otpauth_url: totpFor(secret, site_name, admin.email).toString() };
  }

  /** The first code proves the app holds the secret; the recovery codes are shown this once. */
  async function enable(actor: Actor, code: string) {
    const codes = Array.from({ length: TOTP_RULES.recoveryCodes }, newRecoveryCode);
    await withCheckedCode(actor, async (tx, row) => {
      if (!row) return conflict(MSG.totpNotStarted);
      if (row.enabled_at) return conflict(MSG.totpAlreadyOn);
      const refused = refusal(await useTotpCode(tx, row, code));
      if (refused) return refused;
      await repo.markEnabled(tx, actor.userId, clock.now());
      await repo.replaceRecoveryCodes(
        tx,
        actor.userId,
        codes.map((c) => recoveryDigest(actor.userId, c)),
      );
      // a session opened without the second factor (e.g. stolen earlier) does not outlive it
      await sessions.revokeAll(tx, actor.userId, actor.sessionId);
      await recordAudit(tx, actor, {
        action: 'admin.totp.enable',
        targetType: 'user',
        targetId: actor.userId,
      });
      return true;
    });
    return { message: MSG.totpEnabled, recovery_codes: codes };
  }

  async function disable(actor: Actor, code: string) {
    await withCheckedCode(actor, async (tx, row) => {
      if (!row?.enabled_at) return conflict(MSG.totpNotOn);
      const refused = refusal(await useAnyCode(tx, row, code));
      if (refused) return refused;
      await repo.remove(tx, actor.userId);
      // a browser trusted to skip the code would otherwise skip it again once TOTP is back on
      await revokeTrustedBrowsers(tx, actor.userId, clock.now());
      await recordAudit(tx, actor, {
        action: 'admin.totp.disable',
        targetType: 'user',
        targetId: actor.userId,
      });
      return true;
    });
    return { message: MSG.totpDisabled };
  }

  return {
    status,
    setup,
    enable,
    disable,
    isEnabled: (userId: number) => repo.isEnabled(db, userId),
    /**
     * The second step of an admin sign-in, in the caller's transaction (the one that spends the
     * ticket and opens the session): 'ok' when the code was good (and is now spent).
     */
    async useSigninCode(tx: Queryable, userId: number, code: string): Promise<CodeOutcome> {
      const row = await repo.find(tx, userId, true);
      return row?.enabled_at ? useAnyCode(tx, row, code) : 'wrong';
    },
  };
}

export type TotpService = ReturnType<typeof createTotpService>;
