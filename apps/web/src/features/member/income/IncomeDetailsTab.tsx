import { INCOME_KINDS, type Income, type IncomeKind } from '@app/contracts/incomes';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { money } from '../../../lib/format';
import { inSentence } from '../../../lib/transaction-labels';
import { useIncomeWords } from './income-labels';
import { incomeToast } from './toast';

function PaidBadge({ i }: { i: Income }) {
  const { t } = useLingui();
  if (i.cut === 0) return <Badge tone="green">{t({ message: 'Paid', context: 'income' })}</Badge>;
  if (i.paid === 0) return <Badge tone="red">{t`Not paid: limit`}</Badge>;
  return <Badge tone="amber">{t`Partly paid`}</Badge>;
}

function PaidAmount({ i }: { i: Income }) {
  return (
    <span className="flex flex-col items-end">
      <Money value={i.paid} signed={i.paid > 0} className="font-medium text-green-700 dark:text-green-400" />
      {i.cut > 0 && (
        <span className="text-xs text-muted">
          <Trans>
            of <Money value={i.amount} />
          </Trans>
        </span>
      )}
    </span>
  );
}

function WhyButton({ i, onOpen }: { i: Income; onOpen: (id: number) => void }) {
  const { t } = useLingui();
  const { incomeLabel } = useIncomeWords();
  // "referral income" inside the sentence (lowered unless it starts with an acronym: ROI, CTO)
  const kind = inSentence(incomeLabel(i));
  const paid = money(i.paid).text;
  return (
    <Button
      size="sm"
      variant="ghost"
      onClick={() => onOpen(i.id)}
      aria-label={t`Why was this ${kind} of ${paid} paid?`}
    >
      <Trans>Why?</Trans>
    </Button>
  );
}

function IncomeCell({ i }: { i: Income }) {
  const { incomeLabel, incomeReason } = useIncomeWords();
  return (
    <span className="flex flex-col">
      <span className="font-medium text-fg">{incomeLabel(i)}</span>
      <span className="text-xs text-muted">{incomeReason(i)}</span>
    </span>
  );
}

function useColumns(onOpen: (id: number) => void): Array<Column<Income>> {
  const { t } = useLingui();
  return [
    { key: 'date', header: t`Date`, cell: (i) => <When iso={i.created_at} stacked /> },
    {
      key: 'income',
      header: t`Income`,
      className: 'max-w-96',
      cell: (i) => <IncomeCell i={i} />,
    },
    {
      key: 'paid',
      header: t({ message: 'Paid', context: 'income' }),
      className: 'text-end',
      cell: (i) => <PaidAmount i={i} />,
    },
    { key: 'status', header: t`Limit`, cell: (i) => <PaidBadge i={i} /> },
    {
      key: 'open',
      header: <span className="sr-only">{t`Explanation`}</span>,
      className: 'text-end',
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
  const { t } = useLingui();
  const { KIND, incomeLabel, incomeReason } = useIncomeWords();
  const cols = useColumns(onOpen);
  const query = useIncomes(userId, { page, limit, kind }, 'member');
  const data = query.data;
  useEffect(() => {
    if (query.error) incomeToast.error(errorMessage(query.error), 'income-list');
  }, [query.error]);

  const kindText = kind ? inSentence(KIND[kind]) : '';
  const empty = kind
    ? t`No ${kindText} yet. Choose "All incomes" to see the others.`
    : t`No income yet. Incomes appear here as your plan and your team earn them.`;
  const reason = query.error ? errorMessage(query.error) : '';
  return (
    <section aria-label={t`Income details`} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Select
          label={t`Kind`}
          value={kind ?? ''}
          onChange={(e) => onFilter({ kind: e.target.value, page: 1 })}
          className="w-full sm:w-56"
        >
          <option value="">{t`All incomes`}</option>
          {INCOME_KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND[k]}
            </option>
          ))}
        </Select>
        {data && (
          <p className="text-sm text-muted" data-testid="income-list-sum">
            {data.sum.cut > 0 ? (
              <Trans>
                Paid <Money value={data.sum.paid} className="font-medium text-fg" /> · cut by the limit{' '}
                <Money value={data.sum.cut} className="font-medium text-fg" />
              </Trans>
            ) : (
              <Trans>
                Paid <Money value={data.sum.paid} className="font-medium text-fg" />
              </Trans>
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
          <Trans>Your incomes could not be loaded: {reason}</Trans>
        </p>
      ) : (
        <>
          <Table
            caption={t`Your incomes`}
            columns={cols}
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
              counted={(total) => plural(total, { one: '# income', other: '# incomes' })}
            />
          )}
        </>
      )}
    </section>
  );
}
