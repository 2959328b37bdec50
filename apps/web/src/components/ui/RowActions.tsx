import { useLingui } from '@lingui/react/macro';
import { Pencil, Trash2 } from 'lucide-react';
import { Button } from './Button';

/** The edit and delete buttons of a back-office list row; `name` tells screen readers which row. */
export function RowActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useLingui();
  return (
    <div className="flex gap-2">
      <Button size="sm" variant="secondary" onClick={onEdit} aria-label={t`Edit ${name}`}>
        <Pencil className="size-4" aria-hidden="true" />
      </Button>
      <Button
        size="sm"
        variant="secondary"
        className="text-red-700 dark:text-red-400"
        onClick={onDelete}
        aria-label={t`Delete ${name}`}
      >
        <Trash2 className="size-4" aria-hidden="true" />
      </Button>
    </div>
  );
}
