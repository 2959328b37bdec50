import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { knownChainName } from '../../../lib/web3-labels';

/** The network's name (a proper name, the same in every language), or "Unsupported network" in the member's words. */
export function chainName(i18n: I18n, id: number | undefined): string {
  if (id === undefined) return '—';
  return knownChainName(id) ?? i18n._(msg`Unsupported network (chain ${id})`);
}
