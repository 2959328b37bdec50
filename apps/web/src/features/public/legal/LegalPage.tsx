import type { ReactNode } from 'react';

interface Section {
  heading: string;
  body: ReactNode;
}

/** Shared frame of the privacy and terms pages: a readable column of numbered sections. */
export function LegalPage({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: Section[];
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <title>{`${title} · EarnHub`}</title>
      <h1 className="text-3xl font-semibold tracking-tight text-fg">{title}</h1>
      <p className="mt-2 text-sm text-muted">Last updated {updated}</p>
      <div className="mt-6 text-fg/90 leading-7">{intro}</div>
      {sections.map((section, i) => (
        <section key={section.heading} className="mt-8">
          <h2 className="text-lg font-semibold text-fg">
            {i + 1}. {section.heading}
          </h2>
          <div className="mt-2 flex flex-col gap-3 leading-7 text-fg/90">{section.body}</div>
        </section>
      ))}
    </article>
  );
}
