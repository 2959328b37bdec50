import { codesCount } from '@app/contracts/codes';
import { zodResolver } from '@hookform/resolvers/zod';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { z } from 'zod';
import type { PendingApproval } from '../../../api/approvals';
import { errorMessage } from '../../../api/client';
import { type ActivationCode, useCodes, useIssueCodes } from '../../../api/codes';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { CopyButton } from '../../../components/ui/CopyButton';
import { Input, Select } from '../../../components/ui/Input';
import { Money } from '../../../components/ui/Money';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Pager } from '../../../components/ui/Pager';
import { SummaryList } from '../../../components/ui/SummaryList';
import { type Column, Table } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';
import { amountText, numberText } from '../../../lib/forms';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { toWire } from '../../../lib/money';
import { useUrlFilters } from '../../../lib/use-url-filters';

const LIMIT = 20;
const USED = ['false', 'true'] as const;

// The contract's issue body, fed from text boxes (the empty count's check in the admin's words).
const issueFormOf = (i18n: I18n) =>
  z.object({
    count: numberText(codesCount, i18n._(msg`How many codes?`)),
    value: amountText(),
  });
type IssueForm = ReturnType<typeof issueFormOf>;

function CodeText({ code }: { code: string }) {
  const { t } = useLingui();
  return (
    <span className="inline-flex items-center gap-1">
      <code className="font-mono text-sm tracking-wide">{code}</code>
      <CopyButton value={code} label={t`Code`} />
    </span>
  );
}

/** "by alice", or "by member 12" when the member's name is not known. */
function UsedBy({ code }: { code: ActivationCode }) {
  const { used_by: id, used_by_username: username } = code;
  return (
    <span className="text-xs text-muted">
      {username !== null ? <Trans>by {username}</Trans> : <Trans>by member {id}</Trans>}
    </span>
  );
}

function columns(i18n: I18n): Array<Column<ActivationCode>> {
  return [
    { key: 'code', header: i18n._(msg`Code`), cell: (c) => <CodeText code={c.code} /> },
    {
      key: 'value',
      header: i18n._(msg`Value`),
      className: 'text-right',
      cell: (c) => <Money value={c.value} />,
    },
    {
      key: 'status',
      header: i18n._(msg`Status`),
      cell: (c) =>
        c.used_by === null ? (
          <Badge tone="green">
            <Trans>Unused</Trans>
          </Badge>
        ) : (
          <span className="flex flex-col items-start gap-1">
            <Badge>
              <Trans>Used</Trans>
            </Badge>
            <UsedBy code={c} />
          </span>
        ),
    },
    { key: 'used', header: i18n._(msg`Used at`), cell: (c) => <When iso={c.used_at} stacked /> },
    { key: 'created', header: i18n._(msg`Issued`), cell: (c) => <When iso={c.created_at} stacked /> },
  ];
}

function IssueCodesCard({ onAsked }: { onAsked: (asked: PendingApproval) => void }) {
  const issue = useIssueCodes();
  const keys = useIdempotencyKey();
  const [review, setReview] = useState<z.output<IssueForm> | null>(null);
  const { t, i18n } = useLingui();
  const issueForm = useMemo(() => issueFormOf(i18n), [i18n]);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<z.input<IssueForm>, unknown, z.output<IssueForm>>({
    resolver: zodResolver(issueForm),
    defaultValues: { count: '10', value: '' },
  });

  const confirm = () => {
    if (!review) return;
    const body = { count: review.count, value: toWire(review.value) };
    issue.mutate(
      { body, key: keys.for(body) },
      {
        onSuccess: (data) => {
          keys.done();
          toast.success(t`Sent for approval`);
          onAsked(data);
          setReview(null);
          reset();
        },
      },
    );
  };

  return (
    <Card title={t`Issue codes`}>
      <p className="-mt-2 mb-4 text-sm text-muted">
        <Trans>
          Each code can be redeemed once by a member; its value goes to their fund wallet. Codes are money: a
          second finance admin approves the request under Approvals, and the codes are issued then.
        </Trans>
      </p>
      <form
        onSubmit={handleSubmit(setReview)}
        noValidate
        className="grid gap-4 sm:grid-cols-[8rem_12rem_auto] sm:items-start"
        aria-label={t`Issue codes`}
      >
        <Input
          label={t`How many`}
          inputMode="numeric"
          autoComplete="off"
          error={errors.count?.message}
          {...register('count')}
        />
        <Input
          label={t`Value each (USDT)`}
          inputMode="decimal"
          autoComplete="off"
          error={errors.value?.message}
          {...register('value')}
        />
        <Button type="submit" className="sm:mt-7">
          <Trans>Issue codes</Trans>
        </Button>
      </form>
      <ConfirmDialog
        open={review !== null}
        title={t`Ask for these codes?`}
        description={t`Nothing is issued yet: another finance admin approves the request, and the codes appear in the list below. Hand them out with care.`}
        confirmLabel={t`Send for approval`}
        busy={issue.isPending}
        onConfirm={confirm}
        onCancel={() => {
          if (issue.isPending) return;
          issue.reset();
          setReview(null);
        }}
      >
        {issue.isError && <Banner tone="error">{errorMessage(issue.error)}</Banner>}
        {review && (
          <SummaryList
            rows={[
              { label: t`Codes`, value: review.count },
              { label: t`Value each`, value: <Money value={toWire(review.value)} /> },
              {
                label: t`Total value`,
                value: <Money value={toWire(review.value * BigInt(review.count))} />,
                strong: true,
              },
            ]}
          />
        )}
      </ConfirmDialog>
    </Card>
  );
}

/** One request sent this visit: what it asks, and where a second admin decides it. */
function AskedItem({ asked }: { asked: PendingApproval }) {
  const { id, summary } = asked.approval;
  return (
    <li className="flex flex-col gap-0.5 py-1.5 text-sm">
      <span className="text-fg">
        <Trans>
          Request #{id}: {summary}
        </Trans>
      </span>
      <Link to="/admin/approvals" className="text-xs font-medium text-accent-text underline">
        <Trans>Sent to a second admin: see its state under Approvals</Trans>
      </Link>
    </li>
  );
}

export default function CodesPage() {
  const { page, update, oneOf } = useUrlFilters();
  const used = oneOf('used', USED);
  const list = useCodes({ page, limit: LIMIT, used });
  const [asked, setAsked] = useState<PendingApproval[]>([]);
  const data = list.data;
  const { t, i18n } = useLingui();

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Activation codes · EarnHub admin`}</title>
      <PageHeader
        title={t`Activation codes`}
        description={t`Issue one-time codes (e-pins) of a value and see which ones were used.`}
      />

      <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
        <IssueCodesCard onAsked={(a) => setAsked((prev) => [a, ...prev])} />
        <Card title={t`Asked now`}>
          {asked.length === 0 ? (
            <p className="text-sm text-muted">
              <Trans>
                Requests you send are listed here. Once a second admin approves one, its codes appear under
                All codes, ready to copy.
              </Trans>
            </p>
          ) : (
            <ul
              className="flex max-h-72 flex-col divide-y divide-line overflow-auto"
              aria-label={t`Requests sent`}
            >
              {asked.map((a) => (
                <AskedItem key={a.approval.id} asked={a} />
              ))}
            </ul>
          )}
        </Card>
      </div>

      <section aria-labelledby="codes-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="codes-heading" className="text-lg font-semibold text-fg">
            <Trans>All codes</Trans>
          </h2>
          <Select
            label={t`Show`}
            className="w-full sm:w-48"
            value={used ?? ''}
            onChange={(e) => update({ used: e.target.value, page: 1 })}
          >
            <option value="">{t`All codes`}</option>
            <option value="false">{t`Unused`}</option>
            <option value="true">{t`Used`}</option>
          </Select>
        </div>
        {list.error && <Banner tone="error">{errorMessage(list.error)}</Banner>}
        <Table
          caption={t`Activation codes`}
          columns={columns(i18n)}
          rows={data?.codes}
          rowKey={(c) => c.id}
          loading={list.isPending}
          empty={
            used
              ? t`No code matches this filter. Choose "All codes" to see every one.`
              : t`No codes yet. Issue some above.`
          }
        />
        {data && data.total > 0 && (
          <Pager
            page={data.currentPage}
            totalPages={data.totalPages}
            total={data.total}
            fetching={list.isFetching}
            onPage={(p) => update({ page: p })}
            counted={(n) => plural(n, { one: '# code', other: '# codes' })}
          />
        )}
      </section>
    </div>
  );
}
