/** The e-mails the product sends. Plain text: every client shows it, nothing to escape. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  template: string;
}

export function otpMail(to: string, name: string, code: string, minutes: number): Mail {
  return {
    to,
    template: 'otp',
    subject: `Your verification code: ${code}`,
    text: `Hello ${name},\n\nYour email verification code is ${code}.\nIt expires in ${minutes} minutes. If you did not ask for it, ignore this message.\n`,
  };
}

export function resetMail(to: string, name: string, link: string, minutes: number): Mail {
  return {
    to,
    template: 'password_reset',
    subject: 'Reset your password',
    text: `Hello ${name},\n\nSomeone asked to reset the password of your account. To choose a new one, open:\n${link}\n\nThe link works once and expires in ${minutes} minutes. If it was not you, ignore this message: your password stays as it is.\n`,
  };
}
