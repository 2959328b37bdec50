/**
 * The messages the web app's first download compares against, in a module of their own: a bundler
 * puts a whole module in one chunk, so importing them from messages.ts would put every server
 * message into every page's first visit (UI.md budgets). MSG uses these same strings.
 */
export const SIGNED_OUT = 'Signed out';
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';
export const TOTP_SETUP_REQUIRED =
  'Two-factor authentication is required for administrators: set it up on the Security page first';
