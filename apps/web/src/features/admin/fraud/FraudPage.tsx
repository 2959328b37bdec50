import { FLAG_STATUS, type FraudFlag } from '@app/contracts/fraud';
import type { MessageDescriptor } from '@lingui/core';
import { msg, ph, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ScanSearch } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import {
  type FlagStatus,
  useDecideFlag,
  useFraudFlags,
  useFraudScan,
  useReleaseHold,
} from '../../../api/fraud';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Select } from '../../../components/ui/Input';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Pager, pageSizeOf } from '../../../components/ui/Pager';
import { type Column, Table } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { evidenceText, FLAG_KIND_WORDS } from './fraud-words';

const STATUS_TEXT: Record<FlagStatus, { text: MessageDescriptor; tone: 'amber' | 'red' | 'neutral' }> = {
  open: { text: msg({ message: 'Open', context: 'fraud signal' }), tone: 'amber' },
  held: { text: msg`Members held`, tone: 'red' },
  dismissed: { text: msg({ message: 'Dismissed', context: 'fraud signal' }), tone: 'neutral' },
};

type Pending = { flag: FraudFlag; decision: 'hold' | 'dismiss' } | null;

/** /admin/fraud: the signals with their evidence and members; hold, dismiss, release. */
export default function FraudPage() {
  const { page, params, update, oneOf } = useUrlFilters();
  const limit = pageSizeOf(params.get('limit'));
  const statusParam = params.get('status');
  const status: FlagStatus | undefined =
    statusParam === 'all' ? undefined : (oneOf('status', FLAG_STATUS) ?? 'open');
  const flags = useFraudFlags({ page, limit, ...(status ? { status } : {}) });
  const scan = useFraudScan();
  const decide = useDecideFlag();
  const release = useReleaseHold();
  const [pending, setPending] = useState<Pending>(null);
  const { t, i18n } = useLingui();

  const columns: Array<Column<FraudFlag>> = [
    { key: 'when', header: t`Found`, cell: (f) => <When iso={f.created_at} stacked /> },
    {
      key: 'signal',
      header: t`Signal`,
      cell: (f) => (
        <div className="flex max-w-md flex-col gap-1">
          <span className="font-medium">{i18n._(FLAG_KIND_WORDS[f.kind])}</span>
          <span className="text-xs text-muted">{evidenceText(i18n, f)}</span>
        </div>
      ),
    },
    {
      key: 'members',
      header: t`Members`,
      cell: (f) => (
        <ul className="flex flex-col gap-1" aria-label={t`Members of flag ${ph({ id: f.id })}`}>
          {f.members.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center gap-2">
              <Link
                to={`/admin/check/profile/${m.id}`}
                className="font-medium text-accent-text hover:underline"
              >
                {m.username}
              </Link>
              {m.held && (
                <>
                  <Badge tone="red">
                    <Trans>Held</Trans>
                  </Badge>
                  <Button
                    size="sm"
                    variant="ghost"
                    busy={release.isPending && release.variables === m.id}
                    onClick={() =>
                      release.mutate(m.id, {
                        onSuccess: (r) => toast.success(r.message),
                        onError: (error) => toast.error(errorMessage(error)),
                      })
                    }
                    aria-label={t`Release ${ph({ username: m.username })}`}
                  >
                    <Trans>Release</Trans>
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      ),
    },
    {
      key: 'status',
      header: t`Status`,
      cell: (f) =>
        f.status === 'open' ? (
          <div className="flex flex-col items-start gap-2">
            <Badge tone="amber">{i18n._(STATUS_TEXT.open.text)}</Badge>
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                onClick={() => setPending({ flag: f, decision: 'hold' })}
                aria-label={t`Hold the members of flag ${ph({ id: f.id })}`}
              >
                <Trans>Hold members</Trans>
              </Button>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setPending({ flag: f, decision: 'dismiss' })}
                aria-label={t`Dismiss flag ${ph({ id: f.id })}`}
              >
                <Trans>Dismiss</Trans>
              </Button>
            </div>
          </div>
        ) : (
          <div className="flex flex-col items-start gap-1">
            <Badge tone={STATUS_TEXT[f.status].tone}>{i18n._(STATUS_TEXT[f.status].text)}</Badge>
            <When iso={f.decided_at} />
          </div>
        ),
    },
  ];

  const data = flags.data;
  // the members a hold would stop, by name (usernames, as they are)
  const held = pending?.flag.members.map((m) => m.username).join(', ');
  return (
    <div className="flex flex-col gap-6">
      <title>{t`Fraud signals · EarnHub admin`}</title>
      <PageHeader
        title={t`Fraud signals`}
        description={t`Members who claim from one address or device, sponsors who recruit themselves, shared payout addresses and bursts of registrations. Hold the members of a flag while you look into it: their claims and withdrawal requests wait until you release them.`}
        actions={
          <Button
            variant="secondary"
            busy={scan.isPending}
            onClick={() =>
              scan.mutate(undefined, {
                onSuccess: (r) => toast.success(r.message),
                onError: (error) => toast.error(errorMessage(error)),
              })
            }
          >
            <ScanSearch className="size-4" aria-hidden /> <Trans>Scan now</Trans>
          </Button>
        }
      />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[12rem]">
        <Select
          label={t`Status`}
          value={status ?? 'all'}
          onChange={(e) =>
            update({ status: e.target.value === 'open' ? undefined : e.target.value, page: 1 })
          }
        >
          {FLAG_STATUS.map((s) => (
            <option key={s} value={s}>
              {i18n._(STATUS_TEXT[s].text)}
            </option>
          ))}
          <option value="all">{t`All`}</option>
        </Select>
      </div>
      {flags.error && <Banner tone="error">{errorMessage(flags.error)}</Banner>}
      <Table
        caption={t`Fraud signals`}
        columns={columns}
        rows={data?.flags}
        rowKey={(f) => f.id}
        loading={flags.isPending}
        skeletonRows={5}
        empty={
          status === 'open'
            ? t`No open signal. The scan runs every 5 minutes; thresholds are on the Settings page.`
            : t`No signal matches this status.`
        }
      />
      {data && data.total > 0 && (
        <Pager
          page={data.currentPage}
          totalPages={data.totalPages}
          total={data.total}
          fetching={flags.isFetching}
          onPage={(p) => update({ page: p })}
          counted={(n) => plural(n, { one: '# signal', other: '# signals' })}
        />
      )}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.decision === 'hold' ? t`Hold these members?` : t`Dismiss this signal?`}
        description={
          pending?.decision === 'hold'
            ? t`${held}: their ROI claims and withdrawal requests are refused until you release them. Written in the audit log.`
            : t`It leaves the open list and is not raised again for the same evidence. Written in the audit log.`
        }
        confirmLabel={pending?.decision === 'hold' ? t`Hold members` : t`Dismiss`}
        danger={pending?.decision === 'hold'}
        busy={decide.isPending}
        onConfirm={() =>
          pending &&
          decide.mutate(
            { id: pending.flag.id, decision: pending.decision },
            {
              onSuccess: (r) => {
                toast.success(r.message);
                setPending(null);
              },
            },
          )
        }
        onCancel={() => {
          if (decide.isPending) return;
          decide.reset();
          setPending(null);
        }}
      >
        {decide.isError && <Banner tone="error">{errorMessage(decide.error)}</Banner>}
      </ConfirmDialog>
    </div>
  );
}
