import { type AdminAreas, MEMBER_RECORDS } from '@app/contracts/admins';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  ArrowDownToLine,
  ArrowLeftRight,
  ArrowUpFromLine,
  Award,
  Banknote,
  Bell,
  BellPlus,
  CalendarClock,
  ChartColumn,
  CircleDollarSign,
  CircleHelp,
  CircleUserRound,
  ClipboardList,
  Coins,
  DatabaseBackup,
  FileBarChart,
  Gift,
  Globe,
  HandCoins,
  History,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  Mail,
  Medal,
  Network,
  Newspaper,
  Package,
  PieChart,
  PlayCircle,
  QrCode,
  Receipt,
  Scale,
  ScrollText,
  Settings,
  ShieldAlert,
  ShieldCheck,
  TicketCheck,
  Trophy,
  User,
  UserCog,
  Users,
  UsersRound,
  Video,
  Wallet,
} from 'lucide-react';

export interface NavItem {
  /** The member menu's labels come from the language catalogs (the back-office's are English for now). */
  label: string | MessageDescriptor;
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

/** Every admin section of spec 2.1 (ticket and profile detail routes are reached from the lists). */
export const ADMIN_NAV: NavItem[] = [
  { label: 'Dashboard', to: '/admin/dashboard', icon: LayoutDashboard, area: 'any' },
  { label: 'Users', to: '/admin/users', icon: Users, area: MEMBER_RECORDS },
  { label: 'Plans', to: '/admin/plans', icon: Package, area: 'owner' },
  { label: 'Deposits', to: '/admin/deposits', icon: ArrowDownToLine, area: 'finance' },
  { label: 'Withdrawals', to: '/admin/withdrawals', icon: ArrowUpFromLine, area: 'finance' },
  // what one admin asked that moves a member's money waits here for a second (issue 36)
  { label: 'Approvals', to: '/admin/approvals', icon: UsersRound, area: ['finance', 'support'] },
  { label: 'Top-ups', to: '/admin/topup', icon: Coins, area: 'finance' },
  { label: 'ROI requests', to: '/admin/roi-request', icon: CircleDollarSign, area: 'finance' },
  { label: 'Activation codes', to: '/admin/codes', icon: TicketCheck, area: 'finance' },
  { label: 'Ledger reconcile', to: '/admin/reconcile', icon: Scale, area: 'finance' },
  { label: 'Fraud signals', to: '/admin/fraud', icon: ShieldAlert, area: 'finance' },
  { label: 'Income', to: '/admin/income', icon: Banknote, area: 'finance' },
  { label: 'Reports', to: '/admin/reports', icon: FileBarChart, area: 'finance' },
  { label: 'Reward plans', to: '/admin/reward-plans', icon: Gift, area: 'owner' },
  { label: 'Reward transactions', to: '/admin/reward-transactions', icon: Trophy, area: 'finance' },
  { label: 'Salary', to: '/admin/salary', icon: CalendarClock, area: 'finance' },
  { label: 'CTO', to: '/admin/cto', icon: PieChart, area: 'finance' },
  { label: 'Leadership', to: '/admin/leadership', icon: Medal, area: 'finance' },
  { label: 'Tickets', to: '/admin/tickets', icon: LifeBuoy, area: 'support' },
  { label: 'Help and FAQ', to: '/admin/support', icon: CircleHelp, area: 'content' },
  { label: 'Create notification', to: '/admin/notifications', icon: BellPlus, area: ['support', 'content'] },
  { label: 'Notification list', to: '/admin/notification/list', icon: ClipboardList, area: 'support' },
  // GET /mail: owners, support and auditors
  { label: 'Mail', to: '/admin/mail', icon: Mail, area: 'support' },
  // the page's title is the spec's (2.5), so the entry's too
  { label: 'Video Library', to: '/admin/video-manager', icon: Video, area: 'content' },
  { label: 'Bonuses', to: '/admin/bonuses', icon: HandCoins, area: 'owner' },
  { label: 'Crypto wallet', to: '/admin/web3', icon: Wallet, area: 'finance' },
  { label: 'News', to: '/admin/news', icon: Newspaper, area: 'content' },
  { label: 'Languages', to: '/admin/languages', icon: Globe, area: 'content' },
  { label: 'Achievers', to: '/admin/achievers', icon: Award, area: 'content' },
  { label: 'QR links', to: '/admin/qr', icon: QrCode, area: 'finance' },
  { label: 'Settings', to: '/admin/settings', icon: Settings, area: 'owner' },
  { label: 'Team', to: '/admin/team', icon: UserCog, area: 'owner' },
  // GET /backups: owners (back up now, cancel) and auditors (read)
  { label: 'Backups', to: '/admin/backups', icon: DatabaseBackup, area: 'owner' },
  { label: 'Security', to: '/admin/security', icon: ShieldCheck, area: 'any' },
  { label: 'Account', to: '/admin/account', icon: CircleUserRound, area: 'any' },
  { label: 'Audit log', to: '/admin/audit', icon: ScrollText, area: 'owner' },
];
