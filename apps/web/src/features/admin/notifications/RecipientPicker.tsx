import type { User } from '@app/contracts/users';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { useUserList } from '../../../api/users';
import { Banner } from '../../../components/ui/Banner';
import { Checkbox, Input } from '../../../components/ui/Input';
import { Spinner } from '../../../components/ui/Spinner';
import { formatCount } from '../../../lib/format';

const SEARCH_DEBOUNCE_MS = 300;
const LOADED = 100;

export interface Recipient {
  id: number;
  email: string;
}

interface RecipientPickerProps {
  selected: Recipient[];
  onChange: (next: Recipient[]) => void;
  error?: string | undefined;
  disabled?: boolean;
}

/**
 * Spec 2.3: a search box that filters the loaded members by a case-insensitive match on email, and
 * a checkbox per member to pick recipients. Members are loaded a hundred at a time from the server
 * (narrowed by what is typed, so a large membership still works); picks survive a new search.
 */
export function RecipientPicker({ selected, onChange, error, disabled }: RecipientPickerProps) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const list = useUserList({ page: 1, limit: LOADED, search: search || undefined });
  const term = text.trim().toLowerCase();
  const shown = (list.data?.allusers ?? []).filter((u) => u.email.toLowerCase().includes(term));
  const picked = new Set(selected.map((r) => r.id));
  const typed = text.trim();
  const matching = formatCount(list.data?.total ?? 0);

  const toggle = (user: User, on: boolean) =>
    onChange(
      on ? [...selected, { id: user.id, email: user.email }] : selected.filter((r) => r.id !== user.id),
    );

  return (
    <fieldset
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-line p-3 sm:p-4"
      disabled={disabled}
    >
      <legend className="px-1 text-sm font-medium text-fg">
        <Trans>Recipients</Trans>
      </legend>

      {selected.length > 0 ? (
        <div>
          <p className="mb-2 text-xs text-muted" aria-live="polite">
            {plural(selected.length, { one: '# recipient selected', other: '# recipients selected' })}
          </p>
          <ul className="flex flex-wrap gap-1.5" aria-label={t`Selected recipients`}>
            {selected.map((r) => (
              <li key={r.id}>
                <span className="inline-flex max-w-full items-center gap-1 rounded-full bg-accent-soft py-0.5 pr-1 pl-2.5 text-xs font-medium text-accent-text">
                  <span className="truncate">{r.email}</span>
                  <button
                    type="button"
                    className="rounded-full p-0.5 hover:bg-accent/15"
                    aria-label={t`Remove ${r.email}`}
                    onClick={() => onChange(selected.filter((x) => x.id !== r.id))}
                  >
                    <X className="size-3" aria-hidden="true" />
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-xs text-muted">
          <Trans>Pick the members who should receive this notification.</Trans>
        </p>
      )}

      <Input
        label={t`Search by email`}
        type="search"
        placeholder={t`name@example.com`}
        autoComplete="off"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />

      {list.error && <Banner tone="error">{errorMessage(list.error)}</Banner>}
      <div
        className="max-h-64 overflow-y-auto rounded-lg border border-line"
        aria-busy={list.isFetching || undefined}
      >
        {list.isPending ? (
          <div className="flex items-center justify-center p-6 text-muted">
            <Spinner label={t`Loading members`} />
          </div>
        ) : shown.length === 0 ? (
          <p className="p-4 text-center text-sm text-muted">
            {term ? t`No member's email contains "${typed}".` : t`No members yet.`}
          </p>
        ) : (
          <ul className="divide-y divide-line" aria-label={t`Members`}>
            {shown.map((u) => (
              <li key={u.id} className="px-3 py-2.5">
                <Checkbox
                  label={u.email}
                  hint={`${u.fullname || u.username} · ${u.username}`}
                  checked={picked.has(u.id)}
                  onChange={(e) => toggle(u, e.target.checked)}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      {list.data && list.data.total > LOADED && (
        <p className="text-xs text-muted">
          <Trans>
            Showing the newest {LOADED} of {matching} matching members: type more of the email to narrow the
            list.
          </Trans>
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
