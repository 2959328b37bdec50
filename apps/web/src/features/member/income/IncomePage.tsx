import { INCOME_KINDS, SUMMARY_PERIODS } from '@app/contracts/incomes';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useMember } from '../../../api/auth-store';
import { errorMessage } from '../../../api/client';
import { useEarningLimit, useIncomeSummary, useTeamSummary } from '../../../api/incomes';
import { userKeys, useUser, useWallets } from '../../../api/users';
import { Button } from '../../../components/ui/Button';
import { PageHeader } from '../../../components/ui/PageHeader';
import { pageSizeOf } from '../../../components/ui/Pager';
import { Tabs } from '../../../components/ui/Tabs';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { Distribution } from './Distribution';
import { IncomeDetailsTab } from './IncomeDetailsTab';
import { IncomeDialog } from './IncomeDialog';
import { CurrentBalanceCard, TeamSummaryCard, TotalEarningsCard } from './SummaryCards';
import { TeamStatsTab } from './TeamStatsTab';
import { incomeToast } from './toast';

const TABS = ['overview', 'details', 'team'] as const;

/**
 * Income Dashboard (spec 2.7): Overview (Current Balance, Total Earnings with the Available Limit
 * bar, Team Summary, Income Distribution), Income Details and Team Stats. The open tab, the filters
 * and the income being explained live in the address. Toasts here: bottom right, 3 seconds.
 */
export default function IncomePage() {
  const { t } = useLingui();
  const member = useMember();
  const userId = member?.id ?? 0;
  const queryClient = useQueryClient();
  const { params, page, update, oneOf } = useUrlFilters();
  const tab = oneOf('tab', TABS) ?? 'overview';
  const period = oneOf('period', SUMMARY_PERIODS) ?? '30d';
  const kind = oneOf('kind', INCOME_KINDS);
  const limitSize = pageSizeOf(params.get('limit'));
  const incomeId = Number(params.get('income')) || null;
  const transferId = params.get('transfer');

  const wallets = useWallets(userId, 'member');
  const limit = useEarningLimit(userId, 'member');
  const user = useUser(userId, 'member');
  const summary = useIncomeSummary(userId, period, 'member');
  const team = useTeamSummary(userId, 'member');
  const [refreshing, setRefreshing] = useState(false);

  // A failed load says so where the figure belongs, and once in a toast.
  useFailureToast('wallets', wallets.error, (reason) => t`Your balance could not be loaded: ${reason}`);
  useFailureToast('limit', limit.error, (reason) => t`Your earning limit could not be loaded: ${reason}`);
  useFailureToast('summary', summary.error, (reason) => t`Your incomes could not be loaded: ${reason}`);
  useFailureToast('team', team.error, (reason) => t`Team figures could not be loaded: ${reason}`);

  const refresh = async () => {
    setRefreshing(true);
    const mine = { queryKey: userKeys.one('member', userId), type: 'active' as const };
    await queryClient.refetchQueries(mine);
    setRefreshing(false);
    // the team figures have their own message on the card; the money figures decide the toast
    const failed = queryClient
      .getQueryCache()
      .findAll(mine)
      .find((q) => q.state.status === 'error' && !q.queryKey.includes('team-summary'));
    if (failed) {
      const reason = errorMessage(failed.state.error);
      incomeToast.error(t`Could not update the figures: ${reason}`, 'income-refresh');
    } else incomeToast.success(t`Figures updated`, 'income-refresh');
  };

  const overview = (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 lg:grid-cols-3">
        <CurrentBalanceCard wallets={wallets.data} error={wallets.error} />
        <TotalEarningsCard limit={limit.data} user={user.data} error={limit.error} />
        <TeamSummaryCard team={team.data} error={team.error} onMore={() => update({ tab: 'team' })} />
      </div>
      <Distribution
        summary={summary.data}
        error={summary.error}
        period={period}
        onPeriod={(p) => update({ period: p === '30d' ? '' : p })}
        fetching={summary.isFetching && summary.isPlaceholderData}
      />
    </div>
  );

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Income dashboard · EarnHub`}</title>
      <PageHeader
        title={t`Income dashboard`}
        description={t`What you have earned, how much more your plan lets you earn, and why each income was paid.`}
        actions={
          <Button variant="secondary" busy={refreshing} onClick={refresh}>
            {!refreshing && <RefreshCw className="size-4" aria-hidden="true" />}
            {t`Refresh`}
          </Button>
        }
      />
      <Tabs
        label={t`Income dashboard`}
        value={tab}
        onValue={(value) => update({ tab: value === 'overview' ? '' : value })}
        tabs={[
          { value: 'overview', label: t`Overview`, content: overview },
          {
            value: 'details',
            label: t`Income details`,
            content: (
              <IncomeDetailsTab
                userId={userId}
                kind={kind}
                page={page}
                limit={limitSize}
                onFilter={update}
                onOpen={(id) => update({ income: id })}
              />
            ),
          },
          {
            value: 'team',
            label: t`Team stats`,
            content: <TeamStatsTab team={team.data} error={team.error} loading={team.isPending} />,
          },
        ]}
      />
      <IncomeDialog
        incomeId={incomeId}
        transferId={transferId}
        onClose={() => update({ income: '', transfer: '' })}
      />
    </div>
  );
}

function useFailureToast(id: string, error: unknown, say: (reason: string) => string) {
  // the sentence of the language the page showed when the load failed
  const sayRef = useRef(say);
  sayRef.current = say;
  useEffect(() => {
    if (error) incomeToast.error(sayRef.current(errorMessage(error)), `income-${id}`);
  }, [id, error]);
}
