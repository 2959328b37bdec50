import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ArrowRight,
  ArrowUpFromLine,
  Bell,
  Network,
  Package,
  PlayCircle,
  ShieldCheck,
  Users,
  Wallet,
} from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useMember } from '../../../api/auth-store';
import { buttonClass } from '../../../components/ui/Button';

// The latest news and achievers arrive with their own request anyway: their code (and its date
// formatting) comes with that, after the first paint, not inside the 100 KB of the first visit.
const HomeContent = lazy(() => import('./HomeContent').then((m) => ({ default: m.HomeContent })));

const steps = [
  {
    icon: Wallet,
    title: msg`Deposit USDT`,
    text: msg`Pay in USDT on BNB Smart Chain (BEP20) from any wallet. Your deposit is credited once the network confirms it.`,
  },
  {
    icon: Package,
    title: msg`Buy a plan`,
    text: msg`Move funds from your deposit wallet into a plan. The plan amount sets your daily reward and your earning limit.`,
  },
  {
    icon: PlayCircle,
    title: msg`Watch, then claim daily`,
    text: msg`Once every 24 hours, watch the short daily video and claim your reward. It goes straight to your balance.`,
  },
  {
    icon: Network,
    title: msg`Earn from your team`,
    text: msg`Share your referral link. Direct, level, reward and salary incomes follow the activity of the team you build.`,
  },
  {
    icon: ArrowUpFromLine,
    title: msg`Withdraw`,
    text: msg`Request a withdrawal to your saved BEP20 or TRC20 address. You see the fee and the net amount before you confirm.`,
  },
];

const features = [
  {
    icon: ShieldCheck,
    title: msg`Exact balances`,
    text: msg`Every movement is a ledger entry you can trace, to the cent.`,
  },
  {
    icon: Users,
    title: msg`Your team at a glance`,
    text: msg`Direct members, the referral tree and team business.`,
  },
  {
    icon: Bell,
    title: msg`No surprises`,
    text: msg`Notifications for deposits, incomes, withdrawals and replies.`,
  },
];

export default function HomePage() {
  const member = useMember();
  const { t } = useLingui();
  return (
    <>
      <title>{t`EarnHub: USDT plans, daily rewards and referral incomes`}</title>
      <section className="border-b border-line bg-surface">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.2fr_1fr] lg:items-center">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-accent-soft px-3 py-1 text-xs font-semibold text-accent-text">
              <Trans>USDT membership and referral platform</Trans>
            </p>
            <h1 className="mt-4 text-4xl font-semibold tracking-tight text-fg sm:text-5xl">
              <Trans>Put your USDT to work, every day.</Trans>
            </h1>
            <p className="mt-4 max-w-xl text-lg leading-8 text-muted">
              <Trans>
                Deposit, pick a plan, claim a daily reward for watching one short video, and earn from the
                team you invite. Every balance is on a ledger you can check.
              </Trans>
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              {member ? (
                <Link to="/user/dashboard" className={buttonClass('primary', 'md', 'h-11 px-5')}>
                  <Trans>Go to my dashboard</Trans>{' '}
                  <ArrowRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
                </Link>
              ) : (
                <>
                  <Link to="/registration" className={buttonClass('primary', 'md', 'h-11 px-5')}>
                    <Trans>Create an account</Trans>{' '}
                    <ArrowRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
                  </Link>
                  <Link to="/login" className={buttonClass('secondary', 'md', 'h-11 px-5')}>
                    <Trans>Sign in</Trans>
                  </Link>
                </>
              )}
            </div>
            <p className="mt-4 text-sm text-muted">
              <Trans>Registration needs the referral code of a member who invites you.</Trans>
            </p>
          </div>
          <ul className="grid gap-3 sm:grid-cols-3 lg:grid-cols-1">
            {features.map(({ icon: Icon, title, text }) => (
              <li key={title.id} className="flex gap-4 rounded-xl border border-line bg-canvas p-4">
                <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-accent-soft text-accent-text">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <div>
                  <h2 className="font-semibold text-fg">{t(title)}</h2>
                  <p className="mt-0.5 text-sm text-muted">{t(text)}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="how" className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
        <h2 id="how" className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">
          <Trans>How it works</Trans>
        </h2>
        <p className="mt-2 max-w-2xl text-muted">
          <Trans>Five steps, all from your member area.</Trans>
        </p>
        <ol className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {steps.map(({ icon: Icon, title, text }, i) => {
            const step = i + 1;
            return (
              <li
                key={title.id}
                className="flex flex-col rounded-xl border border-line bg-surface p-5 shadow-sm"
              >
                <div className="flex items-center gap-3">
                  <span className="grid size-9 place-items-center rounded-lg bg-accent text-white">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <span className="text-sm font-semibold text-muted tabular-nums">
                    <Trans>Step {step}</Trans>
                  </span>
                </div>
                <h3 className="mt-4 font-semibold text-fg">{t(title)}</h3>
                <p className="mt-1 text-sm leading-6 text-muted">{t(text)}</p>
              </li>
            );
          })}
        </ol>
      </section>

      <Suspense fallback={null}>
        <HomeContent />
      </Suspense>

      <section className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
        <div className="flex flex-col items-start gap-4 rounded-2xl bg-accent px-6 py-8 text-white sm:flex-row sm:items-center sm:justify-between sm:px-10">
          <div>
            <h2 className="text-xl font-semibold">
              <Trans>Invited by a member?</Trans>
            </h2>
            <p className="mt-1 text-white/90">
              <Trans>Open their link, or enter their referral code when you register.</Trans>
            </p>
          </div>
          <Link
            to={member ? '/user/dashboard' : '/registration'}
            className="inline-flex h-11 items-center gap-2 rounded-lg bg-white px-5 text-sm font-semibold text-accent-strong hover:bg-white/90"
          >
            {member ? <Trans>Open dashboard</Trans> : <Trans>Register now</Trans>}{' '}
            <ArrowRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
          </Link>
        </div>
        <p className="mt-6 text-xs leading-5 text-muted">
          <Trans>
            Crypto assets are volatile and blockchain transfers cannot be reversed. Rewards depend on the
            platform's rules at the time they are paid and are not guaranteed. Read the{' '}
            <Link to="/terms" className="underline hover:text-fg">
              terms
            </Link>{' '}
            before you deposit.
          </Trans>
        </p>
      </section>
    </>
  );
}
