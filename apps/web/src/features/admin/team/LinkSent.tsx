import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { CopyButton } from '../../../components/ui/CopyButton';

/**
 * What the owner sees after sending a one-time link (an invitation, another admin's e-mail change):
 * with a mail server, that it went by mail; without one, the link itself to pass on privately, and
 * nothing claiming a mail went out.
 */
export function LinkSent({
  link,
  label,
  testId,
  mailed,
  unmailed,
  mailedNote,
  linkNote,
  onDone,
}: {
  link: string | null;
  label: string;
  testId: string;
  mailed: ReactNode;
  unmailed: ReactNode;
  mailedNote?: ReactNode;
  linkNote?: ReactNode;
  onDone: () => void;
}) {
  const { t } = useLingui();
  return (
    <div className="mt-4 flex flex-col gap-4">
      {link === null ? <Banner tone="success">{mailed}</Banner> : <Banner tone="notice">{unmailed}</Banner>}
      {link === null ? (
        mailedNote
      ) : (
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium text-fg">{label}</span>
          <div className="flex items-start gap-1 rounded-lg border border-line bg-subtle px-3 py-2">
            <code data-testid={testId} className="min-w-0 flex-1 font-mono text-xs break-all text-fg">
              {link}
            </code>
            <CopyButton value={link} label={t`Link`} />
          </div>
          {linkNote}
        </div>
      )}
      <div className="flex justify-end">
        <Button onClick={onDone}>
          <Trans>Done</Trans>
        </Button>
      </div>
    </div>
  );
}
