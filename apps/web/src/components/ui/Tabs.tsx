import { Tabs as RadixTabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface Tab<V extends string> {
  value: V;
  label: ReactNode;
  content: ReactNode;
}

/**
 * Tabs (Radix: arrow keys between tabs, tabpanel labelled by its tab). Controlled, so a screen can
 * keep the open tab in the address. Only the open tab's content is mounted.
 */
export function Tabs<V extends string>({
  label,
  tabs,
  value,
  onValue,
}: {
  /** What the tab list is, for screen readers. */
  label: string;
  tabs: Array<Tab<V>>;
  value: V;
  onValue: (value: V) => void;
}) {
  return (
    <RadixTabs.Root value={value} onValueChange={(v) => onValue(v as V)} className="flex flex-col gap-6">
      {/* tabs wrap on a phone: a tab scrolled off to the right was a tab nobody knew about */}
      <RadixTabs.List aria-label={label} className="flex flex-wrap gap-x-1 border-b border-line">
        {tabs.map((tab) => (
          <RadixTabs.Trigger
            key={tab.value}
            value={tab.value}
            className={cn(
              '-mb-px shrink-0 border-b-2 border-transparent px-2.5 py-2 sm:px-3 text-sm font-medium whitespace-nowrap text-muted',
              'hover:text-fg data-[state=active]:border-accent data-[state=active]:text-accent-text',
              'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-focus',
            )}
          >
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((tab) => (
        <RadixTabs.Content key={tab.value} value={tab.value} className="focus-visible:outline-none">
          {tab.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
