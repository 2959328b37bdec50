import type { FLAG_KINDS, FraudFlag } from '@app/contracts/fraud';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { intlLocale } from '../../../i18n/locales';

/**
 * A fraud signal's kind in the back-office's words (catalog `admin`): the contracts keep the
 * English (FLAG_KIND_LABEL, for the server and the API document), word for word the source here.
 */
export const FLAG_KIND_WORDS: Record<(typeof FLAG_KINDS)[number], MessageDescriptor> = {
  shared_claims: msg`Claims from one address or device`,
  self_referral: msg`Sponsor and recruit look like one person`,
  shared_address: msg`One payout address, several members`,
  registration_burst: msg`Burst of registrations under one sponsor`,
};

/**
 * What two members share, as the scan names it in the evidence (fraud/repo.ts writes these English
 * words): said in the admin's words; a name the web app does not know is shown as it is.
 */
const SHARED_WORDS: Record<string, MessageDescriptor> = {
  'network address': msg`network address`,
  device: msg`device`,
  'payout address': msg`payout address`,
};

/** The evidence of a flag in words; its counts, address and fingerprint are shown as they are. */
export function evidenceText(i18n: I18n, f: FraudFlag): string {
  const e = (key: string) => String(f.evidence[key]);
  const thing = (name: string) => {
    const words = SHARED_WORDS[name];
    return words ? i18n._(words) : name;
  };
  switch (f.kind) {
    case 'shared_claims': {
      const members = e('members');
      const claims = e('claims');
      const shared = thing(e('shared'));
      const fingerprint = e('fingerprint');
      return i18n._(
        msg`${members} members made ${claims} claims from one ${shared} (fingerprint ${fingerprint}) in the last 7 days.`,
      );
    }
    case 'self_referral': {
      const list = new Intl.ListFormat(intlLocale(i18n.locale), { type: 'conjunction' });
      const shared = list.format((f.evidence.shared as string[]).map(thing));
      return i18n._(msg`The sponsor and their recruit share their ${shared}.`);
    }
    case 'shared_address': {
      const members = e('members');
      const address = e('address');
      return i18n._(msg`${members} members use the payout address ${address}.`);
    }
    case 'registration_burst': {
      const registrations = e('registrations');
      const minutes = e('minutes');
      return i18n._(msg`${registrations} members joined under one sponsor within ${minutes} minutes.`);
    }
  }
}
