/**
 * Wallet deposits (DOMAIN.md, Money in and out): a member submits the hash of a USDT (BEP20)
 * transfer they sent to the platform address; the server reads the receipt through the chain RPC
 * and credits `fund` once per (chain, tx hash, log index) when the transfer is of the configured
 * token, to the platform address, from a wallet the member linked, of a whole number of
 * micro-USDT, and has enough confirmations. Until then the deposit is `confirming`; the job
 * `web3-confirmations` and `POST /web3/deposits/{id}/check` look again.
 */
import { formatUsdt, fromMicro, MAX_AMOUNT_MICRO } from '@app/contracts/money';
import { BSC_CHAIN_ID, chainById, USDT_DECIMALS, type Web3Deposit } from '@app/contracts/web3';
import { formatUnits } from 'viem';
import type { Clock } from '../../../clock.js';
import type { Config } from '../../../config.js';
import { type Db, type Tx, withTx } from '../../../db/pool.js';
import { AppError, badRequest, conflict, notFound } from '../../../errors.js';
import { type Actor, assertSelfOrAdmin } from '../../../http/access.js';
import { member, platform } from '../../../ledger/accounts.js';
import { post } from '../../../ledger/ledger.js';
import { depositCredited, notifyMembers } from '../../content/notifications/events.js';
import { assertOpen } from '../../operations/settings/service.js';
import type { ChainAccess, MinedTransaction, TokenTransfer } from './chain.js';
import * as repo from './repo.js';

/** 18-decimal token units per micro-unit (6 decimals). */
const UNITS_PER_MICRO = 10n ** BigInt(USDT_DECIMALS - 6);

export const depositDto = (d: repo.DepositRow): Web3Deposit => ({
  id: Number(d.id),
  user_id: Number(d.user_id),
  username: d.username,
  chain_id: d.chain_id,
  tx_hash: d.tx_hash,
  log_index: d.log_index,
  block_number: Number(d.block_number),
  from_address: d.from_address,
  to_address: d.to_address,
  token_address: d.token_address,
  amount: fromMicro(d.amount),
  status: d.status,
  confirmations: Math.min(d.confirmations, 2 ** 31 - 1),
  required_confirmations: d.required_confirmations,
  created_at: d.created_at.toISOString(),
  checked_at: d.checked_at.toISOString(),
  credited_at: d.credited_at?.toISOString() ?? null,
});

interface Seen {
  confirmations: number;
  blockNumber: bigint;
  blockHash: string;
  logIndex: number;
}

export function createWeb3Service(deps: { db: Db; clock: Clock; config: Config; chain: ChainAccess }) {
  const { db, clock, config, chain } = deps;
  const platformAddress = config.DEPOSIT_ADDRESS_BEP20?.toLowerCase() ?? '';
  const token = config.USDT_BEP20_CONTRACT.toLowerCase();

  function publicConfig() {
    return {
      walletconnect_project_id: config.WALLETCONNECT_PROJECT_ID,
      chains: chain.chains.map((c) => ({ id: c.id, name: c.name, rpc_url: c.rpcUrl })),
      deposit: {
        chain_id: BSC_CHAIN_ID,
        address: platformAddress,
        token_address: token,
        token_symbol: 'USDT',
        token_decimals: USDT_DECIMALS,
        confirmations: config.DEPOSIT_CONFIRMATIONS,
      },
    };
  }

  function assertConfigured(chainId: number) {
    if (!platformAddress)
      throw new AppError(
        'not_configured',
        'Wallet deposits are not available: no platform deposit address is configured',
        503,
      );
    if (chainId !== BSC_CHAIN_ID)
      throw badRequest(
        `Wallet deposits are accepted on BNB Smart Chain (chain ${BSC_CHAIN_ID}) only, not on ${chainById(chainId)?.name ?? `chain ${chainId}`}`,
      );
  }

  /** The transfers of this transaction that are deposits, after every check that refuses one. */
  async function depositTransfers(actor: Actor, mined: MinedTransaction): Promise<TokenTransfer[]> {
    if (!mined.succeeded)
      throw badRequest('This transaction failed on chain (reverted): nothing was transferred');
    const ofToken = mined.transfers.filter((t) => t.token === token);
    if (ofToken.length === 0)
      throw badRequest(
        `This transaction is not a transfer of USDT (BEP20, contract ${token}); only USDT sent to the platform address can be credited`,
      );
    const toPlatform = ofToken.filter((t) => t.to === platformAddress);
    if (toPlatform.length === 0)
      throw badRequest(
        `This USDT transfer was not sent to the platform deposit address ${platformAddress}, so it cannot be credited`,
      );
    for (const t of toPlatform) {
      const owner = await repo.walletByAddress(db, t.from);
      if (!owner || Number(owner.user_id) !== actor.userId)
        throw badRequest(
          `The transfer was sent from ${t.from}, which is not a wallet linked to your account. Link that wallet on this page (sign the message it shows), then submit the transaction again.`,
        );
      if (t.value % UNITS_PER_MICRO !== 0n)
        throw badRequest(
          `The amount ${formatUnits(t.value, USDT_DECIMALS)} USDT has more than 6 decimals. Balances are kept to 0.000001 USDT, so this transfer cannot be credited automatically: contact support with the transaction hash.`,
        );
      const micro = t.value / UNITS_PER_MICRO;
      if (micro <= 0n) throw badRequest('The transfer amount is zero: nothing to credit');
      if (micro > MAX_AMOUNT_MICRO)
        throw badRequest('The transfer amount is too large to be credited automatically');
    }
    return toPlatform;
  }

  /**
   * Under the deposit's row lock: records what the chain shows now and credits when confirmed.
   * The ledger key names the on-chain log, so no path can credit it twice.
   */
  async function settle(tx: Tx, id: bigint, seen: Seen | null) {
    const row = await repo.findDeposit(tx, id, true);
    if (!row || row.status === 'credited') return row;
    const now = clock.now();
    if (seen) await repo.updateChecked(tx, row.id, { ...seen, now });
    const confirmations = seen?.confirmations ?? row.confirmations;
    if (seen && confirmations >= row.required_confirmations) {
      await assertOpen(tx, 'deposits_open');
      const { transfers } = await post(
        tx,
        {
          idempotencyKey: `web3:${row.chain_id}:${row.tx_hash}:${seen.logIndex}`,
          transfers: [
            {
              kind: 'deposit',
              debit: platform('platform:cash'),
              credit: member(Number(row.user_id), 'fund'),
              amount: row.amount,
              refType: 'web3_deposit',
              refId: Number(row.id),
              meta: {
                source: 'wallet',
                chain_id: row.chain_id,
                tx_hash: row.tx_hash,
                log_index: seen.logIndex,
                from: row.from_address,
              },
            },
          ],
        },
        now,
      );
      await repo.markCredited(tx, row.id, transfers[0]!.id, now);
      await notifyMembers(
        tx,
        [depositCredited(`deposit:wallet:${row.id}`, Number(row.user_id), row.amount)],
        now,
      );
    }
    return repo.findDeposit(tx, id);
  }

  /** Where a recorded deposit's log is now (a reorganisation may move it), or null if it is gone. */
  function locate(row: repo.DepositRow, mined: MinedTransaction | null): Seen | null {
    if (!mined?.succeeded) return null;
    const same = (t: TokenTransfer) =>
      t.token === row.token_address &&
      t.from === row.from_address &&
      t.to === row.to_address &&
      t.value === BigInt(row.amount_raw);
    const log =
      mined.transfers.find((t) => t.logIndex === row.log_index && same(t)) ?? mined.transfers.find(same);
    if (!log) return null;
    return {
      confirmations: mined.confirmations,
      blockNumber: mined.blockNumber,
      blockHash: mined.blockHash,
      logIndex: log.logIndex,
    };
  }

  async function submit(actor: Actor, body: { chain_id: number; tx_hash: `0x${string}` }) {
    assertConfigured(body.chain_id);
    await assertOpen(db, 'deposits_open');
    const mined = await chain.minedTransaction(body.chain_id, body.tx_hash);
    if (!mined)
      throw notFound(
        `Transaction ${body.tx_hash} was not found on BNB Smart Chain yet. Wait until your wallet shows it as confirmed, then submit it again.`,
      );
    const transfers = await depositTransfers(actor, mined);
    const rows = await withTx(db, async (tx) => {
      const now = clock.now();
      const settled: repo.DepositRow[] = [];
      for (const t of transfers) {
        await repo.insertDeposit(tx, {
          userId: actor.userId,
          chainId: body.chain_id,
          txHash: body.tx_hash,
          logIndex: t.logIndex,
          blockNumber: mined.blockNumber,
          blockHash: mined.blockHash,
          from: t.from,
          to: t.to,
          token: t.token,
          amount: t.value / UNITS_PER_MICRO,
          amountRaw: t.value,
          confirmations: mined.confirmations,
          required: config.DEPOSIT_CONFIRMATIONS,
          now,
        });
        const row = (await repo.findByLog(tx, body.chain_id, body.tx_hash, t.logIndex, true))!;
        if (Number(row.user_id) !== actor.userId)
          throw conflict('This transaction was already submitted by another account');
        const seen = locate(row, mined);
        settled.push((await settle(tx, row.id, seen))!);
      }
      return settled;
    });
    return { message: submitMessage(rows), deposits: rows.map(depositDto) };
  }

  /** Looks at the chain again for one deposit (the page polls this while it is confirming). */
  async function check(actor: Actor, id: number) {
    const row = await repo.findDeposit(db, id);
    if (!row) throw notFound('Deposit not found');
    assertSelfOrAdmin(actor, Number(row.user_id));
    if (row.status === 'credited') return { message: 'Deposit credited', deposit: depositDto(row) };
    const after = await recheck(row);
    return {
      message:
        after.status === 'credited'
          ? `Deposit credited: ${formatUsdt(after.amount)} is in your fund wallet`
          : `Waiting for confirmations (${Math.min(after.confirmations, after.required_confirmations)} of ${after.required_confirmations})`,
      deposit: after,
    };
  }

  async function recheck(row: repo.DepositRow) {
    const mined = await chain.minedTransaction(row.chain_id, row.tx_hash as `0x${string}`);
    const seen = locate(row, mined);
    const after = await withTx(db, (tx) => settle(tx, row.id, seen));
    return depositDto(after!);
  }

  /** The job: every confirming deposit looked at again, oldest check first. */
  async function runConfirmations(limit = 100) {
    let credited = 0;
    for (const id of await repo.confirmingIds(db, limit)) {
      const row = await repo.findDeposit(db, id);
      if (row?.status !== 'confirming') continue;
      try {
        if ((await recheck(row)).status === 'credited') credited += 1;
      } catch (error) {
        // deposits closed: they stay confirming and are credited once deposits open again
        if (error instanceof AppError && error.httpStatus === 403) continue;
        throw error;
      }
    }
    return { credited };
  }

  async function list(
    actor: Actor,
    f: {
      page: number;
      limit: number;
      status?: 'confirming' | 'credited' | undefined;
      user_id?: number | undefined;
    },
  ) {
    const userId = actor.audience === 'admin' ? f.user_id : actor.userId;
    const { rows, total } = await repo.listDeposits(db, { ...f, userId });
    return {
      deposits: rows.map(depositDto),
      total,
      page: f.page,
      limit: f.limit,
      totalPages: Math.ceil(total / f.limit),
    };
  }

  async function get(actor: Actor, id: number) {
    const row = await repo.findDeposit(db, id);
    if (!row) throw notFound('Deposit not found');
    assertSelfOrAdmin(actor, Number(row.user_id));
    return depositDto(row);
  }

  /** The admin view: platform addresses with their on-chain balances, and the latest deposits. */
  async function overview() {
    const addresses = [];
    if (platformAddress) {
      const bsc = chainById(BSC_CHAIN_ID)!;
      const base = {
        chain_id: bsc.id,
        chain_name: bsc.name,
        address: platformAddress,
        native_symbol: bsc.nativeCurrency.symbol,
        token_symbol: 'USDT',
        token_address: token,
      };
      try {
        const b = await chain.balances(
          bsc.id,
          platformAddress as `0x${string}`,
          token as `0x${string}`,
          USDT_DECIMALS,
        );
        addresses.push({
          ...base,
          native_balance: b.native,
          token_balance: b.token,
          block_number: b.block,
          error: null,
        });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        addresses.push({
          ...base,
          native_balance: null,
          token_balance: null,
          block_number: null,
          error: error.message,
        });
      }
    }
    const totals = await repo.depositTotals(db);
    const { rows } = await repo.listDeposits(db, { page: 1, limit: 10 });
    return {
      addresses,
      confirmations: config.DEPOSIT_CONFIRMATIONS,
      totals: {
        credited_amount: fromMicro(totals.credited_amount),
        credited_count: totals.credited_count,
        confirming_count: totals.confirming_count,
      },
      recent: rows.map(depositDto),
    };
  }

  return { publicConfig, submit, check, runConfirmations, list, get, overview };
}

function submitMessage(rows: repo.DepositRow[]) {
  const total = rows.reduce((sum, d) => sum + d.amount, 0n);
  if (rows.every((d) => d.status === 'credited'))
    return `Deposit verified: ${formatUsdt(total)} credited to your fund wallet`;
  const d = rows.find((x) => x.status === 'confirming')!;
  return `Transfer found: waiting for confirmations (${d.confirmations} of ${d.required_confirmations}). It is credited automatically once confirmed.`;
}

export type Web3Service = ReturnType<typeof createWeb3Service>;
