import { Trans, useLingui } from '@lingui/react/macro';
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
import { formatDate } from '../../../i18n/format';
import { formatCount, formatRelative, money } from '../../../lib/format';
import { NewsCard } from '../news/NewsCard';
import { BannerCard } from '../notifications/BannerCard';
import { QrLinksCard } from '../qr-links/QrLinksCard';
import { EarningLimitCard } from './EarningLimitCard';
import { ReferralCard } from './ReferralCard';
import { useUserLabels } from './user-labels';
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
  const { t } = useLingui();
  const { STATUS_LABEL, ACTIVE_LABEL, SWITCH_LABEL } = useUserLabels();

  if (isPending) return <PageSpinner label={t`Loading your dashboard`} />;
  if (error || !user) return <Banner tone="error">{errorMessage(error)}</Banner>;

  const profilePath = `/user/profile/${user.id}`;
  const status = STATUS_LABEL[user.status];
  const plan = money(user.active_plan);
  const name = user.fullname || user.username;
  const username = user.username;
  const since = formatDate(user.created_at);
  const email = user.email;
  const verifiedAgo = formatRelative(user.verify_at);

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Dashboard · EarnHub`}</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-fg">
            <Trans>Welcome, {name}</Trans>
          </h1>
          <p className="mt-1 text-sm text-muted">
            <Trans>
              Signed in as{' '}
              <span dir="ltr" className="font-medium text-fg">
                {username}
              </span>{' '}
              · member since {since}
            </Trans>
          </p>
        </div>
        {/* the one way in to adding money: the Deposit page lists every method and why one is off */}
        <Link to="/user/deposit" className={buttonClass('primary')}>
          <ArrowDownToLine className="size-4" aria-hidden="true" /> <Trans>Deposit</Trans>
        </Link>
      </div>

      <BannerCard />

      {!user.verify_at && (
        <div className="flex gap-3 rounded-xl border border-amber-600/30 bg-amber-50 p-4 text-amber-950 dark:bg-amber-500/10 dark:text-amber-100">
          <MailWarning className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div className="flex flex-1 flex-col gap-3 sm:flex-row sm:items-center">
            <p className="flex-1 text-sm">
              <Trans>
                Verify your email to unlock transfers and withdrawals. We send a 6-digit code to{' '}
                <bdi dir="ltr">{email}</bdi>.
              </Trans>
            </p>
            <Link
              to={`${profilePath}#verify`}
              className="self-start rounded-lg bg-amber-900 px-3 py-1.5 text-sm font-medium text-white hover:bg-amber-950 sm:self-auto dark:bg-amber-200 dark:text-amber-950"
            >
              <Trans>Verify email</Trans>
            </Link>
          </div>
        </div>
      )}

      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard
          title={t`Team`}
          icon={<Users className="size-4" aria-hidden="true" />}
          value={<span data-testid="total-team">{formatCount(user.total_team)}</span>}
          caption={t`Members across your whole referral tree`}
        />
        <StatCard
          title={t`Plan`}
          icon={<Package className="size-4" aria-hidden="true" />}
          value={
            user.active_plan === 0 ? (
              t`No Plan`
            ) : (
              <span dir="ltr" title={plan.exact}>
                {plan.text}
              </span>
            )
          }
          caption={
            user.active_plan === 0 ? (
              t`Buy a plan to start earning daily rewards`
            ) : (
              <Badge tone={ACTIVE_LABEL[user.is_active].tone}>{ACTIVE_LABEL[user.is_active].text}</Badge>
            )
          }
        />
        <StatCard
          title={t`Account`}
          icon={<ShieldCheck className="size-4" aria-hidden="true" />}
          value={<Badge tone={status.tone}>{status.text}</Badge>}
          caption={user.status === 'block' ? t`Contact support to restore access` : t`In good standing`}
        />
        <StatCard
          title={t`Email`}
          icon={<MailCheck className="size-4" aria-hidden="true" />}
          value={
            user.verify_at ? (
              <Badge tone="green">
                <Trans>Verified</Trans>
              </Badge>
            ) : (
              <Badge tone="amber">
                <Trans>Not verified</Trans>
              </Badge>
            )
          }
          caption={
            user.verify_at ? (
              t`Verified ${verifiedAgo}`
            ) : (
              <Link to={`${profilePath}#verify`} className="font-medium text-accent-text hover:underline">
                <Trans>Verify now</Trans>
              </Link>
            )
          }
        />
      </div>

      <WalletsCard wallets={wallets.data} fund={user.business_balance} />
      <EarningLimitCard userId={user.id} />

      <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
        <ReferralCard code={user.refferal_code} />
        <Card title={t`Earnings`}>
          <dl>
            <Fact label={t`ROI income`}>
              <Badge tone={SWITCH_LABEL[user.roi_status].tone}>{SWITCH_LABEL[user.roi_status].text}</Badge>
            </Fact>
            <Fact label={t`Level income`}>
              <Badge tone={SWITCH_LABEL[user.level_status].tone}>
                {SWITCH_LABEL[user.level_status].text}
              </Badge>
            </Fact>
            <Fact label={t`Plan state`}>
              {user.active_plan === 0 ? (
                t`No Plan`
              ) : (
                <Badge tone={ACTIVE_LABEL[user.is_active].tone}>{ACTIVE_LABEL[user.is_active].text}</Badge>
              )}
            </Fact>
            {/* paid_member is the activation fee, not the plan: "Paid member: No" beside an active
                plan read as a contradiction */}
            <Fact label={t`Activation fee`}>
              {user.paid_member ? (
                t`Paid`
              ) : (
                <Link to="/user/subscription" className="font-medium text-accent-text hover:underline">
                  <Trans>Not paid (optional)</Trans>
                </Link>
              )}
            </Fact>
            <Fact label={t`Activated`}>{formatDate(user.activation_date)}</Fact>
            <Fact label={t`Sponsor`}>{user.reffer_by ?? '—'}</Fact>
          </dl>
          <p className="mt-3 text-xs text-muted">
            <Trans>
              A closed switch pauses that income, for example when the earning limit of your plan is reached.
            </Trans>
          </p>
        </Card>
      </div>

      <QrLinksCard />
      <NewsCard />
    </div>
  );
}
