import { Trans, useLingui } from '@lingui/react/macro';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { Button } from '../../components/ui/Button';
import { cn } from '../../lib/cn';

/**
 * Admin screens show what is true now without a reload (a reload ends the admin session, spec
 * section 3): every query on screen is fetched again when the admin comes back to the tab or window,
 * and on demand with the header's Refresh button.
 */
export function useAdminFreshness() {
  const client = useQueryClient();
  const refresh = useCallback(() => client.invalidateQueries({ refetchType: 'active' }), [client]);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    // focus: back from another window; visibilitychange: back from another tab
    window.addEventListener('focus', onVisible);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', onVisible);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refresh]);
  return refresh;
}

export function AdminRefreshButton({ onRefresh }: { onRefresh: () => void }) {
  const fetching = useIsFetching() > 0;
  const { t } = useLingui();
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={onRefresh}
      aria-label={t`Refresh data`}
      title={t`Fetch every figure and list on this page again`}
    >
      <RefreshCw className={cn('size-4', fetching && 'motion-safe:animate-spin')} aria-hidden="true" />
      <span className="hidden sm:inline">
        <Trans>Refresh</Trans>
      </span>
    </Button>
  );
}
