import { INCOME_KIND_LABEL, INCOME_KINDS, type Income, type IncomeKind } from '@app/contracts/incomes';
import { useEffect } from 'react';
import { errorMessage } from '../../../api/client';
import { useIncomes } from '../../../api/incomes';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Select } from '../../../components/ui/Input';
import { Money } from '../../../components/ui/Money';
import { Pager, PageSizeSelect } from '../../../components/ui/Pager';
import { type Column, Table } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';
import { inSentence } from '../../../lib/transaction-labels';
import { incomeLabel, incomeReason } from './income-labels';
import { incomeToast } from './toast';

function PaidBadge({ i }: { i: Income }) {
  if (i.cut === 0) return <Badge tone="green">Paid</Badge>;
  if (i.paid === 0) return <Badge tone="red">Not paid: limit</Badge>;
  return <Badge tone="amber">Partly paid</Badge>;
}

function PaidAmount({ i }: { i: Income }) {
  return (
    <span className="flex flex-col items-end">
      <Money value={i.paid} signed={i.paid > 0} className="font-medium text-green-700 dark:text-green-400" />
      {i.cut > 0 && (
        <span className="text-xs text-muted">
          of <Money value={i.amount} />
        </span>
      )}
    </span>
  );
}

function WhyButton({ i, onOpen }: { i: Income; onOpen: (id: number) => void }) {
  return (
    <Button
      size="sm"
      variant="ghost"
      onClick={() => onOpen(i.id)}
      aria-label={`Why was this ${inSentence(incomeLabel(i))} of ${i.paid} USDT paid?`}
    >
      Why?
    </Button>
  );
}

function columns(onOpen: (id: number) => void): Array<Column<Income>> {
  return [
    { key: 'date', header: 'Date', cell: (i) => <When iso={i.created_at} stacked /> },
    {
      key: 'income',
      header: 'Income',
      className: 'max-w-96',
      cell: (i) => (
        <span className="flex flex-col">
          <span className="font-medium text-fg">{incomeLabel(i)}</span>
          <span className="text-xs text-muted">{incomeReason(i)}</span>
        </span>
      ),
    },
    { key: 'paid', header: 'Paid', className: 'text-right', cell: (i) => <PaidAmount i={i} /> },
    { key: 'status', header: 'Limit', cell: (i) => <PaidBadge i={i} /> },
    {
      key: 'open',
      header: <span className="sr-only">Explanation</span>,
      className: 'text-right',
      cell: (i) => <WhyButton i={i} onOpen={onOpen} />,
    },
  ];
}

/** Income Details: the member's incomes, a page at a time, each one opening its explanation. */
export function IncomeDetailsTab({
  userId,
  kind,
  page,
  limit,
  onFilter,
  onOpen,
}: {
  userId: number;
  kind: IncomeKind | undefined;
  page: number;
  limit: number;
  onFilter: (changes: { kind?: string; page?: number; limit?: number }) => void;
  onOpen: (id: number) => void;
}) {
  const query = useIncomes(userId, { page, limit, kind }, 'member');
  const data = query.data;
  useEffect(() => {
    if (query.error) incomeToast.error(errorMessage(query.error), 'income-list');
  }, [query.error]);

  const empty = kind
    ? `No ${inSentence(INCOME_KIND_LABEL[kind])} yet. Choose "All incomes" to see the others.`
    : 'No income yet. Incomes appear here as your plan and your team earn them.';
  return (
    <section aria-label="Income details" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Select
          label="Kind"
          value={kind ?? ''}
          onChange={(e) => onFilter({ kind: e.target.value, page: 1 })}
          className="w-full sm:w-56"
        >
          <option value="">All incomes</option>
          {INCOME_KINDS.map((k) => (
            <option key={k} value={k}>
              {INCOME_KIND_LABEL[k]}
            </option>
          ))}
        </Select>
        {data && (
          <p className="text-sm text-muted" data-testid="income-list-sum">
            Paid <Money value={data.sum.paid} className="font-medium text-fg" />
            {data.sum.cut > 0 && (
              <>
                {' '}
                · cut by the limit <Money value={data.sum.cut} className="font-medium text-fg" />
              </>
            )}
          </p>
        )}
        <div className="w-32">
          <PageSizeSelect value={limit} onChange={(size) => onFilter({ limit: size, page: 1 })} />
        </div>
      </div>
      {query.error && !data ? (
        <p
          role="alert"
          className="rounded-lg border border-line bg-surface p-4 text-sm text-red-700 dark:text-red-400"
        >
          Your incomes could not be loaded: {errorMessage(query.error)}
        </p>
      ) : (
        <>
          <Table
            caption="Your incomes"
            columns={columns(onOpen)}
            rows={data?.incomes}
            rowKey={(i) => i.id}
            loading={query.isFetching && !data}
            empty={empty}
            minWidth="min-w-[720px]"
            card={(i) => (
              <>
                <div className="flex items-start justify-between gap-3">
                  <span className="font-medium text-fg">{incomeLabel(i)}</span>
                  <PaidAmount i={i} />
                </div>
                <p className="mt-1 text-sm text-muted">{incomeReason(i)}</p>
                <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
                  <span className="text-xs text-muted">
                    <When iso={i.created_at} />
                  </span>
                  <span className="flex items-center gap-1">
                    <PaidBadge i={i} />
                    <WhyButton i={i} onOpen={onOpen} />
                  </span>
                </div>
              </>
            )}
          />
          {data && data.total > 0 && (
            <Pager
              page={data.currentPage}
              totalPages={data.totalPages}
              total={data.total}
              fetching={query.isFetching}
              onPage={(p) => onFilter({ page: p })}
              noun={['income', 'incomes']}
            />
          )}
        </>
      )}
    </section>
  );
}
