import type { AuditEntry } from '@app/contracts/audit';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { cn } from '../../../lib/cn';
import { diffOf, WHOLE_VALUE } from './diff';

/**
 * The record an admin change touched, field by field: before and after side by side, changed
 * fields marked, unchanged ones folded away until asked for.
 */
export function AuditDiff({ entry }: { entry: AuditEntry }) {
  const { t } = useLingui();
  const [all, setAll] = useState(false);
  const rows = diffOf(entry.before, entry.after);
  const changed = rows.filter((r) => r.changed);
  const unchanged = rows.length - changed.length;
  const shown = all ? rows : changed;
  const created = entry.before === null;
  const removed = entry.after === null;

  if (rows.length === 0)
    return (
      <p className="text-sm text-muted">
        <Trans>This entry records no data.</Trans>
      </p>
    );
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted">
        {created
          ? t`Created: there was no record before.`
          : removed
            ? t`Removed or reversed: no record after.`
            : plural(changed.length, { one: '# field changed.', other: '# fields changed.' })}
      </p>
      <div className="max-h-[55vh] overflow-auto rounded-lg border border-line">
        <table
          className="w-full table-fixed border-collapse text-left text-sm"
          aria-label={t`Changes of this entry`}
        >
          <colgroup>
            <col className="w-[34%]" />
            <col className="w-[33%]" />
            <col className="w-[33%]" />
          </colgroup>
          <thead className="sticky top-0 bg-subtle">
            <tr>
              <th
                scope="col"
                className="border-b border-line px-3 py-2 text-xs font-semibold text-muted uppercase"
              >
                <Trans>Field</Trans>
              </th>
              <th
                scope="col"
                className="border-b border-line px-3 py-2 text-xs font-semibold text-muted uppercase"
              >
                <Trans>Before</Trans>
              </th>
              <th
                scope="col"
                className="border-b border-line px-3 py-2 text-xs font-semibold text-muted uppercase"
              >
                <Trans>After</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr
                key={row.path}
                className={cn(
                  'border-b border-line align-top last:border-0',
                  row.changed && 'bg-amber-50 dark:bg-amber-500/10',
                )}
                data-changed={row.changed || undefined}
              >
                <th
                  scope="row"
                  className="px-3 py-2 font-mono text-xs font-medium [overflow-wrap:anywhere] text-fg"
                >
                  {row.path === WHOLE_VALUE ? t`(value)` : row.path}
                </th>
                <td
                  className={cn(
                    'px-3 py-2 font-mono text-xs [overflow-wrap:anywhere]',
                    row.changed ? 'text-red-800 dark:text-red-300' : 'text-muted',
                  )}
                >
                  <Value text={row.before} />
                </td>
                <td
                  className={cn(
                    'px-3 py-2 font-mono text-xs [overflow-wrap:anywhere]',
                    row.changed ? 'font-semibold text-green-800 dark:text-green-300' : 'text-muted',
                  )}
                >
                  <Value text={row.after} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {unchanged > 0 && (
        <div>
          <Button variant="ghost" size="sm" onClick={() => setAll((v) => !v)}>
            {all
              ? t`Hide unchanged fields`
              : plural(unchanged, { one: 'Show # unchanged field', other: 'Show # unchanged fields' })}
          </Button>
        </div>
      )}
    </div>
  );
}

/** A value as written in the log; absent and empty values say so. */
function Value({ text }: { text: string | undefined }) {
  if (text === undefined) return <span className="text-muted">—</span>;
  if (text === '')
    return (
      <span className="font-sans text-muted italic">
        <Trans>(empty)</Trans>
      </span>
    );
  return <>{text}</>;
}
