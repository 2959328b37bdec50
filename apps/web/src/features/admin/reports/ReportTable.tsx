import {
  REPORT_STATUS_LABELS,
  type Report,
  type ReportCell,
  type ReportColumn,
} from '@app/contracts/reports';
import { useLingui } from '@lingui/react/macro';
import { Badge, type Tone } from '../../../components/ui/Badge';
import { Money } from '../../../components/ui/Money';
import { type Column, Table } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';

type Row = Report['rows'][number];

const STATUS_TONE: Record<string, Tone> = {
  approved: 'green',
  done: 'green',
  posted: 'green',
  pending: 'amber',
  rejected: 'red',
  reversed: 'red',
  cancelled: 'neutral',
};

/** Long identifiers (transaction hashes, ledger ids, notes) are cut on screen, whole in the tooltip and the CSV. */
const LONG_TEXT = new Set(['note', 'tx_hash', 'transfer_id', 'reference']);

function cell(column: ReportColumn, value: ReportCell | undefined) {
  if (value === null || value === undefined || value === '') return <span className="text-muted">—</span>;
  switch (column.type) {
    case 'money':
      return <Money value={Number(value)} />;
    case 'datetime':
      return <When iso={String(value)} stacked />;
    case 'status':
      return (
        <Badge tone={STATUS_TONE[String(value)] ?? 'neutral'}>
          {REPORT_STATUS_LABELS[String(value)] ?? String(value)}
        </Badge>
      );
    case 'number':
      return <span className="tabular-nums">{value}</span>;
    default:
      return LONG_TEXT.has(column.key) ? (
        <span className="block max-w-48 truncate" title={String(value)}>
          {value}
        </span>
      ) : (
        String(value)
      );
  }
}

/** The report's rows with the server's columns: the same columns, in the same order, as the CSV file. */
export function ReportTable({
  report,
  loading,
  limit,
  empty,
}: {
  report: Report | undefined;
  loading: boolean;
  limit: number;
  empty: string;
}) {
  const { t } = useLingui();
  const columns: Array<Column<Row>> = (report?.columns ?? []).map((c) => ({
    key: c.key,
    header: c.label,
    className: c.type === 'money' ? 'text-right' : undefined,
    cell: (row) => cell(c, row[c.key]),
  }));
  return (
    <Table
      // the report's kind as its code ("topups"), its first and last days as the API writes them
      caption={report ? t`${report.kind} from ${report.from} to ${report.to}` : t`Report rows`}
      columns={columns}
      rows={report?.rows}
      // deposit ids carry their channel (crypto-9), so an id is unique in every report
      rowKey={(row) => String(row.id ?? row.transfer_id)}
      loading={loading}
      skeletonRows={Math.min(limit, 10)}
      empty={empty}
      minWidth="min-w-[760px]"
    />
  );
}
