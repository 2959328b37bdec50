import { useLingui } from '@lingui/react/macro';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../api/client';
import { Banner } from './Banner';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * Asks before deleting `target` (open while it is set), runs `remove` with its id, toasts the
 * server's message and closes; a refusal stays in the dialog. `onDeleted` runs after success
 * (e.g. stepping back from a page that is now empty).
 */
export function DeleteDialog<T extends { id: number }>({
  target,
  title,
  description,
  remove,
  onClose,
  onDeleted,
  describeError = errorMessage,
}: {
  target: T | null;
  title: string;
  description: ReactNode;
  remove: UseMutationResult<{ message: string }, Error, number>;
  onClose: () => void;
  onDeleted?: () => void;
  describeError?: (error: unknown) => string;
}) {
  const { t } = useLingui();
  return (
    <ConfirmDialog
      open={target !== null}
      title={title}
      description={description}
      confirmLabel={t`Delete`}
      danger
      busy={remove.isPending}
      onConfirm={() =>
        target &&
        remove.mutate(target.id, {
          onSuccess: (res) => {
            toast.success(res.message);
            onClose();
            onDeleted?.();
          },
        })
      }
      onCancel={() => {
        if (remove.isPending) return;
        remove.reset();
        onClose();
      }}
    >
      {remove.isError && <Banner tone="error">{describeError(remove.error)}</Banner>}
    </ConfirmDialog>
  );
}
