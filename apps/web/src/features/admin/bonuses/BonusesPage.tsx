import { Trans, useLingui } from '@lingui/react/macro';
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
import { BONUS_TYPE_WORD, isKnownType } from './bonus-types';

/** Back-office bonuses: GET /api/v1/bonus, POST /bonus, PUT /api/v1/bonus/{id}, DELETE /bonus/{id}. */
export default function BonusesPage() {
  const bonuses = useBonuses('admin');
  const remove = useDeleteBonus();
  const [editing, setEditing] = useState<Bonus | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Bonus | null>(null);
  const { t, i18n } = useLingui();
  const deletingTitle = deleting?.title ?? '';

  const columns: Array<Column<Bonus>> = [
    {
      key: 'title',
      header: t`Bonus`,
      cell: (b) => (
        <div className="flex flex-col">
          <span className="font-medium text-fg">{b.title}</span>
          <span className="font-mono text-xs text-muted">{b.bonus_type}</span>
          {isKnownType(b.bonus_type) && (
            <span className="text-xs text-muted">{i18n._(BONUS_TYPE_WORD[b.bonus_type])}</span>
          )}
        </div>
      ),
    },
    { key: 'amount', header: t`Amount`, cell: (b) => <Money value={b.amount} /> },
    {
      key: 'period',
      header: t`Once every`,
      cell: ({ period_hours: hours }) => t({ message: `${hours} h`, comment: 'hours, abbreviated' }),
    },
    {
      key: 'claims',
      header: t`Claims`,
      cell: (b) => (
        <div className="flex flex-col tabular-nums">
          <span>{(b.claims ?? 0).toLocaleString()}</span>
          <Money value={b.paid_total ?? 0} className="text-xs text-muted" />
        </div>
      ),
    },
    {
      key: 'status',
      header: t`Status`,
      cell: (b) => (
        <Badge tone={b.is_active ? 'green' : 'neutral'}>{b.is_active ? t`Active` : t`Paused`}</Badge>
      ),
    },
    {
      key: 'actions',
      header: t`Actions`,
      cell: (b) => <RowActions name={b.title} onEdit={() => setEditing(b)} onDelete={() => setDeleting(b)} />,
    },
  ];

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Bonuses · EarnHub admin`}</title>
      <PageHeader
        title={t`Bonuses`}
        description={t`Fixed bonuses members claim once per period: the video bonus for members without a plan, the ad bonus, and your own.`}
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus className="size-4" aria-hidden="true" /> <Trans>Add bonus</Trans>
          </Button>
        }
      />
      {bonuses.isError && <Banner tone="error">{errorMessage(bonuses.error)}</Banner>}
      <Table
        caption={t`Bonuses`}
        columns={columns}
        rows={bonuses.data?.bonus}
        rowKey={(b) => b.id}
        loading={bonuses.isPending}
        empty={t`No bonuses yet. Add the video bonus (roi_income) or the ad bonus (add_income) to start.`}
      />
      <BonusDialog target={editing} onClose={() => setEditing(null)} />
      <DeleteDialog
        target={deleting}
        title={t`Delete this bonus?`}
        description={t`“${deletingTitle}” disappears for members at once. Claims already paid stay in their history.`}
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
