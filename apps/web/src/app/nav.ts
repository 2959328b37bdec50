import type { AdminAreas } from '@app/contracts/admins';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  ArrowDownToLine,
  ArrowLeftRight,
  ArrowUpFromLine,
  Bell,
  ChartColumn,
  History,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  Network,
  Package,
  PlayCircle,
  Receipt,
  Trophy,
  User,
  Users,
  Wallet,
} from 'lucide-react';

export interface NavItem {
  /** From the language catalogs: the member menu's in `member`, the back-office's (admin-nav.ts) in `admin`. */
  label: MessageDescriptor;
  /** Route path; `:id` is replaced by the signed-in member's id. */
  to: string;
  icon: LucideIcon;
  /** Not built yet: shown disabled with a "Soon" mark, never as a link. Flip when the screen lands. */
  soon?: boolean;
  /**
   * An admin page's area (contracts/admins.ts): the menu shows the page to the roles that may read
   * it, as the server decides for the routes the page calls.
   */
  area?: AdminAreas;
  /** Pages reached from this entry (and their sub-paths): the entry is highlighted there too. */
  also?: string[];
}

/** Every member section of spec 2.1 (detail routes such as /user/queries/{ticketId} are reached from these). */
export const MEMBER_NAV: NavItem[] = [
  { label: msg`Dashboard`, to: '/user/dashboard', icon: LayoutDashboard },
  { label: msg`Profile`, to: '/user/profile/:id', icon: User },
  { label: msg`Income dashboard`, to: '/user/income', icon: ChartColumn },
  { label: msg`Watch and earn`, to: '/watch/adds', icon: PlayCircle },
  // one way in to every deposit method (crypto payment, wallet deposit, code): spec 2.1's
  // /user/scanner and /user/web3-deposit are reached from it
  {
    label: msg`Deposit`,
    to: '/user/deposit',
    icon: Wallet,
    also: ['/user/scanner', '/user/payment', '/user/web3-deposit'],
  },
  { label: msg`Deposit history`, to: '/user/deposit-history', icon: History },
  { label: msg`Subscription`, to: '/user/subscription', icon: Package },
  { label: msg`Top-up`, to: '/user/topup', icon: ArrowDownToLine },
  { label: msg`Transfers`, to: '/user/transfer', icon: ArrowLeftRight },
  { label: msg`Withdrawal`, to: '/user/withdrawal', icon: ArrowUpFromLine },
  { label: msg`Transactions`, to: '/transactions/all', icon: Receipt },
  { label: msg`Direct members`, to: '/user/direct-members', icon: Users },
  { label: msg`Referral tree`, to: '/user/refferral-tree', icon: Network },
  { label: msg`Rewards`, to: '/user/rewards', icon: Trophy },
  { label: msg`Notifications`, to: '/user/notifications', icon: Bell },
  { label: msg`Support`, to: '/user/queries', icon: LifeBuoy },
];
