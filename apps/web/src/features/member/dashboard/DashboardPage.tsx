import { ArrowDownToLine, MailCheck, MailWarning, Package, ShieldCheck, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useMember } from '../../../api/auth-store';
import { errorMessage } from '../../../api/client';
import { useUser, useWallets } from '../../../api/users';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { buttonClass } from '../../../components/ui/Button';
import { Card, StatCard } from '../../../components/ui/Card';
import { PageSpinner } from '../../../components/ui/Spinner';
import { formatCount, formatDate, formatRelative, money } from '../../../lib/format';
import { ACTIVE_LABEL, STATUS_LABEL, SWITCH_LABEL } from '../../../lib/user-labels';
import { NewsCard } from '../news/NewsCard';
import { BannerCard } from '../notifications/BannerCard';
import { QrLinksCard } from '../qr-links/QrLinksCard';
import { EarningLimitCard } from './EarningLimitCard';
import { ReferralCard } from './ReferralCard';
import { WalletsCard } from './WalletsCard';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 border-b border-line py-2.5 last:border-0">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-sm font-medium text-fg">{children}</dd>
    </div>
  );
}

export default function DashboardPage() {
  const member = useMember();
  const { data: user, isPending, error } = useUser(member?.id ?? 0, 'member');
  const wallets = useWallets(member?.id ?? 0, 'member');

  if (isPending) return <PageSpinner label="Loading your dashboard" />;
  if (error || !user) return <Banner tone="error">{errorMessage(error)}</Banner>;

  const profilePath = `/user/profile/${user.id}`;
  const status = STATUS_LABEL[user.status];
  const plan = money(user.active_plan);

  return (
    <div className="flex flex-col gap-6">
      <title>Dashboard · EarnHub</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-fg">
            Welcome, {user.fullname || user.username}
          </h1>
          <p className="mt-1 text-sm text-muted">
            Signed in as <span className="font-medium text-fg">{user.username}</span> · member since{' '}
            {formatDate(user.created_at)}
          </p>
        </div>
        {/* the one way in to adding money: the Deposit page lists every method and why one is off */}
        <Link to="/user/deposit" className={buttonClass('primary')}>
          <ArrowDownToLine className="size-4" aria-hidden="true" /> Deposit
        </Link>
      </div>

      <BannerCard />

      {!user.verify_at && (
        <div className="flex gap-3 rounded-xl border border-amber-600/30 bg-amber-50 p-4 text-amber-950 dark:bg-amber-500/10 dark:text-amber-100">
          <MailWarning className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div className="flex flex-1 flex-col gap-3 sm:flex-row sm:items-center">
            <p className="flex-1 text-sm">
              Verify your email to unlock transfers and withdrawals. We send a 6-digit code to {user.email}.
            </p>
            <Link
              to={`${profilePath}#verify`}
              className="self-start rounded-lg bg-amber-900 px-3 py-1.5 text-sm font-medium text-white hover:bg-amber-950 sm:self-auto dark:bg-amber-200 dark:text-amber-950"
            >
              Verify email
            </Link>
          </div>
        </div>
      )}

      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard
          title="Team"
          icon={<Users className="size-4" aria-hidden="true" />}
          value={<span data-testid="total-team">{formatCount(user.total_team)}</span>}
          caption="Members across your whole referral tree"
        />
        <StatCard
          title="Plan"
          icon={<Package className="size-4" aria-hidden="true" />}
          value={user.active_plan === 0 ? 'No Plan' : <span title={plan.exact}>{plan.text}</span>}
          caption={
            user.active_plan === 0 ? (
              'Buy a plan to start earning daily rewards'
            ) : (
              <Badge tone={ACTIVE_LABEL[user.is_active].tone}>{ACTIVE_LABEL[user.is_active].text}</Badge>
            )
          }
        />
        <StatCard
          title="Account"
          icon={<ShieldCheck className="size-4" aria-hidden="true" />}
          value={<Badge tone={status.tone}>{status.text}</Badge>}
          caption={user.status === 'block' ? 'Contact support to restore access' : 'In good standing'}
        />
        <StatCard
          title="Email"
          icon={<MailCheck className="size-4" aria-hidden="true" />}
          value={
            user.verify_at ? <Badge tone="green">Verified</Badge> : <Badge tone="amber">Not verified</Badge>
          }
          caption={
            user.verify_at ? (
              `Verified ${formatRelative(user.verify_at)}`
            ) : (
              <Link to={`${profilePath}#verify`} className="font-medium text-accent-text hover:underline">
                Verify now
              </Link>
            )
          }
        />
      </div>

      <WalletsCard wallets={wallets.data} fund={user.business_balance} />
      <EarningLimitCard userId={user.id} />

      <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
        <ReferralCard code={user.refferal_code} />
        <Card title="Earnings">
          <dl>
            <Fact label="ROI income">
              <Badge tone={SWITCH_LABEL[user.roi_status].tone}>{SWITCH_LABEL[user.roi_status].text}</Badge>
            </Fact>
            <Fact label="Level income">
              <Badge tone={SWITCH_LABEL[user.level_status].tone}>
                {SWITCH_LABEL[user.level_status].text}
              </Badge>
            </Fact>
            <Fact label="Plan state">
              {user.active_plan === 0 ? (
                'No Plan'
              ) : (
                <Badge tone={ACTIVE_LABEL[user.is_active].tone}>{ACTIVE_LABEL[user.is_active].text}</Badge>
              )}
            </Fact>
            {/* paid_member is the activation fee, not the plan: "Paid member: No" beside an active
                plan read as a contradiction */}
            <Fact label="Activation fee">
              {user.paid_member ? (
                'Paid'
              ) : (
                <Link to="/user/subscription" className="font-medium text-accent-text hover:underline">
                  Not paid (optional)
                </Link>
              )}
            </Fact>
            <Fact label="Activated">{formatDate(user.activation_date)}</Fact>
            <Fact label="Sponsor">{user.reffer_by ?? '—'}</Fact>
          </dl>
          <p className="mt-3 text-xs text-muted">
            A closed switch pauses that income, for example when the earning limit of your plan is reached.
          </p>
        </Card>
      </div>

      <QrLinksCard />
      <NewsCard />
    </div>
  );
}
