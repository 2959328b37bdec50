import { describe, expect, it } from 'vitest';
import { admin, BEP20, memberA, t, usePlatformApp } from './platform-fixtures.js';

usePlatformApp();

describe('withdrawal decided e-mail', () => {
  const mails = async (email: string) =>
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

  it('is queued once when an admin approves, with the transaction hash', async () => {
    const start = (await mails(memberA.email)).length;
    const id = await request(40);
    const hash = `0x${'e'.repeat(64)}`;
    for (let i = 0; i < 2; i++) {
      const res = await t.call('PUT', `/withdrawalrequest/${id}`, {
        token: admin,
        body: { status: 'approved', tx_hash: hash },
      });
      expect(res.status).toBe(200);
    }
    const sent = (await mails(memberA.email)).slice(start);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(`Your withdrawal #${id} is paid`);
    expect(sent[0]!.body_text).toContain(hash);
    expect(sent[0]!.body_text).toContain('Amount: 40.00 USDT');
    expect(sent[0]!.body_text).toContain('Fee: 4.00 USDT');
    expect(sent[0]!.body_text).toContain('Sent: 36.00 USDT');
    expect(sent[0]!.body_text).toContain(BEP20);
    expect(sent[0]!.body_text).toContain('http://app.test/user/withdrawal');
  });

  it('is queued once when an admin rejects, with the reason; never when the member cancels', async () => {
    const start = (await mails(memberA.email)).length;
    const id = await request(30);
    const refused = await t.call('PUT', `/withdrawalrequest/${id}`, {
      token: admin,
      body: { status: 'rejected', reason: 'Address on a sanctions list' },
    });
    expect(refused.status).toBe(200);
    await t.call('PUT', `/withdrawalrequest/${id}`, { token: admin, body: { status: 'rejected' } });
    const sent = (await mails(memberA.email)).slice(start);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(`Your withdrawal #${id} is rejected`);
    expect(sent[0]!.body_text).toContain('Reason: Address on a sanctions list');
    expect(sent[0]!.body_text).toContain('the full 30.00 USDT is back in your earnings wallet');

    const cancelled = await request(15);
    expect((await t.call('DELETE', `/withdrawalrequest/${cancelled}`, { token: memberA.token })).status).toBe(
      200,
    );
    expect((await mails(memberA.email)).slice(start)).toHaveLength(1);
  });

  it('is not queued when the decision is refused', async () => {
    const start = (await mails(memberA.email)).length;
    const id = await request(12);
    const noHash = await t.call('PUT', `/withdrawalrequest/${id}`, {
      token: admin,
      body: { status: 'approved' },
    });
    expect(noHash.status).toBe(400);
    expect((await mails(memberA.email)).slice(start)).toHaveLength(0);
    await t.call('DELETE', `/withdrawalrequest/${id}`, { token: memberA.token });
  });
});
