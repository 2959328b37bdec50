import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { copyText } from '../../../lib/clipboard';

function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (await copyText(value)) {
      setCopied(true);
      toast.success(`${label} copied`);
      setTimeout(() => setCopied(false), 2000);
    } else {
      toast.error(`Could not copy the ${label.toLowerCase()}`);
    }
  };
  return (
    <div>
      <p className="text-sm font-medium text-muted">{label}</p>
      <div className="mt-1.5 flex items-center gap-2">
        <code
          data-testid={testId}
          className="min-w-0 flex-1 truncate rounded-lg border border-line bg-subtle px-3 py-2 font-mono text-sm text-fg"
        >
          {value}
        </code>
        <Button variant="secondary" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
          {copied ? (
            <Check className="size-4" aria-hidden="true" />
          ) : (
            <Copy className="size-4" aria-hidden="true" />
          )}
          <span className="hidden sm:inline">{copied ? 'Copied' : 'Copy'}</span>
        </Button>
      </div>
    </div>
  );
}

/** The member's referral code and the registration link that carries it (?ref=CODE pre-fills the sponsor). */
export function ReferralCard({ code }: { code: string }) {
  const link = `${window.location.origin}/registration?ref=${encodeURIComponent(code)}`;
  return (
    <Card title="Invite people">
      <p className="-mt-2 mb-4 text-sm text-muted">
        Everyone who registers through your link joins your team, and their activity earns you referral
        incomes.
      </p>
      <div className="flex flex-col gap-4">
        <CopyRow label="Referral code" value={code} testId="referral-code" />
        <CopyRow label="Referral link" value={link} testId="referral-link" />
      </div>
    </Card>
  );
}
