/**
 * Every template that writes a code or a one-time link names it, so the outbox stores it masked
 * (issue 36); the sealed original opens only for its own mail under the server's key.
 */
import { describe, expect, it } from 'vitest';
import { adminEmailCodeMail } from '../../src/mail/account-templates.js';
import { MASK, mailSecretBox, maskMail } from '../../src/mail/secrets.js';
import { adminInvitationMail, otpMail, resetMail } from '../../src/mail/templates.js';
import { newLinkToken } from '../../src/secrets.js';

const token = newLinkToken();
const templates = [
  { mail: otpMail('m@x.test', 'M', '042917', 10), secret: '042917' },
  { mail: adminEmailCodeMail('a@x.test', 'A', '731005', 10), secret: '731005' },
  { mail: resetMail('m@x.test', 'M', `https://app.test/reset-password?token=${token}`, 30), secret: token },
  {
    mail: adminInvitationMail('n@x.test', {
      name: 'N',
      invitedBy: 'Owner',
      roles: 'Support',
      link: `https://app.test/admin-invitation/${token}`,
      hours: 48,
    }),
    secret: token,
  },
];

describe('secrets in mail templates', () => {
  it.each(templates)(
    '$mail.template names its secret, and the stored text has only the mask',
    ({ mail, secret }) => {
      expect(mail.secret?.values).toEqual([secret]);
      expect(mail.subject + mail.text).toContain(secret);
      const stored = maskMail(mail);
      expect(stored.subject + stored.text).not.toContain(secret);
      expect(stored.text).toContain(MASK);
    },
  );

  it('masks a link token and keeps the rest of the link', () => {
    const stored = maskMail(templates[2]!.mail);
    expect(stored.text).toContain(`https://app.test/reset-password?token=${MASK}\n`);
    expect(maskMail(templates[0]!.mail).subject).toBe(`Your verification code: ${MASK}`);
  });

  it('refuses a link of another shape, and a "secret" too short to mask safely', () => {
    expect(() => resetMail('m@x.test', 'M', 'https://app.test/somewhere-else', 30)).toThrow(/not a link/);
    expect(() => maskMail({ ...templates[0]!.mail, secret: { values: [''], minutes: 1 } })).toThrow();
  });

  it('opens a sealed original only for its own mail, under the same server secret', () => {
    const box = mailSecretBox('s'.repeat(48));
    const original = { subject: 'S', text: `code 042917`, secrets: ['042917'] };
    const sealed = box.seal(original, 7n);
    expect(sealed).not.toContain('042917');
    expect(box.open(sealed, 7n)).toEqual(original);
    expect(box.open(sealed, 8n)).toBeNull();
    expect(mailSecretBox('t'.repeat(48)).open(sealed, 7n)).toBeNull();
    expect(box.open('v1.garbage', 7n)).toBeNull();
  });
});
