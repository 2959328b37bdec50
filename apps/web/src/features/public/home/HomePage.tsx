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
import { Link } from 'react-router';
import { useMember } from '../../../api/auth-store';
import { buttonClass } from '../../../components/ui/Button';
import { HomeContent } from './HomeContent';

const steps = [
  {
    icon: Wallet,
    title: 'Deposit USDT',
    text: 'Pay in USDT on BNB Smart Chain (BEP20) from any wallet. Your deposit is credited once the network confirms it.',
  },
  {
    icon: Package,
    title: 'Buy a plan',
    text: 'Move funds from your deposit wallet into a plan. The plan amount sets your daily reward and your earning limit.',
  },
  {
    icon: PlayCircle,
    title: 'Watch, then claim daily',
    text: 'Once every 24 hours, watch the short daily video and claim your reward. It goes straight to your balance.',
  },
  {
    icon: Network,
    title: 'Earn from your team',
    text: 'Share your referral link. Direct, level, reward and salary incomes follow the activity of the team you build.',
  },
  {
    icon: ArrowUpFromLine,
    title: 'Withdraw',
    text: 'Request a withdrawal to your saved BEP20 or TRC20 address. You see the fee and the net amount before you confirm.',
  },
];

const features = [
  {
    icon: ShieldCheck,
    title: 'Exact balances',
    text: 'Every movement is a ledger entry you can trace, to the cent.',
  },
  {
    icon: Users,
    title: 'Your team at a glance',
    text: 'Direct members, the referral tree and team business.',
  },
  {
    icon: Bell,
    title: 'No surprises',
    text: 'Notifications for deposits, incomes, withdrawals and replies.',
  },
];

export default function HomePage() {
  const member = useMember();
  return (
    <>
      <title>EarnHub: USDT plans, daily rewards and referral incomes</title>
      <section className="border-b border-line bg-surface">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.2fr_1fr] lg:items-center">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-accent-soft px-3 py-1 text-xs font-semibold text-accent-text">
              USDT membership and referral platform
            </p>
            <h1 className="mt-4 text-4xl font-semibold tracking-tight text-fg sm:text-5xl">
              Put your USDT to work, every day.
            </h1>
            <p className="mt-4 max-w-xl text-lg leading-8 text-muted">
              Deposit, pick a plan, claim a daily reward for watching one short video, and earn from the team
              you invite. Every balance is on a ledger you can check.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              {member ? (
                <Link to="/user/dashboard" className={buttonClass('primary', 'md', 'h-11 px-5')}>
                  Go to my dashboard <ArrowRight className="size-4" aria-hidden="true" />
                </Link>
              ) : (
                <>
                  <Link to="/registration" className={buttonClass('primary', 'md', 'h-11 px-5')}>
                    Create an account <ArrowRight className="size-4" aria-hidden="true" />
                  </Link>
                  <Link to="/login" className={buttonClass('secondary', 'md', 'h-11 px-5')}>
                    Sign in
                  </Link>
                </>
              )}
            </div>
            <p className="mt-4 text-sm text-muted">
              Registration needs the referral code of a member who invites you.
            </p>
          </div>
          <ul className="grid gap-3 sm:grid-cols-3 lg:grid-cols-1">
            {features.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4 rounded-xl border border-line bg-canvas p-4">
                <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-accent-soft text-accent-text">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <div>
                  <h2 className="font-semibold text-fg">{title}</h2>
                  <p className="mt-0.5 text-sm text-muted">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="how" className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
        <h2 id="how" className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">
          How it works
        </h2>
        <p className="mt-2 max-w-2xl text-muted">Five steps, all from your member area.</p>
        <ol className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {steps.map(({ icon: Icon, title, text }, i) => (
            <li key={title} className="flex flex-col rounded-xl border border-line bg-surface p-5 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="grid size-9 place-items-center rounded-lg bg-accent text-white">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="text-sm font-semibold text-muted tabular-nums">Step {i + 1}</span>
              </div>
              <h3 className="mt-4 font-semibold text-fg">{title}</h3>
              <p className="mt-1 text-sm leading-6 text-muted">{text}</p>
            </li>
          ))}
        </ol>
      </section>

      <HomeContent />

      <section className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
        <div className="flex flex-col items-start gap-4 rounded-2xl bg-accent px-6 py-8 text-white sm:flex-row sm:items-center sm:justify-between sm:px-10">
          <div>
            <h2 className="text-xl font-semibold">Invited by a member?</h2>
            <p className="mt-1 text-white/90">
              Open their link, or enter their referral code when you register.
            </p>
          </div>
          <Link
            to={member ? '/user/dashboard' : '/registration'}
            className="inline-flex h-11 items-center gap-2 rounded-lg bg-white px-5 text-sm font-semibold text-accent-strong hover:bg-white/90"
          >
            {member ? 'Open dashboard' : 'Register now'} <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
        <p className="mt-6 text-xs leading-5 text-muted">
          Crypto assets are volatile and blockchain transfers cannot be reversed. Rewards depend on the
          platform's rules at the time they are paid and are not guaranteed. Read the{' '}
          <Link to="/terms" className="underline hover:text-fg">
            terms
          </Link>{' '}
          before you deposit.
        </p>
      </section>
    </>
  );
}
