/**
 * Spec 8, Wallet: what a wallet error means to the member. Walks the error's causes (wagmi and viem
 * wrap the wallet's own error), so a rejection deep inside a switch or a send still reads as one.
 */
import { WALLET_DEPOSITS_OFF, WALLET_MSG } from '@app/contracts/web3';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

interface Walkable {
  name?: string;
  code?: number;
  message?: string;
  shortMessage?: string;
  cause?: unknown;
}

function causes(error: unknown): Walkable[] {
  const out: Walkable[] = [];
  let current: unknown = error;
  while (current && typeof current === 'object' && out.length < 10) {
    out.push(current as Walkable);
    current = (current as Walkable).cause;
  }
  return out;
}

export function walletErrorMessage(error: unknown): string {
  const chain = causes(error);
  const has = (test: (e: Walkable) => boolean) => chain.some(test);
  if (has((e) => e.name === 'ProviderNotFoundError')) return WALLET_MSG.providerNotFound;
  // 4001: EIP-1193 user rejection; a WalletConnect pairing request reset reads the same (spec 8)
  if (has((e) => e.name === 'UserRejectedRequestError' || e.code === 4001)) return WALLET_MSG.userRejected;
  if (has((e) => e.name === 'ChainNotConfiguredError')) return WALLET_MSG.chainNotConfigured;
  if (has((e) => /no chains/i.test(e.message ?? ''))) return WALLET_MSG.noChains;
  const first = chain[0];
  const text = first?.shortMessage || first?.message || 'The wallet reported an error';
  return text.split('\n')[0]!;
}

/** True when the member said no in the wallet (nothing to explain beyond that). */
export const isRejection = (error: unknown) => walletErrorMessage(error) === WALLET_MSG.userRejected;

/**
 * The spec's wallet messages (WALLET_MSG, English byte for byte: the source of each message) in
 * the member's words (issue 38); a wallet's own error text is shown as the wallet wrote it.
 */
const WALLET_WORDS: Record<string, MessageDescriptor> = {
  [WALLET_MSG.providerNotFound]: msg`Provider not found`,
  [WALLET_MSG.userRejected]: msg`User rejected the request`,
  [WALLET_MSG.chainNotConfigured]: msg`Chain not configured`,
  [WALLET_MSG.noChains]: msg`No chains found on connector`,
  [WALLET_DEPOSITS_OFF]: msg`Wallet deposits are not available at the moment: no deposit address is configured.`,
  'The wallet reported an error': msg`The wallet reported an error`,
};

/** A spec wallet message (or a wallet error) as the member reads it. */
export function walletWords(i18n: I18n, text: string): string {
  const words = WALLET_WORDS[text];
  return words ? i18n._(words) : text;
}

/** walletErrorMessage in the member's words. */
export const walletErrorText = (i18n: I18n, error: unknown) => walletWords(i18n, walletErrorMessage(error));
