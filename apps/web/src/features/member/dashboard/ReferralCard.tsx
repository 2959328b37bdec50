import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { copyText } from '../../../lib/clipboard';

interface CopyWords {
  label: string;
  copied: string;
  failed: string;
  action: string;
}

/** Each row's sentences whole (a language's grammar does not bend around a lower-cased label). */
function CopyRow({ words, value, testId }: { words: CopyWords; value: string; testId: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (await copyText(value)) {
      setCopied(true);
      toast.success(words.copied);
      setTimeout(() => setCopied(false), 2000);
    } else {
      toast.error(words.failed);
    }
  };
  return (
    <div>
      <p className="text-sm font-medium text-muted">{words.label}</p>
      <div className="mt-1.5 flex items-center gap-2">
        <code
          dir="ltr"
          data-testid={testId}
          title={value}
          className="min-w-0 flex-1 truncate rounded-lg border border-line bg-subtle px-3 py-2 font-mono text-sm text-fg"
        >
          {value}
        </code>
        <Button variant="secondary" onClick={copy} aria-label={words.action}>
          {copied ? (
            <Check className="size-4" aria-hidden="true" />
          ) : (
            <Copy className="size-4" aria-hidden="true" />
          )}
          <span className="hidden sm:inline">{copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}</span>
        </Button>
      </div>
    </div>
  );
}

/** The member's referral code and the registration link that carries it (?ref=CODE pre-fills the sponsor). */
export function ReferralCard({ code }: { code: string }) {
  const link = `${window.location.origin}/registration?ref=${encodeURIComponent(code)}`;
  const { t } = useLingui();
  return (
    <Card title={t`Invite people`}>
      <p className="-mt-2 mb-4 text-sm text-muted">
        <Trans>
          Everyone who registers through your link joins your team, and their activity earns you referral
          incomes.
        </Trans>
      </p>
      <div className="flex flex-col gap-4">
        <CopyRow
          words={{
            label: t`Referral code`,
            copied: t`Referral code copied`,
            failed: t`Could not copy the referral code`,
            action: t`Copy referral code`,
          }}
          value={code}
          testId="referral-code"
        />
        <CopyRow
          words={{
            label: t`Referral link`,
            copied: t`Referral link copied`,
            failed: t`Could not copy the referral link`,
            action: t`Copy referral link`,
          }}
          value={link}
          testId="referral-link"
        />
      </div>
    </Card>
  );
}
