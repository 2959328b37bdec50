import { useLingui } from '@lingui/react/macro';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { copyText } from '../../lib/clipboard';
import { Button } from './Button';

/** A small copy button for a value shown next to it (a code, an address). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const { t } = useLingui();
  // the label inside a sentence ("Could not copy the address"); a language without cases keeps it
  const thing = label.toLowerCase();
  const copy = async () => {
    if (await copyText(value)) {
      setCopied(true);
      toast.success(t`${label} copied`);
      setTimeout(() => setCopied(false), 2000);
    } else {
      toast.error(t`Could not copy the ${thing}`);
    }
  };
  return (
    <Button variant="ghost" size="sm" className="px-2" onClick={copy} aria-label={t`Copy ${thing} ${value}`}>
      {copied ? (
        <Check className="size-4" aria-hidden="true" />
      ) : (
        <Copy className="size-4" aria-hidden="true" />
      )}
    </Button>
  );
}
