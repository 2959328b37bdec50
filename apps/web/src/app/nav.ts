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
  ClipboardList,
  Coins,
  FileBarChart,
  Gift,
  HandCoins,
  History,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
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
  Users,
  Video,
  Wallet,
} from 'lucide-react';

export interface NavItem {
  label: string;
  /** Route path; `:id` is replaced by the signed-in member's id. */
  to: string;
  icon: LucideIcon;
  /** Not built yet: shown disabled with a "Soon" mark, never as a link. Flip when the screen lands. */
  soon?: boolean;
}

/** Every member section of spec 2.1 (detail routes such as /user/queries/{ticketId} are reached from these). */
export const MEMBER_NAV: NavItem[] = [
  { label: 'Dashboard', to: '/user/dashboard', icon: LayoutDashboard },
  { label: 'Profile', to: '/user/profile/:id', icon: User },
  { label: 'Income', to: '/user/income', icon: ChartColumn },
  { label: 'Watch & earn', to: '/watch/adds', icon: PlayCircle },
  // one way in to every deposit method (crypto payment, wallet deposit, code): spec 2.1's
  // /user/scanner and /user/web3-deposit are reached from it
  { label: 'Deposit', to: '/user/deposit', icon: Wallet },
  { label: 'Deposit history', to: '/user/deposit-history', icon: History },
  { label: 'Subscription', to: '/user/subscription', icon: Package },
  { label: 'Top-up', to: '/user/topup', icon: ArrowDownToLine },
  { label: 'Transfers', to: '/user/transfer', icon: ArrowLeftRight },
  { label: 'Withdrawal', to: '/user/withdrawal', icon: ArrowUpFromLine },
  { label: 'Transactions', to: '/transactions/all', icon: Receipt },
  { label: 'Direct members', to: '/user/direct-members', icon: Users },
  { label: 'Referral tree', to: '/user/refferral-tree', icon: Network },
  { label: 'Rewards', to: '/user/rewards', icon: Trophy },
  { label: 'Notifications', to: '/user/notifications', icon: Bell },
  { label: 'Support', to: '/user/queries', icon: LifeBuoy },
];

/** Every admin section of spec 2.1 (ticket and profile detail routes are reached from the lists). */
export const ADMIN_NAV: NavItem[] = [
  { label: 'Dashboard', to: '/admin/dashboard', icon: LayoutDashboard },
  { label: 'Users', to: '/admin/users', icon: Users },
  { label: 'Plans', to: '/admin/plans', icon: Package },
  { label: 'Deposits', to: '/admin/deposits', icon: ArrowDownToLine },
  { label: 'Withdrawals', to: '/admin/withdrawals', icon: ArrowUpFromLine },
  { label: 'Top-ups', to: '/admin/topup', icon: Coins },
  { label: 'ROI requests', to: '/admin/roi-request', icon: CircleDollarSign },
  { label: 'Codes', to: '/admin/codes', icon: TicketCheck },
  { label: 'Reconcile', to: '/admin/reconcile', icon: Scale },
  { label: 'Fraud signals', to: '/admin/fraud', icon: ShieldAlert },
  { label: 'Income', to: '/admin/income', icon: Banknote },
  { label: 'Reports', to: '/admin/reports', icon: FileBarChart },
  { label: 'Reward plans', to: '/admin/reward-plans', icon: Gift },
  { label: 'Reward transactions', to: '/admin/reward-transactions', icon: Trophy },
  { label: 'Salary', to: '/admin/salary', icon: CalendarClock },
  { label: 'CTO', to: '/admin/cto', icon: PieChart },
  { label: 'Leadership', to: '/admin/leadership', icon: Medal },
  { label: 'Tickets', to: '/admin/tickets', icon: LifeBuoy },
  { label: 'Help and FAQ', to: '/admin/support', icon: CircleHelp },
  { label: 'Create notification', to: '/admin/notifications', icon: BellPlus },
  { label: 'Notification list', to: '/admin/notification/list', icon: ClipboardList },
  { label: 'Video manager', to: '/admin/video-manager', icon: Video },
  { label: 'Bonuses', to: '/admin/bonuses', icon: HandCoins },
  { label: 'Crypto wallet', to: '/admin/web3', icon: Wallet },
  { label: 'News', to: '/admin/news', icon: Newspaper },
  { label: 'Achievers', to: '/admin/achievers', icon: Award },
  { label: 'QR links', to: '/admin/qr', icon: QrCode },
  { label: 'Settings', to: '/admin/settings', icon: Settings },
  { label: 'Security', to: '/admin/security', icon: ShieldCheck },
  { label: 'Audit log', to: '/admin/audit', icon: ScrollText },
];
