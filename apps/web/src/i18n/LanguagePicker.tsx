import { useLingui } from '@lingui/react/macro';
import { Languages } from 'lucide-react';
import { cn } from '../lib/cn';
import { chooseLocale } from '.';
import { isLocale, LOCALES, NATIVE_NAMES, PSEUDO_LOCALE } from './locales';

/**
 * The language switch of the public header and the member menu: a native select (the phone's own
 * picker, keyboard and screen readers for free) laid over a compact globe and language code, so it
 * takes the same room in every language at 390 px. Each language is named in its own words.
 */
export function LanguagePicker({ className }: { className?: string }) {
  const { i18n, t } = useLingui();
  const current = i18n.locale;
  return (
    <label
      className={cn(
        'relative flex h-9 shrink-0 items-center gap-1 rounded-lg px-2 text-sm font-medium text-muted focus-within:ring-2 focus-within:ring-accent hover:bg-subtle hover:text-fg',
        className,
      )}
    >
      <Languages className="size-5" aria-hidden="true" />
      <span aria-hidden="true" className="text-xs uppercase" dir="ltr">
        {current === PSEUDO_LOCALE ? 'ps' : current.split('-')[0]}
      </span>
      <select
        aria-label={t`Language`}
        data-testid="language-picker"
        value={current}
        onChange={(event) => {
          const next = event.target.value;
          if (isLocale(next)) void chooseLocale(next);
        }}
        className="absolute inset-0 size-full cursor-pointer opacity-0"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {NATIVE_NAMES[locale]}
          </option>
        ))}
        {current === PSEUDO_LOCALE && <option value={PSEUDO_LOCALE}>Pseudo</option>}
      </select>
    </label>
  );
}
