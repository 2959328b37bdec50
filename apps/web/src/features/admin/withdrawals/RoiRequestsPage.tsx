import { useLingui } from '@lingui/react/macro';
import { WithdrawalsScreen } from './WithdrawalsScreen';

/** Spec 2.1 /admin/roi-request: the withdrawals screen pinned to ROI withdrawals. */
export default function RoiRequestsPage() {
  const { t } = useLingui();
  return (
    <WithdrawalsScreen
      title={t`ROI requests`}
      description={t`Withdrawals of daily ROI: approve with the payout transaction hash, or reject with a reason.`}
      fixedKind="roi"
    />
  );
}
