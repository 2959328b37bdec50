import { KNOWN_BONUS_TYPES } from '@app/contracts/bonuses';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { type Bonus, useBonuses, useDeleteBonus } from '../../../api/bonuses';
import { errorMessage } from '../../../api/client';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { DeleteDialog } from '../../../components/ui/DeleteDialog';
import { Money } from '../../../components/ui/Money';
import { PageHeader } from '../../../components/ui/PageHeader';
import { RowActions } from '../../../components/ui/RowActions';
import { type Column, Table } from '../../../components/ui/Table';
import { BonusDialog } from './BonusDialog';

/** Back-office bonuses: GET /api/v1/bonus, POST /bonus, PUT /api/v1/bonus/{id}, DELETE /bonus/{id}. */
export default function BonusesPage() {
  const bonuses = useBonuses('admin');
  const remove = useDeleteBonus();
  const [editing, setEditing] = useState<Bonus | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Bonus | null>(null);

  const columns: Array<Column<Bonus>> = [
    {
      key: 'title',
      header: 'Bonus',
      cell: (b) => (
        <div className="flex flex-col">
          <span className="font-medium text-fg">{b.title}</span>
          <span className="font-mono text-xs text-muted">{b.bonus_type}</span>
          {b.bonus_type in KNOWN_BONUS_TYPES && (
            <span className="text-xs text-muted">
              {KNOWN_BONUS_TYPES[b.bonus_type as keyof typeof KNOWN_BONUS_TYPES]}
            </span>
          )}
        </div>
      ),
    },
    { key: 'amount', header: 'Amount', cell: (b) => <Money value={b.amount} /> },
    { key: 'period', header: 'Once every', cell: (b) => `${b.period_hours} h` },
    {
      key: 'claims',
      header: 'Claims',
      cell: (b) => (
        <div className="flex flex-col tabular-nums">
          <span>{(b.claims ?? 0).toLocaleString()}</span>
          <Money value={b.paid_total ?? 0} className="text-xs text-muted" />
        </div>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (b) => (
        <Badge tone={b.is_active ? 'green' : 'neutral'}>{b.is_active ? 'Active' : 'Paused'}</Badge>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (b) => <RowActions name={b.title} onEdit={() => setEditing(b)} onDelete={() => setDeleting(b)} />,
    },
  ];

  return (
    <div className="flex flex-col gap-6">
      <title>Bonuses · EarnHub admin</title>
      <PageHeader
        title="Bonuses"
        description="Fixed bonuses members claim once per period: the video bonus for members without a plan, the ad bonus, and your own."
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus className="size-4" aria-hidden="true" /> Add bonus
          </Button>
        }
      />
      {bonuses.isError && <Banner tone="error">{errorMessage(bonuses.error)}</Banner>}
      <Table
        caption="Bonuses"
        columns={columns}
        rows={bonuses.data?.bonus}
        rowKey={(b) => b.id}
        loading={bonuses.isPending}
        empty="No bonuses yet. Add the video bonus (roi_income) or the ad bonus (add_income) to start."
      />
      <BonusDialog target={editing} onClose={() => setEditing(null)} />
      <DeleteDialog
        target={deleting}
        title="Delete this bonus?"
        description={`“${deleting?.title ?? ''}” disappears for members at once. Claims already paid stay in their history.`}
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
