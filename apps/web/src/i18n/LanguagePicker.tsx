import { useLingui } from '@lingui/react/macro';
import { Languages } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '../lib/cn';
import { chooseLocale } from '.';
import { LOCALES, NATIVE_NAMES, PSEUDO_LOCALE } from './locales';
import type { OfferedLanguage } from './offered';

/** What the web app ships: the list until the server's answer comes, and if it fails. */
const SHIPPED: readonly OfferedLanguage[] = LOCALES.map((locale) => ({
  locale,
  native_name: NATIVE_NAMES[locale],
}));

/**
 * The language switch of the public header and the member menu: a native select (the phone's own
 * picker, keyboard and screen readers for free) laid over a compact globe and language code, so it
 * takes the same room in every language at 390 px. Each language is named in its own words.
 * It lists what the operator offers (GET /i18n: shipped languages and added ones); a signed-in
 * member's pick is stored on their account too (member-locale.tsx, loaded only then).
 */
/** What the picker does after the first paint: a chunk of its own (offered.ts). */
const afterPaint = () => import('./offered');

export function LanguagePicker({ className }: { className?: string }) {
  const [languages, setLanguages] = useState(SHIPPED);
  useEffect(() => {
    // the shipped list stays when the server's cannot be had
    void afterPaint()
      .then((m) => m.afterPaint())
      .then(
        (offered) => offered && setLanguages(offered),
        () => undefined,
      );
  }, []);
  return (
    <Picker
      className={className}
      languages={languages}
      onChoose={(next) => {
        void chooseLocale(next);
        void afterPaint().then((m) => m.saveChoice(next));
      }}
    />
  );
}

/** The select itself, shared with the back-office's picker (AdminLanguagePicker.tsx). */
export function Picker({
  className,
  languages,
  onChoose,
}: {
  className?: string;
  languages: readonly OfferedLanguage[];
  onChoose: (locale: string) => void;
}) {
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
        onChange={(event) => onChoose(event.target.value)}
        className="absolute inset-0 size-full cursor-pointer opacity-0"
      >
        {languages.map(({ locale, native_name }) => (
          <option key={locale} value={locale} lang={locale}>
            {native_name}
          </option>
        ))}
        {current === PSEUDO_LOCALE && <option value={PSEUDO_LOCALE}>Pseudo</option>}
      </select>
    </label>
  );
}
