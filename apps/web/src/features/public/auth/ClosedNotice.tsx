import { CLOSED_MESSAGES, type PublicSettings, type Switch } from '@app/contracts/switches';
import type { ReactNode } from 'react';
import { Banner } from '../../../components/ui/Banner';
import { linkClass } from './AuthCard';

/** Shown instead of a form whose switch is off: the server's own words, and how to reach the team. */
export function ClosedNotice({ settings, which }: { settings: PublicSettings; which: Switch }) {
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
          @{telegram} on Telegram
        </a>
      ),
    });
  return (
    <div className="flex flex-col gap-3" data-testid="closed-notice">
      <Banner tone="error">{CLOSED_MESSAGES[which]}</Banner>
      {ways.length > 0 && (
        <p className="text-sm text-muted">
          Questions? Reach {settings.site_name} at{' '}
          {ways.map((way, i) => (
            <span key={way.key}>
              {i > 0 && (i === ways.length - 1 ? ' or ' : ', ')}
              {way.node}
            </span>
          ))}
          .
        </p>
      )}
    </div>
  );
}
