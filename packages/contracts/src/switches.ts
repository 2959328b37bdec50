/**
 * The platform switches of Settings and the message each closed switch answers with. Kept free of
 * zod so the public pages (registration, sign-in) can show the same words within their JS budget.
 */
export const SWITCHES = [
  'registration_open',
  'signin_open',
  'deposits_open',
  'withdrawals_open',
  'transfers_open',
  'roi_claims_open',
  'support_open',
] as const;
export type Switch = (typeof SWITCHES)[number];

/** What the server answers (403) when an action's switch is off. */
export const CLOSED_MESSAGES: Record<Switch, string> = {
  registration_open: 'Registration is closed at the moment. Please try again later.',
  signin_open: 'Sign-in is closed at the moment. Please try again later.',
  deposits_open: 'Deposits are closed at the moment. Please try again later.',
  withdrawals_open: 'Withdrawals are closed at the moment. Please try again later.',
  transfers_open: 'Transfers are closed at the moment. Please try again later.',
  roi_claims_open: 'ROI claims are closed at the moment. Please try again later.',
  support_open: 'Support is closed at the moment. Please try again later.',
};

/** The settings a visitor's browser needs before anyone signs in (GET /settings/public). */
export interface PublicSettings {
  site_name: string;
  contact_email: string;
  contact_phone: string;
  contact_telegram: string;
  registration_open: boolean;
  signin_open: boolean;
}
