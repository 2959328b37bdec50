import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

export interface Section {
  heading: MessageDescriptor;
  body: ReactNode;
}

/**
 * Shared frame of the privacy and terms pages: a readable column of numbered sections. Each page
 * has a catalog of its own (lingui.config.ts): a visit downloads the one text it reads.
 * `updated` is the version's month ("2025-11"), written in the visitor's language.
 */
export function LegalPage({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: `${number}-${number}`;
  intro: ReactNode;
  sections: Section[];
}) {
  const { i18n } = useLingui();
  // noon local time: the month is the same in every time zone
  const month = i18n.date(new Date(`${updated}-01T12:00:00`), { month: 'long', year: 'numeric' });
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <title>{`${title} · EarnHub`}</title>
      <h1 className="text-3xl font-semibold tracking-tight text-fg">{title}</h1>
      <p className="mt-2 text-sm text-muted">
        <Trans>Last updated {month}</Trans>
      </p>
      <div className="mt-6 text-fg/90 leading-7">{intro}</div>
      {sections.map((section, i) => (
        <section key={section.heading.id} className="mt-8">
          <h2 className="text-lg font-semibold text-fg">
            {i + 1}. {i18n._(section.heading)}
          </h2>
          <div className="mt-2 flex flex-col gap-3 leading-7 text-fg/90">{section.body}</div>
        </section>
      ))}
    </article>
  );
}
