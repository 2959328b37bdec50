import { TICKET_STATUS, type TicketStatus, type ticketCounts } from '@app/contracts/tickets';
import { Trans, useLingui } from '@lingui/react/macro';
import type { z } from 'zod';
import { cn } from '../../lib/cn';
import { formatCount } from '../../lib/format';
import { TICKET_STATUS_LABEL } from '../../lib/ticket-labels';

type Counts = z.infer<typeof ticketCounts>;

interface StatusFilterProps {
  value: TicketStatus | undefined;
  onChange: (status: TicketStatus | undefined) => void;
  counts: Counts | undefined;
}

/** All / Open / In progress / Answered / Closed, each with its count; wraps on a phone. */
export function StatusFilter({ value, onChange, counts }: StatusFilterProps) {
  const { t, i18n } = useLingui();
  const total = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : undefined;
  const options: Array<{ key: TicketStatus | undefined; text: string; count: number | undefined }> = [
    { key: undefined, text: t({ message: 'All', context: 'ticket status' }), count: total },
    ...TICKET_STATUS.map((s) => ({ key: s, text: i18n._(TICKET_STATUS_LABEL[s].text), count: counts?.[s] })),
  ];
  return (
    <fieldset className="flex min-w-0 flex-wrap gap-1.5">
      <legend className="sr-only">
        <Trans>Filter by status</Trans>
      </legend>
      {options.map((o) => {
        const active = value === o.key;
        return (
          <button
            key={o.key ?? 'all'}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(o.key)}
            className={cn(
              'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-full border px-3 text-sm font-medium whitespace-nowrap transition-colors',
              active
                ? 'border-accent bg-accent-soft text-accent-text'
                : 'border-line bg-surface text-muted hover:bg-subtle hover:text-fg',
            )}
          >
            {o.text}
            {o.count !== undefined && (
              <span className="rounded-full bg-subtle px-1.5 text-xs tabular-nums text-muted">
                {formatCount(o.count)}
              </span>
            )}
          </button>
        );
      })}
    </fieldset>
  );
}
