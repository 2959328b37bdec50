import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Ban, MailCheck, UserCheck, UserPlus, Users } from 'lucide-react';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { useAdminMay } from '../../../api/admin-me';
import { errorMessage } from '../../../api/client';
import { usePaymentsConfig } from '../../../api/payments';
import { useUserStats } from '../../../api/users';
import { lazyComponent } from '../../../app/lazy-page';
import { Banner } from '../../../components/ui/Banner';
import { buttonClass } from '../../../components/ui/Button';
import { Card, StatCard } from '../../../components/ui/Card';
import { PageSpinner } from '../../../components/ui/Spinner';
import { formatCount } from '../../../lib/format';
import { PaymentsModeBanner } from '../deposits/PaymentsModeBanner';
import { BackupsCard } from './BackupsCard';
import { MoneyFigures } from './MoneyFigures';
import { SetupList } from './SetupList';

// Recharts is heavy: it loads only here, after the figures are already on screen.
const NewMembersChart = lazyComponent(() => import('./NewMembersChart'));

function percent(i18n: I18n, part: number, total: number): string {
  const share = Math.round((part / total) * 100);
  return total ? i18n._(msg`${share}% of members`) : i18n._(msg`No members yet`);
}

export default function AdminDashboardPage() {
  const { data: stats, isPending, error } = useUserStats();
  const payments = usePaymentsConfig('admin');
  const mayReadMoney = useAdminMay('finance', false);
  // GET /backups: owners and auditors
  const mayReadBackups = useAdminMay('owner', false);
  const { t, i18n } = useLingui();

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Admin dashboard · EarnHub`}</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-fg">
            <Trans>Dashboard</Trans>
          </h1>
          <p className="mt-1 text-sm text-muted">
            <Trans>Money and members at a glance, from the ledger.</Trans>
          </p>
        </div>
        <Link to="/admin/users" className={buttonClass('secondary', 'sm')}>
          <Trans>Manage users</Trans>
        </Link>
      </div>

      {/* simulated payments credit money nobody paid: an admin must see it before any figure */}
      {payments.data?.mode === 'sandbox' && <PaymentsModeBanner mode="sandbox" />}

      {/* the first day's list: gone once every item is done or dismissed */}
      <SetupList />

      {/* the ledger's figures are finance's (and owners', auditors'); other roles see the members */}
      {mayReadMoney && <MoneyFigures />}

      <section aria-labelledby="members-heading" className="flex flex-col gap-4">
        <h2 id="members-heading" className="text-lg font-semibold text-fg">
          <Trans>Members</Trans>
        </h2>
        {error && <Banner tone="error">{errorMessage(error)}</Banner>}
        {isPending && <PageSpinner label={t`Loading member figures`} />}
        {stats && (
          <>
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
              <StatCard
                title={t`Total members`}
                icon={<Users className="size-4" aria-hidden="true" />}
                value={formatCount(stats.total)}
                caption={t`All registered members`}
              />
              <StatCard
                title={t`Active`}
                icon={<UserCheck className="size-4" aria-hidden="true" />}
                value={formatCount(stats.active)}
                caption={percent(i18n, stats.active, stats.total)}
              />
              <StatCard
                title={t`Blocked`}
                icon={<Ban className="size-4" aria-hidden="true" />}
                value={formatCount(stats.blocked)}
                caption={percent(i18n, stats.blocked, stats.total)}
              />
              <StatCard
                title={t`Verified email`}
                icon={<MailCheck className="size-4" aria-hidden="true" />}
                value={formatCount(stats.verified)}
                caption={percent(i18n, stats.verified, stats.total)}
              />
              <StatCard
                title={t`New today`}
                icon={<UserPlus className="size-4" aria-hidden="true" />}
                value={formatCount(stats.newToday)}
                caption={t`Registered since midnight`}
              />
            </div>
            <Card title={t`New members per day`}>
              {stats.newPerDay.length === 0 ? (
                <p className="py-10 text-center text-sm text-muted">
                  <Trans>No registrations in this period yet.</Trans>
                </p>
              ) : (
                <Suspense fallback={<PageSpinner label={t`Loading chart`} />}>
                  <NewMembersChart data={stats.newPerDay} />
                </Suspense>
              )}
            </Card>
          </>
        )}
      </section>

      {mayReadBackups && (
        <section aria-labelledby="platform-heading" className="flex flex-col gap-4">
          <h2 id="platform-heading" className="text-lg font-semibold text-fg">
            <Trans>Platform</Trans>
          </h2>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <BackupsCard />
          </div>
        </section>
      )}
    </div>
  );
}
