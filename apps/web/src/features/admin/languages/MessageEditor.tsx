import type { TranslationRow } from '@app/contracts/translations';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../api/client';
import { useRevertTranslation, useSaveTranslation } from '../../../api/languages';
import { Button } from '../../../components/ui/Button';

/**
 * One message of the app in one language: the English source and the shipped text to read, the
 * operator's text to edit. Saving sends the English source too, so the server refuses a text that
 * loses or invents a variable ({amount}) or a link's tag (<0>...</0>); the server's words are shown
 * under the field.
 */
export function MessageEditor({ locale, row }: { locale: string; row: TranslationRow }) {
  const { t } = useLingui();
  const current = row.override ?? row.shipped ?? '';
  const [text, setText] = useState(current);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveTranslation();
  const revert = useRevertTranslation();
  const fieldId = useId();
  const changed = text !== current;

  async function onSave() {
    setProblem(null);
    try {
      const res = await save.mutateAsync({
        locale,
        id: row.id,
        message: text,
        source: row.source ?? undefined,
      });
      toast.success(res.message);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  async function onRevert() {
    setProblem(null);
    try {
      const res = await revert.mutateAsync({ locale, id: row.id });
      setText(row.shipped ?? '');
      toast.success(res.message);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={fieldId} className="sr-only">
        {t`Text in ${locale} for “${row.source ?? row.id}”`}
      </label>
      <textarea
        id={fieldId}
        value={text}
        rows={Math.min(6, Math.max(2, Math.ceil(text.length / 60)))}
        onChange={(e) => setText(e.target.value)}
        dir="auto"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${fieldId}-error` : undefined}
        className="w-full rounded-md border border-line bg-surface px-3 py-2 text-sm text-fg focus:outline-none focus:ring-2 focus:ring-accent"
      />
      {problem && (
        <p id={`${fieldId}-error`} role="alert" className="text-xs text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={onSave} disabled={!changed || !text.trim() || save.isPending}>
          <Trans>Save</Trans>
        </Button>
        {row.override !== null && (
          <Button size="sm" variant="secondary" onClick={onRevert} disabled={revert.isPending}>
            <Trans>Revert to shipped text</Trans>
          </Button>
        )}
        {row.override !== null && (
          <span className="text-xs text-muted">
            {row.updated_by ? t`Edited by ${row.updated_by}` : t`Edited`}
          </span>
        )}
      </div>
    </div>
  );
}
