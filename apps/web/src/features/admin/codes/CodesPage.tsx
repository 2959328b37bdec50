import { codesCount } from '@app/contracts/codes';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
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

// The contract's issue body, fed from text boxes.
const issueForm = z.object({
  count: numberText(codesCount, 'How many codes?'),
  value: amountText(),
});

function CodeText({ code }: { code: string }) {
  return (
    <span className="inline-flex items-center gap-1">
      <code className="font-mono text-sm tracking-wide">{code}</code>
      <CopyButton value={code} label="Code" />
    </span>
  );
}

const COLUMNS: Array<Column<ActivationCode>> = [
  { key: 'code', header: 'Code', cell: (c) => <CodeText code={c.code} /> },
  { key: 'value', header: 'Value', className: 'text-right', cell: (c) => <Money value={c.value} /> },
  {
    key: 'status',
    header: 'Status',
    cell: (c) =>
      c.used_by === null ? (
        <Badge tone="green">Unused</Badge>
      ) : (
        <span className="flex flex-col items-start gap-1">
          <Badge>Used</Badge>
          <span className="text-xs text-muted">by {c.used_by_username ?? `member ${c.used_by}`}</span>
        </span>
      ),
  },
  { key: 'used', header: 'Used at', cell: (c) => <When iso={c.used_at} stacked /> },
  { key: 'created', header: 'Issued', cell: (c) => <When iso={c.created_at} stacked /> },
];

function IssueCodesCard({ onAsked }: { onAsked: (asked: PendingApproval) => void }) {
  const issue = useIssueCodes();
  const keys = useIdempotencyKey();
  const [review, setReview] = useState<z.output<typeof issueForm> | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof issueForm>, unknown, z.output<typeof issueForm>>({
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
          toast.success('Sent for approval');
          onAsked(data);
          setReview(null);
          reset();
        },
      },
    );
  };

  return (
    <Card title="Issue codes">
      <p className="-mt-2 mb-4 text-sm text-muted">
        Each code can be redeemed once by a member; its value goes to their fund wallet. Codes are money: a
        second finance admin approves the request under Approvals, and the codes are issued then.
      </p>
      <form
        onSubmit={handleSubmit(setReview)}
        noValidate
        className="grid gap-4 sm:grid-cols-[8rem_12rem_auto] sm:items-start"
        aria-label="Issue codes"
      >
        <Input
          label="How many"
          inputMode="numeric"
          autoComplete="off"
          error={errors.count?.message}
          {...register('count')}
        />
        <Input
          label="Value each (USDT)"
          inputMode="decimal"
          autoComplete="off"
          error={errors.value?.message}
          {...register('value')}
        />
        <Button type="submit" className="sm:mt-7">
          Issue codes
        </Button>
      </form>
      <ConfirmDialog
        open={review !== null}
        title="Ask for these codes?"
        description="Nothing is issued yet: another finance admin approves the request, and the codes appear in the list below. Hand them out with care."
        confirmLabel="Send for approval"
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
              { label: 'Codes', value: review.count },
              { label: 'Value each', value: <Money value={toWire(review.value)} /> },
              {
                label: 'Total value',
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

export default function CodesPage() {
  const { page, update, oneOf } = useUrlFilters();
  const used = oneOf('used', USED);
  const list = useCodes({ page, limit: LIMIT, used });
  const [asked, setAsked] = useState<PendingApproval[]>([]);
  const data = list.data;

  return (
    <div className="flex flex-col gap-6">
      <title>Activation codes · EarnHub admin</title>
      <PageHeader
        title="Activation codes"
        description="Issue one-time codes (e-pins) of a value and see which ones were used."
      />

      <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
        <IssueCodesCard onAsked={(a) => setAsked((prev) => [a, ...prev])} />
        <Card title="Asked now">
          {asked.length === 0 ? (
            <p className="text-sm text-muted">
              Requests you send are listed here. Once a second admin approves one, its codes appear under All
              codes, ready to copy.
            </p>
          ) : (
            <ul
              className="flex max-h-72 flex-col divide-y divide-line overflow-auto"
              aria-label="Requests sent"
            >
              {asked.map((a) => (
                <li key={a.approval.id} className="flex flex-col gap-0.5 py-1.5 text-sm">
                  <span className="text-fg">
                    Request #{a.approval.id}: {a.approval.summary}
                  </span>
                  <Link to="/admin/approvals" className="text-xs font-medium text-accent-text underline">
                    Sent to a second admin: see its state under Approvals
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>

      <section aria-labelledby="codes-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="codes-heading" className="text-lg font-semibold text-fg">
            All codes
          </h2>
          <Select
            label="Show"
            className="w-full sm:w-48"
            value={used ?? ''}
            onChange={(e) => update({ used: e.target.value, page: 1 })}
          >
            <option value="">All codes</option>
            <option value="false">Unused</option>
            <option value="true">Used</option>
          </Select>
        </div>
        {list.error && <Banner tone="error">{errorMessage(list.error)}</Banner>}
        <Table
          caption="Activation codes"
          columns={COLUMNS}
          rows={data?.codes}
          rowKey={(c) => c.id}
          loading={list.isPending}
          empty={
            used
              ? 'No code matches this filter. Choose "All codes" to see every one.'
              : 'No codes yet. Issue some above.'
          }
        />
        {data && data.total > 0 && (
          <Pager
            page={data.currentPage}
            totalPages={data.totalPages}
            total={data.total}
            fetching={list.isFetching}
            onPage={(p) => update({ page: p })}
            noun={['code', 'codes']}
          />
        )}
      </section>
    </div>
  );
}
