import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { type Achievers, latestAchievers, latestNews, type NewsItems } from '../../../api/content-public';
import { ClampedText } from '../../../components/content/ClampedText';
import { formatDate } from '../../../i18n/format';

/*
 * The home page's latest news and achievers (GET /news/list, GET /achivers/list; both public).
 * Plain fetches, no TanStack Query or zod, to keep the public pages inside their JS budget. A
 * section shows only once it has something to show: an empty or failed list leaves the page as it is.
 */

const NEWS_SHOWN = 3;
const ACHIEVERS_SHOWN = 8;

interface Content {
  news: NewsItems;
  achievers: Achievers;
}

function useHomeContent(): Content | null {
  const [content, setContent] = useState<Content | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    const settle = <T,>(p: Promise<T[]>) => p.catch(() => [] as T[]);
    Promise.all([
      settle(latestNews(NEWS_SHOWN, abort.signal)),
      settle(latestAchievers(ACHIEVERS_SHOWN, abort.signal)),
    ]).then(([news, achievers]) => {
      if (!abort.signal.aborted) setContent({ news, achievers });
    });
    return () => abort.abort();
  }, []);
  return content;
}

export function HomeContent() {
  const content = useHomeContent();
  if (!content) return null;
  return (
    <>
      {content.achievers.length > 0 && <AchieversSection achievers={content.achievers} />}
      {content.news.length > 0 && <NewsSection news={content.news} />}
    </>
  );
}

function AchieversSection({ achievers }: { achievers: Achievers }) {
  return (
    <section aria-labelledby="achievers" className="border-y border-line bg-surface">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <h2 id="achievers" className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">
          <Trans>Our achievers</Trans>
        </h2>
        <p className="mt-2 text-muted">
          <Trans>Members who reached a milestone.</Trans>
        </p>
        <ul className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {achievers.map((a) => (
            <li
              key={a.id}
              className="flex flex-col items-center rounded-xl border border-line bg-canvas p-5 text-center"
            >
              <img
                src={a.photo}
                alt={a.name}
                width={96}
                height={96}
                loading="lazy"
                decoding="async"
                className="size-24 rounded-full border-2 border-accent-soft object-cover"
              />
              <h3 className="mt-3 font-semibold break-words text-fg">{a.name}</h3>
              <p className="mt-1 text-sm break-words text-muted">{a.achievement}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function NewsSection({ news }: { news: NewsItems }) {
  return (
    <section aria-labelledby="news" className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
      <h2 id="news" className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">
        <Trans>Latest news</Trans>
      </h2>
      <ul className="mt-8 grid gap-4 md:grid-cols-3">
        {news.map((n) => (
          <li key={n.id}>
            <article className="flex h-full flex-col rounded-xl border border-line bg-surface p-5 shadow-sm">
              <time dateTime={n.created_at} className="text-xs font-medium text-muted">
                {formatDate(n.created_at)}
              </time>
              <h3 className="mt-2 font-semibold break-words text-fg">{n.title}</h3>
              <ClampedText text={n.content} className="mt-2 text-sm leading-6 text-muted" />
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
