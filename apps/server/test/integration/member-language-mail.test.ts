/**
 * Mail and notifications in the member's language (issue 38): through the real routes and the
 * outbox, as the member gets them (lastMail reads the sealed copy, with the code unmasked).
 */
import { describe, expect, it } from 'vitest';
import { MASK } from '../../src/mail/secrets.js';
import { lastMail } from '../helpers.js';
import { admin, BEP20, memberA, root, t, usePlatformApp } from './platform-fixtures.js';

usePlatformApp();

const decidedMails = async (email: string) =>
  (
    await t.db.query<{ subject: string; body_text: string }>(
      `SELECT subject, body_text FROM mail_outbox WHERE to_address = $1 AND template = 'withdrawal_decided' ORDER BY id`,
      [email],
    )
  ).rows;
const request = async (amount: number) =>
  (
    await t.call('POST', '/withdrawalrequest/add', {
      token: memberA.token,
      body: { amount, password: memberA.password },
    })
  ).body.withdrawal.id as number;
const setLocale = async (locale: string) =>
  expect(
    (await t.call('PUT', `/users/${memberA.id}`, { token: memberA.token, body: { locale } })).status,
  ).toBe(200);

describe("mail and notifications in the member's language", () => {
  it("a Spanish member's verification code arrives in Spanish, its code masked in the outbox", async () => {
    const m = await t.register(root.code, { locale: 'es' });
    const sent = await t.call('POST', '/otp/send', {
      token: m.token,
      body: { userId: m.id, email: m.email },
    });
    expect(sent.status).toBe(200);
    const mail = (await lastMail(t.db, m.email))!;
    expect(mail.template).toBe('otp');
    const code = /\b(\d{6})\b/.exec(mail.body_text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.subject).toBe(`Tu código de verificación: ${code}`);
    const name = /^Hola, (.+):\n/.exec(mail.body_text)?.[1];
    expect(name).toMatch(/^Member \d+$/);
    expect(mail.body_text).toBe(
      `Hola, ${name}:\n\nTu código para verificar el correo electrónico es ${code}.\nCaduca en 10 minutos. Si no lo has pedido, ignora este mensaje.\n`,
    );
    // what staff and dumps see: the same Spanish mail with the code masked
    const stored = await t.db.query<{ subject: string; body_text: string }>(
      `SELECT subject, body_text FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1`,
      [m.email],
    );
    expect(stored.rows[0]!.subject).toBe(`Tu código de verificación: ${MASK}`);
    expect(stored.rows[0]!.body_text).toContain(`es ${MASK}.`);
    expect(stored.rows[0]!.body_text).not.toContain(code!);
  });

  it("a Spanish member's withdrawal decisions arrive in Spanish, amounts in Spanish figures", async () => {
    await setLocale('es');
    const start = (await decidedMails(memberA.email)).length;
    const refusedId = await request(30);
    const refused = await t.call('PUT', `/withdrawalrequest/${refusedId}`, {
      token: admin,
      body: { status: 'rejected', reason: 'Dirección en una lista de sanciones' },
    });
    expect(refused.status).toBe(200);
    const paidId = await request(300);
    const hash = `0x${'d'.repeat(64)}`;
    const paid = await t.call('PUT', `/withdrawalrequest/${paidId}`, {
      token: admin,
      body: { status: 'approved', tx_hash: hash },
    });
    expect(paid.status).toBe(200);

    const [rejected, approved] = (await decidedMails(memberA.email)).slice(start);
    expect(rejected!.subject).toBe(`Tu retiro n.º ${refusedId} ha sido rechazado`);
    expect(rejected!.body_text).toContain('Motivo: Dirección en una lista de sanciones');
    expect(rejected!.body_text).toContain(
      'No se ha pagado nada: los 30,00 USDT completos vuelven a estar en tu billetera de ganancias.',
    );
    expect(rejected!.body_text).toContain('Tus retiros: http://app.test/user/withdrawal');
    expect(approved!.subject).toBe(`Tu retiro n.º ${paidId} está pagado`);
    expect(approved!.body_text).toContain(`se ha aprobado y pagado`);
    // a decimal comma (Spanish figures), from the exact amount
    expect(approved!.body_text).toContain('Importe: 300,00 USDT');
    expect(approved!.body_text).toMatch(/Comisión: \d+,\d{2} USDT\nEnviado: \d+,\d{2} USDT/);
    expect(approved!.body_text).toContain(`Hash de la transacción: ${hash}`);
    expect(approved!.body_text).not.toMatch(/Hello|Amount:|has been|Fee:/);
  });

  it("an Arabic member's notification is written in Arabic; an English one stays as it was", async () => {
    await setLocale('ar');
    const id = await request(20);
    const list = await t.call('GET', `/notifications/user/${memberA.id}`, { token: memberA.token });
    const newest = list.body.notifications[0];
    expect(newest.title).toBe('تم تقديم طلب السحب');
    expect(newest.message).toContain('بانتظار الموافقة');
    expect(newest.message).toContain('\u206620.00 USDT\u2069');
    expect(newest.message).not.toMatch(/[A-Za-z]{5,}/);
    await t.call('DELETE', `/withdrawalrequest/${id}`, { token: memberA.token });

    await setLocale('en');
    const again = await request(20);
    const english = await t.call('GET', `/notifications/user/${memberA.id}`, { token: memberA.token });
    expect(english.body.notifications[0].title).toBe('Withdrawal requested');
    await t.call('DELETE', `/withdrawalrequest/${again}`, { token: memberA.token });
  });

  it("a French member's account-change notice is in French, the time in French words", async () => {
    const m = await t.register(root.code, { locale: 'fr' });
    const set = await t.call('PUT', `/users/${m.id}`, { token: m.token, body: { bep20: BEP20 } });
    expect(set.status).toBe(200);
    const mail = (await lastMail(t.db, m.email))!;
    expect(mail.template).toBe('account_change');
    expect(mail.subject).toBe('Modification de votre compte : adresse de paiement');
    expect(mail.body_text).toMatch(
      /^Bonjour Member \d+,\n\nL’élément suivant de votre compte .+ a été modifié : adresse de paiement\. La modification a été faite depuis votre compte le /,
    );
    expect(mail.body_text).toContain(' UTC');
    expect(mail.body_text).toContain('Si c’était vous, vous n’avez rien à faire.');
  });
});
