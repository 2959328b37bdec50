import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { StatCard } from '../../../components/ui/Card';
import { Money } from '../../../components/ui/Money';

export interface WalletFigure {
  title: string;
  value: number | undefined;
  caption?: ReactNode;
  testId?: string;
}

const COLUMNS: Record<number, string> = {
  2: 'lg:grid-cols-2',
  3: 'lg:grid-cols-3',
  4: 'lg:grid-cols-4',
  5: 'lg:grid-cols-5',
};

/** A row of balances at the top of a money screen; placeholders while they load. */
export function WalletStrip({ figures }: { figures: WalletFigure[] }) {
  return (
    <div className={`grid grid-cols-2 gap-3 sm:gap-4 ${COLUMNS[figures.length] ?? 'lg:grid-cols-4'}`}>
      {figures.map((f) => (
        <StatCard
          key={f.title}
          title={f.title}
          value={
            f.value === undefined ? (
              <span className="block h-8 w-28 animate-pulse rounded bg-subtle">
                <span className="sr-only">
                  <Trans>Loading</Trans>
                </span>
              </span>
            ) : (
              <Money value={f.value} testId={f.testId} className="text-lg sm:text-2xl" />
            )
          }
          caption={f.caption}
        />
      ))}
    </div>
  );
}
