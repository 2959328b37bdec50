import type { TicketResponse } from '@app/contracts/tickets';
import { useLingui } from '@lingui/react/macro';
import { LifeBuoy, User } from 'lucide-react';
import { cn } from '../../lib/cn';
import { formatDateTime, formatRelative } from '../../lib/format';

interface ConversationProps {
  responses: TicketResponse[];
  /** Whose messages sit on the right, as "mine": the member's on the member side, support's in the back-office. */
  viewer: 'user' | 'admin';
}

/** The messages of a ticket as chat bubbles, oldest first. */
export function Conversation({ responses, viewer }: ConversationProps) {
  const { t } = useLingui();
  return (
    <ol aria-label={t`Conversation`} className="flex flex-col gap-4">
      {responses.map((r) => {
        const mine = r.author === viewer;
        const Icon = r.author === 'admin' ? LifeBuoy : User;
        // In the back-office another admin's reply is named; members see the support team (the
        // server names it in English: the member's language says it here).
        const name = r.author_name;
        const who = r.author !== 'admin' ? name : viewer === 'admin' ? t`${name} (support)` : t`Support team`;
        const author = mine ? t`You` : who;
        const time = formatDateTime(r.created_at);
        return (
          <li
            key={r.id}
            aria-label={t`${author}, ${time}`}
            data-author={r.author}
            className={cn('flex items-end gap-2', mine ? 'flex-row-reverse' : 'flex-row')}
          >
            <span
              aria-hidden="true"
              className={cn(
                'mb-5 flex size-8 shrink-0 items-center justify-center rounded-full',
                r.author === 'admin' ? 'bg-accent-soft text-accent-text' : 'bg-subtle text-muted',
              )}
            >
              <Icon className="size-4" />
            </span>
            <div
              className={cn(
                'flex max-w-[85%] flex-col gap-1 sm:max-w-[75%]',
                mine ? 'items-end' : 'items-start',
              )}
            >
              <div
                className={cn(
                  'rounded-2xl px-4 py-2.5 text-sm leading-relaxed whitespace-pre-wrap break-words shadow-sm',
                  mine
                    ? 'rounded-ee-sm bg-accent text-white'
                    : 'rounded-es-sm border border-line bg-surface text-fg',
                )}
              >
                {/* a message reads in its own direction (English in an Arabic page keeps its full stop) */}
                <span dir="auto" className="block">
                  {r.message}
                </span>
              </div>
              <p className="px-1 text-xs text-muted">
                <span className="font-medium">{author}</span> ·{' '}
                <time dateTime={r.created_at} title={formatDateTime(r.created_at)}>
                  {formatRelative(r.created_at)}
                </time>
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
