import type { ReferralSearchResponse } from '@app/contracts/referral';
import { Trans, useLingui } from '@lingui/react/macro';
import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { useReferralSearch } from '../../../api/referral';
import { Input } from '../../../components/ui/Input';
import { Spinner } from '../../../components/ui/Spinner';
import { MemberAvatar } from './MemberAvatar';

export type Match = ReferralSearchResponse['matches'][number];

const DEBOUNCE_MS = 300;

/** Finds a member of the downline by username or referral code; choosing one jumps to them. */
export function TreeSearch({ code, onJump }: { code: string; onJump: (match: Match) => void }) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const results = useReferralSearch(code, q);

  const onChange = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setQ(value.trim()), DEBOUNCE_MS);
  };
  const choose = (match: Match) => {
    onJump(match);
    setText('');
    setQ('');
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="relative">
        <Input
          label={t`Find a member of your team`}
          type="search"
          placeholder={t`Username or referral code`}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          hint={text.trim().length === 1 ? t`Type at least 2 characters` : undefined}
        />
        <span className="pointer-events-none absolute end-3 bottom-3 text-muted">
          {results.isFetching ? (
            <Spinner label={t`Searching`} />
          ) : (
            <Search className="size-4" aria-hidden="true" />
          )}
        </span>
      </div>
      {q.length >= 2 && results.error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(results.error)}
        </p>
      )}
      {q.length >= 2 && results.data && (
        <div className="rounded-xl border border-line bg-surface p-1 shadow-sm" aria-live="polite">
          {results.data.length === 0 ? (
            <p className="px-3 py-2 text-sm text-muted">
              <Trans>
                Nobody in your team matches “{q}”. Try the start of a username or a full referral code.
              </Trans>
            </p>
          ) : (
            <ul aria-label={t`Members found`}>
              {results.data.map((m) => (
                <li key={m.id}>
                  <button
                    type="button"
                    onClick={() => choose(m)}
                    className="flex w-full min-w-0 items-center gap-3 rounded-lg px-3 py-2 text-start hover:bg-subtle focus-visible:outline-2 focus-visible:outline-focus"
                  >
                    <MemberAvatar name={m.username} active={m.is_active === 'active'} size="sm" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-medium text-fg">
                        {m.username} <span className="font-mono text-xs text-muted">{m.refferal_code}</span>
                      </span>
                      <span className="block truncate text-xs text-muted">
                        {m.path.map((s) => s.username).join(' › ')}
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
