import { Trans } from '@lingui/react/macro';
import { useState } from 'react';

/** Text cut to a few lines, with "Read more" to open it in place when it is long. */
export function ClampedText({ text, className }: { text: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > 160 || text.split('\n').length > 3;
  return (
    <div className={className}>
      {/* the operator's text may be in another direction than the page: each paragraph its own */}
      <p
        className={`whitespace-pre-line break-words [unicode-bidi:plaintext] ${open || !long ? '' : 'line-clamp-3'}`}
      >
        {text}
      </p>
      {long && (
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          className="mt-1 text-xs font-medium text-accent-text hover:underline"
        >
          {open ? <Trans>Show less</Trans> : <Trans>Read more</Trans>}
        </button>
      )}
    </div>
  );
}
