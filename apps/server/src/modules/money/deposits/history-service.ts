import { DEPOSIT_CHANNELS, type DepositHistory, type DepositHistoryItem } from '@app/contracts/deposits';
import { fromMicro } from '@app/contracts/money';
import type { Db } from '../../../db/pool.js';
import { badRequest, forbidden } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import * as repo from './history-repo.js';

/** A timestamptz as PostgreSQL prints it (what encode() stores). */
const PG_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;
const BAD_CURSOR = 'This page of the history is no longer valid: start again from the newest';

const dto = (r: repo.HistoryRow): DepositHistoryItem => ({
  key: `${r.channel}-${r.id}`,
  channel: r.channel,
  id: Number(r.id),
  amount: fromMicro(r.amount),
  status: r.status,
  detail: r.detail,
  ref: r.ref,
  created_at: r.at.toISOString(),
  credited_at: r.credited_at?.toISOString() ?? null,
});

/** The cursor is opaque to clients: base64url of [time, channel, id] of the last row they saw. */
const encode = (r: repo.HistoryRow) =>
  Buffer.from(JSON.stringify([r.at_text, r.channel, String(r.id)])).toString('base64url');

function decode(before: string): repo.HistoryCursor {
  try {
    const [at, channel, id] = JSON.parse(Buffer.from(before, 'base64url').toString('utf8')) as unknown[];
    const valid =
      typeof at === 'string' &&
      PG_TIME.test(at) &&
      DEPOSIT_CHANNELS.includes(channel as never) &&
      typeof id === 'string' &&
      /^\d{1,18}$/.test(id);
    if (valid) return { at, channel: channel as repo.HistoryCursor['channel'], id };
  } catch {
    // falls through to the 400 below
  }
  throw badRequest(BAD_CURSOR);
}

export function createDepositHistoryService(deps: { db: Db }) {
  /** A member's own history, newest first; one page costs the same however long the history is. */
  async function history(actor: Actor, q: { limit: number; before?: string | undefined }) {
    if (actor.audience !== 'member') throw forbidden('The deposit history is the member’s own');
    const cursor = q.before ? decode(q.before) : null;
    const rows = await repo.page(deps.db, actor.userId, q.limit + 1, cursor).catch((error: unknown) => {
      // a well-formed but impossible time (month 13) is the client's cursor, not our fault
      const code = (error as { code?: string }).code;
      if (code === '22007' || code === '22008') throw badRequest(BAD_CURSOR);
      throw error;
    });
    const shown = rows.slice(0, q.limit);
    const last = shown.at(-1);
    const answer: DepositHistory = {
      deposits: shown.map(dto),
      next: rows.length > q.limit && last ? encode(last) : null,
    };
    return answer;
  }
  return { history };
}

export type DepositHistoryService = ReturnType<typeof createDepositHistoryService>;
