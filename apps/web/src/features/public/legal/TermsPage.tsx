import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LegalPage, type Section } from './LegalPage';

// module-level: the headings are descriptors and the bodies <Trans> elements, both translated when shown
const sections: Section[] = [
  {
    heading: msg`Your account`,
    body: (
      <>
        <p>
          <Trans>
            You must be at least 18 and allowed by the laws of your country to hold crypto assets. One person
            holds one account. You register with the referral code of an existing member, and you keep your
            password secret: what happens under your account is your responsibility.
          </Trans>
        </p>
        <p>
          <Trans>
            Verify your email before you transfer or withdraw funds; until then those actions are not
            available.
          </Trans>
        </p>
      </>
    ),
  },
  {
    heading: msg`Deposits and balances`,
    body: (
      <p>
        <Trans>
          Deposits are made in USDT on the networks the app offers. A deposit counts once the network has
          confirmed it and our payment processor has reported it. Sending another asset, using another
          network, or sending to an old address can lose the funds; check every detail before you pay.
          Balances are kept in USDT on an internal ledger.
        </Trans>
      </p>
    ),
  },
  {
    heading: msg`Plans and daily rewards`,
    body: (
      <>
        <p>
          <Trans>
            Buying a plan moves the chosen amount from your deposit wallet into the plan. While the plan is
            active and your earning switch is open, you can claim a daily reward once every 24 hours after
            watching the daily video for the required time. The daily rate and the other figures are those
            shown in the app when the income is paid; we may change them for the future, never for incomes
            already paid.
          </Trans>
        </p>
        <p>
          <Trans>
            Total earnings on a plan are capped (by default at seven times the plan amount). Once the cap is
            reached, incomes stop until you buy more.
          </Trans>
        </p>
      </>
    ),
  },
  {
    heading: msg`Referral incomes`,
    body: (
      <p>
        <Trans>
          When members you invited, directly or through your team, buy plans or claim rewards, you may earn
          direct, level, reward and salary incomes under the rules shown in the app. Incomes require an active
          account that is not blocked, and some levels unlock only with enough active direct members. Creating
          fake or duplicate accounts to earn incomes is forbidden and leads to their reversal.
        </Trans>
      </p>
    ),
  },
  {
    heading: msg`Withdrawals`,
    body: (
      <p>
        <Trans>
          You can ask to withdraw available income or principal to the wallet address saved on your profile.
          Withdrawals are reviewed, may carry a network or service fee shown before you confirm, and are paid
          once approved. Funds under review are reserved and cannot be used elsewhere.
        </Trans>
      </p>
    ),
  },
  {
    heading: msg`Risks`,
    body: (
      <p>
        <Trans>
          Crypto assets are volatile and transfers on a blockchain cannot be undone. Past rewards do not
          promise future ones. Only use money you can afford to lose. Nothing on this site is investment, tax
          or legal advice.
        </Trans>
      </p>
    ),
  },
  {
    heading: msg`Suspension`,
    body: (
      <p>
        <Trans>
          We may block an account that breaks these terms, is used for fraud or money laundering, or when the
          law requires it. A blocked member cannot sign in, claim, transfer or withdraw; the balances stay
          intact while the case is reviewed.
        </Trans>
      </p>
    ),
  },
  {
    heading: msg`Liability`,
    body: (
      <p>
        <Trans>
          We run the platform with care but cannot promise it is always available or free of errors. To the
          extent the law allows, we are not liable for indirect losses, for losses caused by blockchain
          networks, wallets or other services we do not control, or for losses caused by a mistake in the
          details you gave us.
        </Trans>
      </p>
    ),
  },
  {
    heading: msg`Changes and contact`,
    body: (
      <p>
        <Trans>
          We may update these terms; the date above shows the current version, and important changes are
          announced in the app before they apply. Questions go through a support request from your account.
        </Trans>
      </p>
    ),
  },
];

export default function TermsPage() {
  const { t } = useLingui();
  return (
    <LegalPage
      title={t`Terms of use`}
      updated="2025-11"
      intro={
        <p>
          <Trans>These terms govern your use of EarnHub. By creating an account you accept them.</Trans>
        </p>
      }
      sections={sections}
    />
  );
}
