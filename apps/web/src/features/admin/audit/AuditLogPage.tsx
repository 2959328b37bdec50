import type { AuditEntry } from '@app/contracts/audit';
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
        user #{e.target_id}
      </Link>
    );
  return (
    <span>
      {e.target_type} <span className="text-muted">#{e.target_id}</span>
    </span>
  );
}

function columns(onOpen: (e: AuditEntry) => void): Array<Column<AuditEntry>> {
  return [
    { key: 'when', header: 'When', cell: (e) => <When iso={e.created_at} stacked /> },
    {
      key: 'admin',
      header: 'Admin',
      cell: (e) => (
        <span className="flex flex-col">
          <span className="font-medium">{e.admin_username ?? '—'}</span>
          {e.admin_email && <span className="text-xs text-muted">{e.admin_email}</span>}
        </span>
      ),
    },
    {
      key: 'action',
      header: 'Action',
      // in words; the recorded code in the tooltip and in the entry's dialog (issue 37.13)
      cell: (e) => (
        <span className="font-medium text-fg" title={e.action}>
          {auditActionWords(e.action)}
        </span>
      ),
    },
    { key: 'target', header: 'Target', cell: target },
    {
      key: 'ip',
      header: 'From',
      cell: (e) => <span className="font-mono text-xs text-muted">{e.ip ?? '—'}</span>,
    },
    {
      key: 'changes',
      header: <span className="sr-only">Changes</span>,
      className: 'text-right',
      cell: (e) => (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onOpen(e)}
          // the row says what the entry is; its words here would answer to the filters' labels (Action, Admin)
          aria-label={`View changes of entry ${e.id}`}
        >
          View changes
        </Button>
      ),
    },
  ];
}

export default function AuditLogPage() {
  const { page, params, update } = useUrlFilters();
  const limit = pageSizeOf(params.get('limit'));
  const action = params.get('action') ?? '';
  const targetType = params.get('target_type') ?? '';
  const adminId = Number(params.get('admin_id')) || undefined;
  const from = DAY.test(params.get('from') ?? '') ? params.get('from')! : '';
  const to = DAY.test(params.get('to') ?? '') ? params.get('to')! : '';
  const rangeError = from && to && to < from ? 'The end date is before the start date' : undefined;

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
  const withCurrent = (values: string[] | undefined, current: string) =>
    current && !values?.includes(current) ? [current, ...(values ?? [])] : (values ?? []);

  return (
    <div className="flex flex-col gap-6">
      <title>Audit log · EarnHub admin</title>
      <PageHeader
        title="Audit log"
        description="Every change an admin made: who, what, when, from where, and the record before and after."
      />

      <section aria-labelledby="audit-filters" className="flex flex-col gap-3">
        <h2 id="audit-filters" className="sr-only">
          Filters
        </h2>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3">
          {/* the action and admin names are long: each option must show whole (issue 37.17) */}
          <Select
            label="Action"
            className="col-span-2"
            value={action}
            onChange={(e) => update({ action: e.target.value, page: 1 })}
          >
            <option value="">All actions</option>
            {withCurrent(facets.data?.actions, action).map((a) => (
              <option key={a} value={a}>
                {auditActionWords(a)}
              </option>
            ))}
          </Select>
          <Select
            label="Target"
            value={targetType}
            onChange={(e) => update({ target_type: e.target.value, page: 1 })}
          >
            <option value="">All targets</option>
            {withCurrent(facets.data?.target_types, targetType).map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </Select>
          <Select
            label="Admin"
            className="col-span-2"
            value={adminId ?? ''}
            onChange={(e) => update({ admin_id: e.target.value, page: 1 })}
          >
            <option value="">All admins</option>
            {facets.data?.admins.map((a) => (
              <option key={a.id} value={a.id}>
                {a.email}
              </option>
            ))}
          </Select>
          <Input
            label="From"
            type="date"
            value={from}
            max={to || undefined}
            onChange={(e) => update({ from: e.target.value, page: 1 })}
          />
          <Input
            label="To"
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
              Clear filters
            </Button>
          </div>
        )}
      </section>

      {(list.error || facets.error) && (
        <Banner tone="error">{errorMessage(list.error ?? facets.error)}</Banner>
      )}
      <Table
        caption="Audit log"
        columns={columns(setOpen)}
        rows={rangeError ? [] : data?.entries}
        rowKey={(e) => e.id}
        loading={list.isPending && !rangeError}
        skeletonRows={Math.min(limit, 10)}
        minWidth="min-w-[760px]"
        empty={
          filtered
            ? 'No entry matches these filters. Widen the dates or clear the filters.'
            : 'No admin changes yet. Changes to members, money, plans and settings appear here.'
        }
      />
      {data && data.total > 0 && !rangeError && (
        <Pager
          page={data.currentPage}
          totalPages={data.totalPages}
          total={data.total}
          fetching={list.isFetching}
          onPage={(p) => update({ page: p })}
          noun={['entry', 'entries']}
        />
      )}

      <Modal
        open={open !== null}
        onClose={() => setOpen(null)}
        className="sm:max-w-3xl"
        title={open ? auditActionWords(open.action) : ''}
        description={
          open &&
          `${open.action} · ${open.admin_username ?? 'A removed admin'} · ${formatDateTime(open.created_at)}${
            open.ip ? ` · from ${open.ip}` : ''
          } · ${open.target_type}${open.target_id ? ` #${open.target_id}` : ''}`
        }
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
