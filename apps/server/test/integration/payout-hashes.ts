import { createHash } from 'node:crypto';

/**
 * A payout transaction hash of the right form for a test (BEP20: `0x` + 64 hex; TRC20: 64 hex),
 * distinct per `seed`: the server refuses a hash of another form, and one hash used twice.
 */
export function payoutHash(seed: string | number, network: 'BEP20' | 'TRC20' = 'BEP20') {
  const hex = createHash('sha256').update(`payout:${seed}`).digest('hex');
  return network === 'BEP20' ? `0x${hex}` : hex;
}
