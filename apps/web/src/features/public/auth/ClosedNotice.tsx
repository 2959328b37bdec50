import { CLOSED_MESSAGES, type PublicSettings, type Switch } from '@app/contracts/switches';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Banner } from '../../../components/ui/Banner';
import { intlLocale } from '../../../i18n/locales';
import { linkClass } from './AuthCard';

/** Shown instead of a form whose switch is off: the server's own words, and how to reach the team. */
export function ClosedNotice({ settings, which }: { settings: PublicSettings; which: Switch }) {
  const { i18n } = useLingui();
  const telegram = settings.contact_telegram.replace(/^@/, '');
  const ways: Array<{ key: string; node: ReactNode }> = [];
  if (settings.contact_email)
    ways.push({
      key: 'email',
      node: (
        <a href={`mailto:${settings.contact_email}`} className={linkClass}>
          {settings.contact_email}
        </a>
      ),
    });
  if (settings.contact_phone)
    ways.push({
      key: 'phone',
      node: (
        <a href={`tel:${settings.contact_phone.replace(/[^\d+]/g, '')}`} className={linkClass}>
          {settings.contact_phone}
        </a>
      ),
    });
  if (telegram)
    ways.push({
      key: 'telegram',
      node: (
        <a href={`https://t.me/${telegram}`} className={linkClass} rel="noopener noreferrer">
          <Trans>@{telegram} on Telegram</Trans>
        </a>
      ),
    });
  const site = settings.site_name;
  const contacts = listOf(ways, intlLocale(i18n.locale));
  return (
    <div className="flex flex-col gap-3" data-testid="closed-notice">
      <Banner tone="error">{CLOSED_MESSAGES[which]}</Banner>
      {ways.length > 0 && (
        <p className="text-sm text-muted">
          <Trans>
            Questions? Reach {site} at {contacts}.
          </Trans>
        </p>
      )}
    </div>
  );
}

/** "a, b or c" in the active language (Intl.ListFormat), with each item a link: no ' or ' in code. */
function listOf(ways: Array<{ key: string; node: ReactNode }>, locale: string): ReactNode {
  const parts = new Intl.ListFormat(locale, { type: 'disjunction' }).formatToParts(
    ways.map((way) => way.key),
  );
  return parts.map((part, i) => {
    const way = part.type === 'element' ? ways.find((w) => w.key === part.value) : undefined;
    return <span key={way?.key ?? `sep${i}`}>{way ? way.node : part.value}</span>;
  });
}
