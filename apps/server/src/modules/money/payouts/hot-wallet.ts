/**
 * The hot wallet that pays BEP20 withdrawals: a viem local account built from an encrypted keystore
 * (Web3 Secret Storage v3, opened by @ethereumjs/wallet with the passphrase from the environment) or
 * from PAYOUT_PRIVATE_KEY. The key lives in this process's memory only: never in the database, never
 * in a log line or an answer (the account object is kept out of every returned value).
 */
import { readFile } from 'node:fs/promises';
import { Wallet } from '@ethereumjs/wallet';
import { bytesToHex } from 'viem';
import { type LocalAccount, privateKeyToAccount } from 'viem/accounts';
import type { Config } from '../../../config.js';

export async function loadHotWallet(config: Config): Promise<LocalAccount | null> {
  if (config.PAYOUT_PRIVATE_KEY) return privateKeyToAccount(config.PAYOUT_PRIVATE_KEY as `0x${string}`);
  if (!config.PAYOUT_KEYSTORE) return null;
  let text: string;
  try {
    text = await readFile(config.PAYOUT_KEYSTORE, 'utf8');
  } catch (error) {
    throw new Error(`PAYOUT_KEYSTORE: cannot read ${config.PAYOUT_KEYSTORE} (${(error as Error).message})`);
  }
  let wallet: Wallet;
  try {
    wallet = await Wallet.fromV3(text, config.PAYOUT_KEYSTORE_PASSWORD ?? '', true);
  } catch {
    // the library's message may quote the file; say only what the operator must fix
    throw new Error(
      `PAYOUT_KEYSTORE: ${config.PAYOUT_KEYSTORE} does not open with PAYOUT_KEYSTORE_PASSWORD (wrong passphrase or not a v3 keystore)`,
    );
  }
  return privateKeyToAccount(bytesToHex(wallet.getPrivateKey()));
}
