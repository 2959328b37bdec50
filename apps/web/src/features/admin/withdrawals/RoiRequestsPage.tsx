import { WithdrawalsScreen } from './WithdrawalsScreen';

/** Spec 2.1 /admin/roi-request: the withdrawals screen pinned to ROI withdrawals. */
export default function RoiRequestsPage() {
  return (
    <WithdrawalsScreen
      title="ROI requests"
      description="Withdrawals of daily ROI: approve with the payout transaction hash, or reject with a reason."
      fixedKind="roi"
    />
  );
}
