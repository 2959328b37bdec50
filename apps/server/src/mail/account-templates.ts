import type { Mail } from './templates.js';

/** The mails of an admin's own account (modules/identity/admin-account). Plain text, like templates.ts. */

const when = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export function adminPasswordChangedMail(to: string, name: string, at: Date, ip: string | null): Mail {
  return {
    to,
    template: 'admin_password_changed',
    subject: 'Your back-office password was changed',
    text: `Hello ${name},\n\nThe password of your back-office account was changed on ${when(at)}${ip ? ` from ${ip}` : ''}. Your other sessions have ended and no browser is trusted any more.\n\nIf it was not you, tell another owner of the platform at once: they can block the account.\n`,
  };
}

export function adminEmailCodeMail(to: string, name: string, code: string, minutes: number): Mail {
  return {
    to,
    template: 'admin_email_code',
    subject: `Confirm your new address: ${code}`,
    text: `Hello ${name},\n\nTo make this the e-mail address of your back-office account, enter the code ${code} on the Account page.\nIt expires in ${minutes} minutes. If you did not ask for it, ignore this message: nothing changes.\n`,
    secret: { values: [code], minutes },
  };
}

export function adminEmailChangedMail(to: string, name: string, newEmail: string, at: Date): Mail {
  return {
    to,
    template: 'admin_email_changed',
    subject: 'Your back-office e-mail address was changed',
    text: `Hello ${name},\n\nOn ${when(at)} the e-mail address of your back-office account was changed from this address to ${newEmail}. Mails for the account now go there.\n\nIf it was not you, tell another owner of the platform at once: they can block the account.\n`,
  };
}
