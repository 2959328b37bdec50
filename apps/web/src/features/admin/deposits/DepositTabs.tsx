import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/PageHeader';
import { cn } from '../../../lib/cn';

export interface DepositTab {
  /** Kept in the address as ?tab=<id>; the first tab is the default. */
  id: string;
  label: MessageDescriptor;
  description: MessageDescriptor;
  /** Rendered only while its tab is open. */
  panel: ReactNode;
}

/**
 * The /admin/deposits frame: one heading and a tab per way money comes in (admin-recorded deposits,
 * crypto payments through the provider, wallet deposits). Switching tabs drops the other tab's filters.
 */
export function DepositTabsPage({ tabs }: { tabs: DepositTab[] }) {
  const [params, setParams] = useSearchParams();
  const current = tabs.find((tab) => tab.id === params.get('tab')) ?? tabs[0]!;
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const { t, i18n } = useLingui();

  const open = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length]!;
    setParams(tab === tabs[0] ? {} : { tab: tab.id }, { replace: true });
    refs.current[tabs.indexOf(tab)]?.focus();
  };
  const onKey = (event: KeyboardEvent, index: number) => {
    if (event.key === 'ArrowRight') open(index + 1);
    else if (event.key === 'ArrowLeft') open(index - 1);
    else return;
    event.preventDefault();
  };

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Deposits · EarnHub admin`}</title>
      <PageHeader title={t`Deposits`} description={i18n._(current.description)} />
      <div
        role="tablist"
        aria-label={t`Kinds of deposit`}
        // wraps on a phone: a tab scrolled off to the right was a tab nobody knew about
        className="-mt-2 flex flex-wrap gap-x-1 border-b border-line"
      >
        {tabs.map((tab, index) => {
          const selected = tab === current;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                refs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`deposit-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`deposit-panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => open(index)}
              onKeyDown={(e) => onKey(e, index)}
              className={cn(
                '-mb-px border-b-2 px-2.5 py-2 text-sm sm:px-3 font-medium whitespace-nowrap transition-colors',
                selected
                  ? 'border-accent text-accent-text'
                  : 'border-transparent text-muted hover:border-line hover:text-fg',
              )}
            >
              {i18n._(tab.label)}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`deposit-panel-${current.id}`}
        aria-labelledby={`deposit-tab-${current.id}`}
        className="flex flex-col gap-6"
      >
        {current.panel}
      </div>
    </div>
  );
}
