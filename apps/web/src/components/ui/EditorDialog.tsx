import { Trans } from '@lingui/react/macro';
import { type FormEventHandler, Fragment, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../api/client';
import { Banner } from './Banner';
import { Button } from './Button';
import { Modal } from './Modal';

/** What the dialog needs of a TanStack mutation (create or update) answering `{ message }`. */
interface EditorMutation<V> {
  mutate(variables: V, options?: { onSuccess?: (data: { message: string }) => void }): void;
  reset(): void;
  isPending: boolean;
  error: unknown;
}

/** What the dialog hands its form: the record (null: a new one), how to save, and the save's state. */
export interface Editing<T, B> {
  item: T | null;
  save: (body: B) => void;
  pending: boolean;
  /** What the last save failed with, if it did. */
  error: unknown;
  cancel: () => void;
}

interface EditorDialogProps<T extends { id: number }, B> {
  /** null: closed; 'new': create; a record: edit it. */
  target: T | 'new' | null;
  onClose: () => void;
  title: (item: T | null) => string;
  description?: (item: T | null) => ReactNode;
  create: EditorMutation<B>;
  update: EditorMutation<{ id: number; body: B }>;
  /** The form, as a component (it holds its own form state): remounted for each record. */
  children: (editing: Editing<T, B>) => ReactNode;
}

/**
 * The back-office's create-or-edit dialog (plans, activation plans, reward plans, salary tiers): it
 * stays open while a save runs, closes with a toast of the server's message once it succeeds, and
 * forgets a failed save's error when closed.
 */
export function EditorDialog<T extends { id: number }, B>({
  target,
  onClose,
  title,
  description,
  create,
  update,
  children,
}: EditorDialogProps<T, B>) {
  const item = target === 'new' ? null : target;
  const mutation = item ? update : create;
  const close = () => {
    if (create.isPending || update.isPending) return;
    create.reset();
    update.reset();
    onClose();
  };
  const save = (body: B) => {
    const onSuccess = (data: { message: string }) => {
      toast.success(data.message);
      onClose();
    };
    if (item) update.mutate({ id: item.id, body }, { onSuccess });
    else create.mutate(body, { onSuccess });
  };
  return (
    <Modal
      open={target !== null}
      onClose={close}
      title={title(item)}
      description={description?.(item)}
      className="max-w-lg"
    >
      {target !== null && (
        <Fragment key={item?.id ?? 'new'}>
          {children({ item, save, pending: mutation.isPending, error: mutation.error, cancel: close })}
        </Fragment>
      )}
    </Modal>
  );
}

/** The form inside an EditorDialog: the failed save's message on top, Cancel and the submit button below. */
export function EditorForm({
  label,
  editing,
  onSubmit,
  submitLabel,
  errorPrefix,
  children,
}: {
  label: string;
  editing: Pick<Editing<unknown, unknown>, 'pending' | 'error' | 'cancel'>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  /** Said before the server's message (the spec's own fallback words, where it has them). */
  errorPrefix?: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-4" aria-label={label}>
      {editing.error ? (
        <Banner tone="error">
          {errorPrefix ? `${errorPrefix}: ` : ''}
          {errorMessage(editing.error)}
        </Banner>
      ) : null}
      {children}
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={editing.cancel} disabled={editing.pending}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" busy={editing.pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
