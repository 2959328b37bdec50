import { useLingui } from '@lingui/react/macro';
import { WithdrawalsScreen } from './WithdrawalsScreen';

export default function WithdrawalsPage() {
  const { t } = useLingui();
  return (
    <WithdrawalsScreen
      title={t`Withdrawals`}
      description={t`Pay out members' requests: send the net amount, then approve with the transaction hash; or reject with a reason.`}
    />
  );
}
