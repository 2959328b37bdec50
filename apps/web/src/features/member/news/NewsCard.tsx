import { useLingui } from '@lingui/react/macro';
import { Newspaper } from 'lucide-react';
import { errorMessage } from '../../../api/client';
import { useNewsList } from '../../../api/news';
import { ClampedText } from '../../../components/content/ClampedText';
import { Card } from '../../../components/ui/Card';
import { formatDate } from '../../../i18n/format';
import { formatRelative } from '../../../lib/format';

const SHOWN = 3;

/** The latest news (GET /news/list) on the member dashboard; nothing while there is none. */
export function NewsCard() {
  const news = useNewsList({ page: 1, limit: SHOWN });
  const { t } = useLingui();
  if (news.isError)
    return (
      <Card title={t`News`}>
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(news.error)}
        </p>
      </Card>
    );
  const items = news.data?.allnews ?? [];
  if (items.length === 0) return null;
  return (
    <Card title={t`News`} action={<Newspaper className="size-4 text-muted" aria-hidden="true" />}>
      <ul className="grid gap-4 md:grid-cols-3" aria-label={t`Latest news`}>
        {items.map((n) => (
          <li key={n.id} className="min-w-0 rounded-lg border border-line bg-canvas p-4">
            <time dateTime={n.created_at} title={formatRelative(n.created_at)} className="text-xs text-muted">
              {formatDate(n.created_at)}
            </time>
            <h3 className="mt-1 font-medium text-fg">{n.title}</h3>
            <ClampedText text={n.content} className="mt-1 text-sm text-muted" />
          </li>
        ))}
      </ul>
    </Card>
  );
}
