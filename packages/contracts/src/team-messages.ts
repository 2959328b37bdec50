/**
 * What the server answers about the back-office team and its roles. Apart from MSG: the web app
 * only shows these as the server sends them, so they stay out of every page's first download.
 */
export const TEAM_MSG = {
  adminRoleMissing: 'Your admin roles do not cover this. Ask an owner for the role it needs.',
  lastOwner:
    'This is the last active owner: nobody could manage the team or the settings. Make another admin an owner first.',
  adminOnlyByOwner: 'Only an owner can change an administrator account',
  invitationUnusable:
    'This invitation link has expired, was withdrawn or was already used. Ask an owner for a new one.',
  invitationEmailTaken: 'This e-mail already belongs to an account',
  emailLinkOwnAddress: 'Change your own address under Account: it asks for your password and a code.',
  emailLinkSame: 'This already is their address',
  emailLinkUnusable:
    'This confirmation link has expired, was replaced by a newer one or was already used. Ask an owner for a new one.',
  emailLinkConfirmed: 'The address is changed: sign in to the back-office with it from now on.',
} as const;
