import { useLingui } from '@lingui/react/macro';
import { useChunkLoading } from '../lazy-page';

/** A thin bar at the top while the next page's code loads, so a click never looks ignored. */
export function NavigationProgress() {
  const { t } = useLingui();
  if (!useChunkLoading()) return null;
  return (
    <div
      className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden bg-accent/20"
      role="progressbar"
      aria-label={t`Loading page`}
    >
      <div className="h-full w-1/3 animate-[progress_1s_ease-in-out_infinite] bg-accent" />
    </div>
  );
}
