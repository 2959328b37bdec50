import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { copyText } from '../../lib/clipboard';
import { Button } from './Button';

/** A small copy button for a value shown next to it (a code, an address). */
export function CopyButton({ value, label }: { value: string; label: string }) {
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
    <Button
      variant="ghost"
      size="sm"
      className="px-2"
      onClick={copy}
      aria-label={`Copy ${label.toLowerCase()} ${value}`}
    >
      {copied ? (
        <Check className="size-4" aria-hidden="true" />
      ) : (
        <Copy className="size-4" aria-hidden="true" />
      )}
    </Button>
  );
}
