import { CHAINS, type Web3Deposit } from '@app/contracts/web3';
import type { Tone } from '../components/ui/Badge';

/** How a wallet deposit's status reads on every screen. */
export function web3StatusLabel(
  d: Pick<Web3Deposit, 'status' | 'confirmations' | 'required_confirmations'>,
): {
  text: string;
  tone: Tone;
} {
  if (d.status === 'credited') return { text: 'Credited', tone: 'green' };
  return {
    text: `Confirming ${Math.min(d.confirmations, d.required_confirmations)}/${d.required_confirmations}`,
    tone: 'blue',
  };
}

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

export const chainName = (id: number | undefined) =>
  id === undefined ? '—' : (CHAINS.find((c) => c.id === id)?.name ?? `Unsupported network (chain ${id})`);
