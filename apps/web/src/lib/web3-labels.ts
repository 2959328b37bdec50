import { CHAINS } from '@app/contracts/web3';

/*
 * The wallet screens' helpers. Their words are in the catalogs beside the screens (issue 38): a
 * deposit's status in components/money/Web3DepositColumns.tsx (Web3StatusBadge), a network's name
 * in features/member/web3/chain-name.ts.
 */

/** 0x1234…abcd: enough to recognise an address or a hash, the whole value in the title. */
export const shortHex = (value: string, head = 6, tail = 4) =>
  value.length > head + tail + 1 ? `${value.slice(0, head)}…${value.slice(-tail)}` : value;

export function explorerTxUrl(chainId: number, hash: string): string | null {
  const chain = CHAINS.find((c) => c.id === chainId);
  return chain ? `${chain.explorer.url}/tx/${hash}` : null;
}

export function explorerAddressUrl(chainId: number, address: string): string | null {
  const chain = CHAINS.find((c) => c.id === chainId);
  return chain ? `${chain.explorer.url}/address/${address}` : null;
}

/** The network's name, or undefined for a chain the platform does not know. */
export const knownChainName = (id: number) => CHAINS.find((c) => c.id === id)?.name;
