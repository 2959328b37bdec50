import {
  APPROVAL_KIND_LABELS,
  APPROVAL_STATUS,
  type Approval,
  SECOND_EYES_MIN_HOURS,
} from '@app/contracts/approvals';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useApprovals, useDecideApproval } from '../../../api/approvals';
import { useAdmin } from '../../../api/auth-store';
import { errorMessage } from '../../../api/client';
import { Badge, type Tone } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Input, Select } from '../../../components/ui/Input';
import { Money } from '../../../components/ui/Money';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Pager } from '../../../components/ui/Pager';
import { SummaryList } from '../../../components/ui/SummaryList';
import { type Column, Table } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';
import { useUrlFilters } from '../../../lib/use-url-filters';

const LIMIT = 20;
const STATUSES = [...APPROVAL_STATUS, 'all'] as const;
const STATUS_LABEL: Record<Approval['status'], { text: MessageDescriptor; tone: Tone }> = {
  pending: { text: msg`Waiting`, tone: 'amber' },
  approved: { text: msg`Approved`, tone: 'green' },
  rejected: { text: msg`Rejected`, tone: 'red' },
  cancelled: { text: msg`Withdrawn`, tone: 'neutral' },
};
const FILTER_LABEL: Record<(typeof STATUSES)[number], MessageDescriptor> = {
  pending: msg`Waiting for a second admin`,
  approved: STATUS_LABEL.approved.text,
  rejected: STATUS_LABEL.rejected.text,
  cancelled: STATUS_LABEL.cancelled.text,
  all: msg`All requests`,
};

type Target = { a: Approval; approve: boolean };

function columns(myId: number | undefined, onPick: (t: Target) => void): Array<Column<Approval>> {
  return [
    {
      key: 'what',
      header: <Trans>Request</Trans>,
      cell: (a) => (
        <span className="flex max-w-md flex-col gap-0.5">
          <span className="font-medium text-fg">{APPROVAL_KIND_LABELS[a.kind]}</span>
          <span className="text-sm break-words text-muted">{a.summary}</span>
        </span>
      ),
    },
    { key: 'member', header: <Trans>Member</Trans>, cell: (a) => a.username ?? '—' },
    {
      key: 'amount',
      header: <Trans>Amount</Trans>,
      className: 'text-right',
      cell: (a) => (a.amount === null ? '—' : <Money value={a.amount} />),
    },
    {
      key: 'asked',
      header: <Trans>Asked by</Trans>,
      cell: (a) => (
        <span className="flex flex-col">
          <span>{a.requested_by.id === myId ? t`You` : a.requested_by.name}</span>
          <When iso={a.requested_at} />
        </span>
      ),
    },
    {
      key: 'status',
      header: <Trans>Status</Trans>,
      cell: (a) => (
        <span className="flex flex-col items-start gap-1">
          <Badge tone={STATUS_LABEL[a.status].tone}>{i18n._(STATUS_LABEL[a.status].text)}</Badge>
          {a.decided_by && (
            <span className="text-xs text-muted">
              {a.decided_by.id === myId ? t`by you` : t`by ${a.decided_by.name}`}
              {a.reason ? `: ${a.reason}` : ''}
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'actions',
      header: (
        <span className="sr-only">
          <Trans>Actions</Trans>
        </span>
      ),
      cell: (a) => {
        if (a.status !== 'pending') return null;
        const mine = a.requested_by.id === myId;
        const name = `${APPROVAL_KIND_LABELS[a.kind]} #${a.id}`;
        return (
          <div className="flex flex-col items-start gap-1">
            <div className="flex gap-2">
              {!mine && (
                <Button
                  size="sm"
                  onClick={() => onPick({ a, approve: true })}
                  aria-label={t`Approve ${name}`}
                >
                  <Trans>Approve</Trans>
                </Button>
              )}
              <Button
                size="sm"
                variant="secondary"
                onClick={() => onPick({ a, approve: false })}
                aria-label={mine ? t`Withdraw ${name}` : t`Reject ${name}`}
              >
                {mine ? <Trans>Withdraw</Trans> : <Trans>Reject</Trans>}
              </Button>
            </div>
            {mine && (
              <span className="text-xs text-muted">
                <Trans>You asked: another admin approves it.</Trans>
              </span>
            )}
          </div>
        );
      },
    },
  ];
}

/**
 * Four eyes on the back-office paths that move a member's money (issue 36): what one admin asked
 * waits here until a second admin of the role approves it (then it runs) or rejects it.
 */
export default function ApprovalsPage() {
  const { t } = useLingui();
  const me = useAdmin();
  const { page, update, oneOf } = useUrlFilters();
  const status = oneOf('status', STATUSES) ?? 'pending';
  const list = useApprovals({ page, limit: LIMIT, status });
  const decide = useDecideApproval();
  const [target, setTarget] = useState<Target | null>(null);
  const [reason, setReason] = useState('');
  const data = list.data;
  const hours = SECOND_EYES_MIN_HOURS;
  const mine = target?.a.requested_by.id === me?.id;
  const reasonProblem =
    !target?.approve && reason.trim().length < 3 ? t`Say why (at least 3 characters)` : null;

  const close = () => {
    if (decide.isPending) return;
    decide.reset();
    setTarget(null);
    setReason('');
  };
  const confirm = () => {
    if (!target || (!target.approve && reasonProblem)) return;
    decide.mutate(
      { id: target.a.id, approve: target.approve, reason: reason.trim() },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          setTarget(null);
          setReason('');
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Approvals · EarnHub admin`}</title>
      <PageHeader
        title={t`Approvals`}
        description={t`Manual credits and debits, plans bought for a member, deposits and payments past one admin's limits, rewards sent by hand, activation codes, and changes of a member's e-mail or sponsor: nothing happens until a second admin approves.`}
      />
      <Banner tone="notice">
        <Trans>
          The admin who asked cannot approve, and an admin on the team for less than {hours} hours cannot be
          the second pair of eyes. Approving runs the action at once, as you.
        </Trans>
      </Banner>

      <section aria-labelledby="approvals-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="approvals-heading" className="text-lg font-semibold text-fg">
            <Trans>Requests</Trans>
          </h2>
          <Select
            label={t`Show`}
            className="w-full sm:w-64"
            value={status}
            onChange={(e) => update({ status: e.target.value === 'pending' ? '' : e.target.value, page: 1 })}
          >
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(FILTER_LABEL[s])}
              </option>
            ))}
          </Select>
        </div>
        {list.error && <Banner tone="error">{errorMessage(list.error)}</Banner>}
        <Table
          caption={t`Approval requests`}
          columns={columns(me?.id, setTarget)}
          rows={data?.approvals}
          rowKey={(a) => a.id}
          loading={list.isPending}
          minWidth="min-w-[880px]"
          empty={
            status === 'pending'
              ? t`Nothing waits for a second admin. Requests appear here when an admin asks for one of the actions above.`
              : t`No request matches this filter. Choose "All requests" to see every one.`
          }
        />
        {data && data.total > 0 && (
          <Pager
            page={data.currentPage}
            totalPages={data.totalPages}
            total={data.total}
            fetching={list.isFetching}
            onPage={(p) => update({ page: p })}
            counted={(total) => plural(total, { one: '# request', other: '# requests' })}
          />
        )}
      </section>

      <ConfirmDialog
        open={target !== null}
        title={
          target?.approve
            ? t`Approve this request?`
            : mine
              ? t`Withdraw your request?`
              : t`Reject this request?`
        }
        description={
          target?.approve
            ? t`It runs now, as you: you are the second pair of eyes. Check the member and the amount.`
            : t`Nothing is done; the request stays on record with your reason.`
        }
        confirmLabel={target?.approve ? t`Approve and run` : mine ? t`Withdraw request` : t`Reject request`}
        danger={!target?.approve}
        busy={decide.isPending}
        onConfirm={confirm}
        onCancel={close}
      >
        {decide.isError && <Banner tone="error">{errorMessage(decide.error)}</Banner>}
        {target && (
          <SummaryList
            rows={[
              { label: t`Request`, value: APPROVAL_KIND_LABELS[target.a.kind] },
              { label: t`What`, value: target.a.summary },
              { label: t`Member`, value: target.a.username ?? '—' },
              ...(target.a.amount === null
                ? []
                : [{ label: t`Amount`, value: <Money value={target.a.amount} />, strong: true }]),
              { label: t`Asked by`, value: `${target.a.requested_by.name} (${target.a.requested_by.email})` },
            ]}
          />
        )}
        {target && !target.approve && (
          <Input
            label={t`Reason`}
            value={reason}
            maxLength={300}
            autoComplete="off"
            error={reason && reasonProblem ? reasonProblem : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
        )}
      </ConfirmDialog>
    </div>
  );
}
