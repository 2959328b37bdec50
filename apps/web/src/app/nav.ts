import {
  ArrowDownToLine,
  ArrowLeftRight,
  ArrowUpFromLine,
  Award,
  Banknote,
  Bell,
  BellPlus,
  ChartColumn,
  CircleDollarSign,
  CircleHelp,
  ClipboardList,
  Coins,
  FileBarChart,
  Gift,
  History,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  Network,
  Newspaper,
  Package,
  PlayCircle,
  QrCode,
  Receipt,
  Scale,
  ScanLine,
  ScrollText,
  Settings,
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
  { label: 'Income', to: '/user/income', icon: ChartColumn, soon: true },
  { label: 'Watch & earn', to: '/watch/adds', icon: PlayCircle, soon: true },
  { label: 'Crypto deposit', to: '/user/web3-deposit', icon: Wallet, soon: true },
  { label: 'Deposit history', to: '/user/deposit-history', icon: History },
  { label: 'Subscription', to: '/user/subscription', icon: Package },
  { label: 'Top-up', to: '/user/topup', icon: ArrowDownToLine },
  { label: 'Transfers', to: '/user/transfer', icon: ArrowLeftRight },
  { label: 'Withdrawal', to: '/user/withdrawal', icon: ArrowUpFromLine },
  { label: 'Transactions', to: '/transactions/all', icon: Receipt },
  { label: 'Direct members', to: '/user/direct-members', icon: Users, soon: true },
  { label: 'Referral tree', to: '/user/refferral-tree', icon: Network, soon: true },
  { label: 'Rewards', to: '/user/rewards', icon: Trophy, soon: true },
  { label: 'Notifications', to: '/user/notifications', icon: Bell },
  { label: 'Scanner', to: '/user/scanner', icon: ScanLine, soon: true },
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
  { label: 'Income', to: '/admin/income', icon: Banknote, soon: true },
  { label: 'Reports', to: '/admin/reports', icon: FileBarChart },
  { label: 'Reward plans', to: '/admin/reward-plans', icon: Gift, soon: true },
  { label: 'Reward transactions', to: '/admin/reward-transactions', icon: Trophy, soon: true },
  { label: 'Tickets', to: '/admin/tickets', icon: LifeBuoy },
  { label: 'Help and FAQ', to: '/admin/support', icon: CircleHelp },
  { label: 'Create notification', to: '/admin/notifications', icon: BellPlus },
  { label: 'Notification list', to: '/admin/notification/list', icon: ClipboardList },
  { label: 'Video manager', to: '/admin/video-manager', icon: Video, soon: true },
  { label: 'Crypto wallet', to: '/admin/web3', icon: Wallet, soon: true },
  { label: 'News', to: '/admin/news', icon: Newspaper },
  { label: 'Achievers', to: '/admin/achievers', icon: Award },
  { label: 'QR links', to: '/admin/qr', icon: QrCode },
  { label: 'Settings', to: '/admin/settings', icon: Settings },
  { label: 'Audit log', to: '/admin/audit', icon: ScrollText },
];
