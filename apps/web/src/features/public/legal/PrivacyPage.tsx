import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LegalPage, type Section } from './LegalPage';

// module-level: the headings are descriptors and the bodies <Trans> elements, both translated when shown
const sections: Section[] = [
  {
    heading: msg`What we collect`,
    body: (
      <>
        <p>
          <Trans>
            <strong>Account data</strong> you give us: full name, email address, phone number, username,
            postal address if you add one, and the referral code of the member who invited you.
          </Trans>
        </p>
        <p>
          <Trans>
            <strong>Wallet data</strong>: the BEP20 and TRC20 addresses you save for withdrawals, and the
            public addresses and transaction hashes of deposits you make. Blockchain transactions are public
            by nature; we do not control what the networks publish.
          </Trans>
        </p>
        <p>
          <Trans>
            <strong>Activity data</strong>: your plans, deposits, withdrawals, transfers and incomes, the
            daily video rewards you claim, support requests, sign-in times and technical logs (IP address,
            browser) kept for security.
          </Trans>
        </p>
      </>
    ),
  },
  {
    heading: msg`Why we use it`,
    body: (
      <ul className="list-disc space-y-1 ps-6">
        <li>
          <Trans>to run your account and keep an exact record of every balance movement;</Trans>
        </li>
        <li>
          <Trans>to calculate referral, level, reward and salary incomes for you and your sponsors;</Trans>
        </li>
        <li>
          <Trans>to verify your email and protect your account against fraud and abuse;</Trans>
        </li>
        <li>
          <Trans>
            to answer your support requests and send you service messages (codes, reset links, notices);
          </Trans>
        </li>
        <li>
          <Trans>to meet legal obligations that apply to us.</Trans>
        </li>
      </ul>
    ),
  },
  {
    heading: msg`Who sees it`,
    body: (
      <>
        <p>
          <Trans>
            Your sponsor and upline can see limited information about members in their team (username, status,
            plan state) because incomes depend on it. Administrators of the platform can see your account to
            run it.
          </Trans>
        </p>
        <p>
          <Trans>
            We share data only with services that work for us (our payment processor for crypto payments, our
            email provider, our hosting provider), under contract and only as far as their task needs. We do
            not sell personal data and we do not use advertising trackers.
          </Trans>
        </p>
      </>
    ),
  },
  {
    heading: msg`What stays in your browser`,
    body: (
      <p>
        <Trans>
          To keep you signed in, your browser stores your session token in local storage, together with your
          theme choice. Administrator sessions are never stored. Signing out removes the session from the
          browser and ends it on our side.
        </Trans>
      </p>
    ),
  },
  {
    heading: msg`How long we keep it`,
    body: (
      <p>
        <Trans>
          We keep account data while your account exists. Financial records (the ledger of deposits, incomes
          and withdrawals) are kept for as long as the law requires even after an account closes, because they
          explain other members' balances too. Security logs are kept for a limited period.
        </Trans>
      </p>
    ),
  },
  {
    heading: msg`Security`,
    body: (
      <p>
        <Trans>
          Passwords are stored only as one-way hashes; nobody, including our staff, can read them. Connections
          are encrypted. Email codes and reset links expire quickly and work once. No system is perfectly
          secure: use a unique password and tell us at once if you suspect misuse.
        </Trans>
      </p>
    ),
  },
  {
    heading: msg`Your rights`,
    body: (
      <p>
        <Trans>
          You can see and correct most of your data on your profile page. You can ask us for a copy of your
          data, for a correction, or for deletion where the law allows it, by opening a support request from
          your account.
        </Trans>
      </p>
    ),
  },
  {
    heading: msg`Changes`,
    body: (
      <p>
        <Trans>
          If we change this policy we will update the date above and, for important changes, tell you in the
          app before they apply.
        </Trans>
      </p>
    ),
  },
];

export default function PrivacyPage() {
  const { t } = useLingui();
  return (
    <LegalPage
      title={t`Privacy policy`}
      updated="2025-11"
      intro={
        <p>
          <Trans>
            This policy explains which personal data EarnHub collects when you use the platform, why, and what
            control you have over it.
          </Trans>
        </p>
      }
      sections={sections}
    />
  );
}
