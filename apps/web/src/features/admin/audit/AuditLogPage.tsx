import type { AuditEntry } from '@app/contracts/audit';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAuditFacets, useAuditList } from '../../../api/audit';
import { errorMessage } from '../../../api/client';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Input, Select } from '../../../components/ui/Input';
import { Modal } from '../../../components/ui/Modal';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Pager, PageSizeSelect, pageSizeOf } from '../../../components/ui/Pager';
import { type Column, Table } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';
import { formatDateTime } from '../../../lib/format';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { AuditDiff } from './AuditDiff';
import { auditActionWords } from './audit-words';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A local calendar day as the instant it starts (`next`: the instant the day after starts). */
function dayStart(day: string, next = false): string {
  const date = new Date(`${day}T00:00:00`);
  if (next) date.setDate(date.getDate() + 1);
  return date.toISOString();
}

function target(e: AuditEntry) {
  if (!e.target_id) return <span>{e.target_type}</span>;
  if (e.target_type === 'user')
    return (
      <Link
        to={`/admin/check/profile/${e.target_id}`}
        className="font-medium text-accent-text hover:underline"
      >
        {/* the target's type is a code, as in the other rows */}
        {e.target_type} #{e.target_id}
      </Link>
    );
  return (
    <span>
      {e.target_type} <span className="text-muted">#{e.target_id}</span>
    </span>
  );
}

function columns(onOpen: (e: AuditEntry) => void, i18n: I18n): Array<Column<AuditEntry>> {
  return [
    { key: 'when', header: i18n._(msg`When`), cell: (e) => <When iso={e.created_at} stacked /> },
    {
      key: 'admin',
      header: i18n._(msg`Admin`),
      cell: (e) => (
        <span className="flex flex-col">
          <span className="font-medium">{e.admin_username ?? '—'}</span>
          {e.admin_email && <span className="text-xs text-muted">{e.admin_email}</span>}
        </span>
      ),
    },
    {
      key: 'action',
      header: i18n._(msg`Action`),
      // in words; the recorded code in the tooltip and in the entry's dialog (issue 37.13)
      cell: (e) => (
        <span className="font-medium text-fg" title={e.action}>
          {auditActionWords(i18n, e.action)}
        </span>
      ),
    },
    { key: 'target', header: i18n._(msg`Target`), cell: target },
    {
      key: 'ip',
      header: i18n._(msg`From`),
      cell: (e) => <span className="font-mono text-xs text-muted">{e.ip ?? '—'}</span>,
    },
    {
      key: 'changes',
      header: (
        <span className="sr-only">
          <Trans>Changes</Trans>
        </span>
      ),
      className: 'text-right',
      cell: (e) => (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onOpen(e)}
          // the row says what the entry is; its words here would answer to the filters' labels (Action, Admin)
          aria-label={i18n._(msg`View changes of entry ${e.id}`)}
        >
          <Trans>View changes</Trans>
        </Button>
      ),
    },
  ];
}

export default function AuditLogPage() {
  const { t, i18n } = useLingui();
  const { page, params, update } = useUrlFilters();
  const limit = pageSizeOf(params.get('limit'));
  const action = params.get('action') ?? '';
  const targetType = params.get('target_type') ?? '';
  const adminId = Number(params.get('admin_id')) || undefined;
  const from = DAY.test(params.get('from') ?? '') ? params.get('from')! : '';
  const to = DAY.test(params.get('to') ?? '') ? params.get('to')! : '';
  const rangeError = from && to && to < from ? t`The end date is before the start date` : undefined;

  const facets = useAuditFacets();
  const list = useAuditList(
    {
      page,
      limit,
      action: action || undefined,
      target_type: targetType || undefined,
      admin_id: adminId,
      from: from ? dayStart(from) : undefined,
      to: to ? dayStart(to, true) : undefined,
    },
    !rangeError,
  );
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const data = list.data;
  const filtered = Boolean(action || targetType || adminId || from || to);

  // a filter value from the address that the log no longer has stays choosable
  // the entry's facts, the code first, one after the other: "withdrawal.approved · ann · 21 Nov 2026, 14:03 · from 10.0.0.1 · withdrawal #4"
  const facts = (entry: AuditEntry) => {
    const ip = entry.ip;
    return [
      entry.action,
      entry.admin_username ?? t`A removed admin`,
      formatDateTime(entry.created_at),
      ip ? t`from ${ip}` : null,
      `${entry.target_type}${entry.target_id ? ` #${entry.target_id}` : ''}`,
    ]
      .filter((fact) => fact !== null)
      .join(' · ');
  };

  const withCurrent = (values: string[] | undefined, current: string) =>
    current && !values?.includes(current) ? [current, ...(values ?? [])] : (values ?? []);

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Audit log · EarnHub admin`}</title>
      <PageHeader
        title={t`Audit log`}
        description={t`Every change an admin made: who, what, when, from where, and the record before and after.`}
      />

      <section aria-labelledby="audit-filters" className="flex flex-col gap-3">
        <h2 id="audit-filters" className="sr-only">
          <Trans>Filters</Trans>
        </h2>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3">
          {/* the action and admin names are long: each option must show whole (issue 37.17) */}
          <Select
            label={t`Action`}
            className="col-span-2"
            value={action}
            onChange={(e) => update({ action: e.target.value, page: 1 })}
          >
            <option value="">{t`All actions`}</option>
            {withCurrent(facets.data?.actions, action).map((a) => (
              <option key={a} value={a}>
                {auditActionWords(i18n, a)}
              </option>
            ))}
          </Select>
          <Select
            label={t`Target`}
            value={targetType}
            onChange={(e) => update({ target_type: e.target.value, page: 1 })}
          >
            <option value="">{t`All targets`}</option>
            {withCurrent(facets.data?.target_types, targetType).map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </Select>
          <Select
            label={t`Admin`}
            className="col-span-2"
            value={adminId ?? ''}
            onChange={(e) => update({ admin_id: e.target.value, page: 1 })}
          >
            <option value="">{t`All admins`}</option>
            {facets.data?.admins.map((a) => (
              <option key={a.id} value={a.id}>
                {a.email}
              </option>
            ))}
          </Select>
          <Input
            label={t`From`}
            type="date"
            value={from}
            max={to || undefined}
            onChange={(e) => update({ from: e.target.value, page: 1 })}
          />
          <Input
            label={t`To`}
            type="date"
            value={to}
            min={from || undefined}
            error={rangeError}
            onChange={(e) => update({ to: e.target.value, page: 1 })}
          />
          <PageSizeSelect value={limit} onChange={(size) => update({ limit: size, page: 1 })} />
        </div>
        {filtered && (
          <div>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => update({ action: '', target_type: '', admin_id: '', from: '', to: '', page: 1 })}
            >
              <Trans>Clear filters</Trans>
            </Button>
          </div>
        )}
      </section>

      {(list.error || facets.error) && (
        <Banner tone="error">{errorMessage(list.error ?? facets.error)}</Banner>
      )}
      <Table
        caption={t`Audit log`}
        columns={columns(setOpen, i18n)}
        rows={rangeError ? [] : data?.entries}
        rowKey={(e) => e.id}
        loading={list.isPending && !rangeError}
        skeletonRows={Math.min(limit, 10)}
        minWidth="min-w-[760px]"
        empty={
          filtered
            ? t`No entry matches these filters. Widen the dates or clear the filters.`
            : t`No admin changes yet. Changes to members, money, plans and settings appear here.`
        }
      />
      {data && data.total > 0 && !rangeError && (
        <Pager
          page={data.currentPage}
          totalPages={data.totalPages}
          total={data.total}
          fetching={list.isFetching}
          onPage={(p) => update({ page: p })}
          counted={(total) => plural(total, { one: '# entry', other: '# entries' })}
        />
      )}

      <Modal
        open={open !== null}
        onClose={() => setOpen(null)}
        className="sm:max-w-3xl"
        title={open ? auditActionWords(i18n, open.action) : ''}
        description={open && facts(open)}
      >
        {open && (
          <div className="mt-4">
            <AuditDiff entry={open} />
          </div>
        )}
      </Modal>
    </div>
  );
}
