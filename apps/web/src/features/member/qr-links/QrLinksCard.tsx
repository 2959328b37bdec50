import { Trans, useLingui } from '@lingui/react/macro';
import { ExternalLink, QrCode } from 'lucide-react';
import { errorMessage } from '../../../api/client';
import { useQrLinks } from '../../../api/qr-links';
import { LazyQrCode } from '../../../components/qr/LazyQrCode';
import { Card } from '../../../components/ui/Card';

const SIZE = 136;

/** The active QR links (GET /qr) as codes to scan with a phone; nothing while there are none. */
export function QrLinksCard() {
  const links = useQrLinks('member', { page: 1, limit: 20 });
  const { t } = useLingui();
  if (links.isError)
    return (
      <Card title={t`Scan with your phone`}>
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(links.error)}
        </p>
      </Card>
    );
  const items = links.data?.qrlinks ?? [];
  if (items.length === 0) return null;
  return (
    <Card
      title={t`Scan with your phone`}
      action={<QrCode className="size-4 text-muted" aria-hidden="true" />}
    >
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label={t`QR links`}>
        {items.map(({ id, title, url }) => (
          <li
            key={id}
            className="flex min-w-0 flex-col items-center gap-2 rounded-lg border border-line bg-canvas p-3 text-center"
          >
            <LazyQrCode value={url} size={SIZE} title={t`QR code for ${title}`} />
            <span className="line-clamp-2 w-full text-sm font-medium break-words text-fg" title={title}>
              {title}
            </span>
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-xs font-medium text-accent-text hover:underline"
            >
              <Trans>Open link</Trans> <ExternalLink className="size-3" aria-hidden="true" />
              <span className="sr-only">{title}</span>
            </a>
          </li>
        ))}
      </ul>
    </Card>
  );
}
