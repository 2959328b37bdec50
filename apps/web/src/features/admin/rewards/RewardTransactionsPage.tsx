import type { RewardPayout } from '@app/contracts/rewards';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { useRewardPayouts, useRewardPlans } from '../../../api/rewards';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Input, Select } from '../../../components/ui/Input';
import { Money } from '../../../components/ui/Money';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Pager, PageSizeSelect, pageSizeOf } from '../../../components/ui/Pager';
import { type Column, Table } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { SendRewardDialog } from './SendRewardDialog';

const SOURCES = ['claim', 'admin'] as const;
const SOURCE_LABEL = { claim: msg`Claimed`, admin: msg`Sent by admin` } as const;

function columns(i18n: I18n): Array<Column<RewardPayout>> {
  return [
    { key: 'date', header: i18n._(msg`Date`), cell: (r) => <When iso={r.created_at} stacked /> },
    {
      key: 'member',
      header: i18n._(msg`Member`),
      cell: (r) => (
        <Link
          to={`/admin/check/profile/${r.user_id}`}
          className="font-medium text-accent-text hover:underline"
        >
          {r.username}
        </Link>
      ),
    },
    { key: 'plan', header: i18n._(msg`Reward`), cell: (r) => r.title },
    {
      key: 'source',
      header: i18n._(msg`How`),
      cell: (r) => (
        <Badge tone={r.source === 'claim' ? 'green' : 'blue'}>{i18n._(SOURCE_LABEL[r.source])}</Badge>
      ),
    },
    {
      key: 'business',
      header: i18n._(msg`Business`),
      className: 'text-right',
      cell: (r) =>
        r.business === null ? <span className="text-muted">—</span> : <Money value={r.business} />,
    },
    {
      key: 'paid',
      header: i18n._(msg`Paid`),
      className: 'text-right',
      cell: (r) => (
        <span className="flex flex-col items-end">
          <Money value={r.paid} className="font-medium" />
          {r.cut > 0 && (
            <span className="text-xs text-amber-700 dark:text-amber-400">
              <Trans>
                <Money value={r.cut} /> over the limit
              </Trans>
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'note',
      header: i18n._(msg`Note`),
      cell: (r) =>
        r.note ? <span className="text-muted">{r.note}</span> : <span className="text-muted">—</span>,
    },
  ];
}

/** Admin reward transactions (spec 2.1): every reward paid, filters, paging; send one by hand. */
export default function RewardTransactionsPage() {
  const { page, params, update, oneOf } = useUrlFilters();
  const limit = pageSizeOf(params.get('limit'));
  const source = oneOf('source', SOURCES);
  const planId = Number(params.get('plan_id')) || undefined;
  const search = params.get('search') ?? '';
  const { text: searchText, onSearch } = useDebouncedSearch(search, (text) =>
    update({ search: text, page: 1 }),
  );
  const [sending, setSending] = useState(false);
  const plans = useRewardPlans('admin');
  const list = useRewardPayouts({ page, limit, source, plan_id: planId, search: search || undefined });
  const data = list.data;
  const filtered = Boolean(source || planId || search);
  const { t, i18n } = useLingui();
  const listError = list.error ? errorMessage(list.error) : '';

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Reward transactions · EarnHub admin`}</title>
      <PageHeader
        title={t`Reward transactions`}
        description={t`Every reward paid: stages members claimed and rewards sent by hand. Paid amounts are after the earning limit.`}
        actions={
          <Button onClick={() => setSending(true)}>
            <Send className="size-4" aria-hidden="true" /> <Trans>Send reward</Trans>
          </Button>
        }
      />
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem_12rem_8rem]">
        <Input
          label={t`Search`}
          type="search"
          placeholder={t`Member or reward`}
          value={searchText}
          onChange={(e) => onSearch(e.target.value)}
        />
        <Select
          label={t`How`}
          value={source ?? ''}
          onChange={(e) => update({ source: e.target.value, page: 1 })}
        >
          <option value="">{t`Claimed and sent`}</option>
          {SOURCES.map((s) => (
            <option key={s} value={s}>
              {i18n._(SOURCE_LABEL[s])}
            </option>
          ))}
        </Select>
        <Select
          label={t`Reward plan`}
          value={planId ?? ''}
          onChange={(e) => update({ plan_id: e.target.value, page: 1 })}
        >
          <option value="">{t`All plans`}</option>
          {plans.data?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.title}
            </option>
          ))}
        </Select>
        <PageSizeSelect value={limit} onChange={(size) => update({ limit: size, page: 1 })} />
      </div>
      {list.error && (
        // REWARD_TEXT.listError, the spec's words, before the server's message
        <Banner tone="error">{t`Failed to fetch rewards: ${listError}`}</Banner>
      )}
      {data && (
        <p className="text-sm text-muted">
          {filtered ? (
            <Trans>
              Paid in these results:{' '}
              <Money value={data.total_paid} className="font-semibold text-fg" testId="rewards-total-paid" />
            </Trans>
          ) : (
            <Trans>
              Paid in all:{' '}
              <Money value={data.total_paid} className="font-semibold text-fg" testId="rewards-total-paid" />
            </Trans>
          )}
        </p>
      )}
      <Table
        caption={t`Reward transactions`}
        columns={columns(i18n)}
        rows={data?.allrewards}
        rowKey={(r) => r.id}
        loading={list.isPending}
        skeletonRows={Math.min(limit, 10)}
        empty={
          filtered
            ? t`No reward matches these filters. Clear them to see every reward paid.`
            : t`No rewards paid yet. They appear here when members claim a stage or you send one.`
        }
      />
      {data && data.total > 0 && (
        <Pager
          page={data.currentPage}
          totalPages={data.totalPages}
          total={data.total}
          fetching={list.isFetching}
          onPage={(p) => update({ page: p })}
          counted={(total) => plural(total, { one: '# reward', other: '# rewards' })}
        />
      )}
      <SendRewardDialog open={sending} onClose={() => setSending(false)} />
    </div>
  );
}
