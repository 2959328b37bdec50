import { WithdrawalsScreen } from './WithdrawalsScreen';

export default function WithdrawalsPage() {
  return (
    <WithdrawalsScreen
      title="Withdrawals"
      description="Pay out members' requests: send the net amount, then approve with the transaction hash; or reject with a reason."
    />
  );
}
