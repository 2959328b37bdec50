import { Trans, useLingui } from '@lingui/react/macro';
import { KeyRound } from 'lucide-react';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { CopyButton } from '../../../components/ui/CopyButton';

/**
 * The recovery codes, shown once right after two-factor authentication is turned on: the server
 * keeps only their digests. Each signs in once instead of an app code.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-4 text-sm">
      <Banner tone="success">
        <Trans>Two-factor authentication is on.</Trans>
      </Banner>
      <p className="text-muted">
        <Trans>
          Save these recovery codes somewhere safe (a password manager, a printed page). Each one signs you in
          once if your phone is lost. They are shown only now.
        </Trans>
      </p>
      <ul
        aria-label={t`Recovery codes`}
        className="grid grid-cols-2 gap-x-6 gap-y-1.5 rounded-lg border border-line bg-subtle/60 p-4 font-mono text-fg"
      >
        {codes.map((code) => (
          <li key={code} className="flex items-center gap-2">
            <KeyRound className="size-3.5 shrink-0 text-muted" aria-hidden="true" />
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2">
        <CopyButton value={codes.join('\n')} label={t`Recovery codes`} />
        <Button onClick={onDone}>
          <Trans>I have saved these codes</Trans>
        </Button>
      </div>
    </div>
  );
}
