import { useMember } from '../../../api/auth-store';
import { useUser, useWallets } from '../../../api/users';

/**
 * The signed-in member's record and wallets, for the money screens. `fund` is what the fund wallet
 * can pay now: from the wallets endpoint, else the record's business_balance (the same figure).
 */
export function useMemberMoney() {
  const member = useMember();
  const id = member?.id ?? 0;
  const user = useUser(id, 'member');
  const wallets = useWallets(id, 'member');
  const fund = wallets.data?.wallets.fund ?? user.data?.business_balance ?? 0;
  return { id, user, wallets, fund };
}
