import { CLOSED_MESSAGES } from '@app/contracts/switches';
import { TICKET_MSG } from '@app/contracts/tickets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { a, admin, answeredMails, b, raise, setupTickets, t, ticketCount } from './tickets-fixtures.js';

/** Raising a ticket, the conversation with support, the support switch, and the lists of tickets. */
beforeAll(setupTickets);
afterAll(async () => t.close());

describe('raising a ticket', () => {
  it('opens it with the first message as the start of the conversation', async () => {
    const res = await t.call('POST', '/tickets', {
      token: a.token,
      body: {
        subject: '  Withdrawal stuck  ',
        message: 'Pending for 3 days',
        category: 'withdrawal',
        priority: 'high',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Ticket created successfully!');
    expect(res.body.ticket).toMatchObject({
      user_id: a.id,
      subject: 'Withdrawal stuck',
      category: 'withdrawal',
      priority: 'high',
      status: 'open',
      message: 'Pending for 3 days',
      response_count: 1,
      last_reply_by: 'user',
      closed_at: null,
    });
    expect(res.body.ticket.responses).toEqual([
      expect.objectContaining({ author: 'user', message: 'Pending for 3 days' }),
    ]);
  });

  it('refuses bad input with a clear 400 and creates nothing', async () => {
    const before = await ticketCount();
    const cases: Array<[unknown, RegExp]> = [
      [{ subject: '', message: 'x' }, /Subject is required/],
      [{ subject: '   ', message: 'x' }, /Subject is required/],
      [{ message: 'x' }, /Subject is required/],
      [{ subject: 'Hi', message: ' ' }, /Message is required/],
      [{ subject: 'Hi' }, /Message is required/],
      [{ subject: 'x'.repeat(151), message: 'x' }, /at most 150/],
      [{ subject: 'Hi', message: 'x'.repeat(5001) }, /at most 5000/],
      [{ subject: 'Hi', message: 'x', category: 'lottery' }, /category/],
      [{ subject: 'Hi', message: 'x', status: 'closed' }, /status|Unrecognized/i],
    ];
    for (const [body, message] of cases) {
      const res = await t.call('POST', '/tickets', { token: a.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect(await ticketCount()).toBe(before);
  });

  it('refuses an empty reply and an unknown status with 400, changing nothing', async () => {
    const id = await raise(a);
    expect(
      (await t.call('POST', `/tickets/${id}/responses`, { token: a.token, body: { message: '' } })).body,
    ).toEqual({ message: 'message: Message is required', code: 'validation.message' });
    const bad = await t.call('PUT', `/tickets/${id}/status`, { token: admin, body: { status: 'solved' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Status must be one of open, in_progress, answered, closed/);
    const single = await t.call('GET', `/tickets/single/${id}`, { token: a.token });
    expect(single.body.ticket).toMatchObject({ status: 'open', response_count: 1 });
    expect((await t.call('GET', '/tickets/single/abc', { token: admin })).status).toBe(400);
  });
});

describe('a conversation between a member and support', () => {
  it('moves through the statuses, mails the member once per answer, and shows support as "Support team"', async () => {
    const id = await raise(b, 'Cannot see my income', 'Where is my level income?');

    // Support answers: answered, one mail with a link to the query.
    const answer = await t.call('POST', `/tickets/${id}/responses`, {
      token: admin,
      body: { message: 'Level income is paid on each ROI claim.' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe('Response added successfully!');
    expect(answer.body.ticket).toMatchObject({
      status: 'answered',
      last_reply_by: 'admin',
      response_count: 2,
    });
    let mails = await answeredMails(b.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your query #${id} has been answered`);
    expect(mails[0]!.body_text).toContain('Level income is paid on each ROI claim.');
    expect(mails[0]!.body_text).toContain(`http://app.test/user/queries/${id}`);

    // A second support message before the member writes again: no second mail.
    await t.call('POST', `/tickets/${id}/responses`, { token: admin, body: { message: 'Also see Income.' } });
    expect(await answeredMails(b.email)).toHaveLength(1);

    // A status change alone mails nothing.
    await t.call('PUT', `/tickets/${id}/status`, { token: admin, body: { status: 'in_progress' } });
    expect(await answeredMails(b.email)).toHaveLength(1);

    // The member's reply on an answered ticket puts it back to open; the next answer mails again.
    await t.call('PUT', `/tickets/${id}/status`, { token: admin, body: { status: 'answered' } });
    const back = await t.call('POST', `/tickets/${id}/responses`, {
      token: b.token,
      body: { message: 'Thanks!' },
    });
    expect(back.body.ticket).toMatchObject({ status: 'open', last_reply_by: 'user' });
    await t.call('POST', `/tickets/${id}/responses`, { token: admin, body: { message: 'You are welcome.' } });
    mails = await answeredMails(b.email);
    expect(mails).toHaveLength(2);

    // The member's view: support replies are signed "Support team", oldest first.
    const view = await t.call('GET', `/ticket-responses/${id}`, { token: b.token });
    expect(
      view.body.responses.map((r: { author: string; author_name: string; message: string }) => [
        r.author,
        r.author_name,
        r.message,
      ]),
    ).toEqual([
      ['user', expect.any(String), 'Where is my level income?'],
      ['admin', 'Support team', 'Level income is paid on each ROI claim.'],
      ['admin', 'Support team', 'Also see Income.'],
      ['user', expect.any(String), 'Thanks!'],
      ['admin', 'Support team', 'You are welcome.'],
    ]);
    const adminView = await t.call('GET', `/tickets/single/${id}`, { token: admin });
    expect(adminView.body.ticket.responses[1].author_name).not.toBe('Support team');
    expect(JSON.stringify(view.body)).not.toMatch(/password|argon2/i);
  });

  it('records admin replies and status changes in the audit log', async () => {
    const id = await raise(a, 'Audit me');
    await t.call('POST', `/tickets/${id}/responses`, { token: admin, body: { message: 'Looking into it' } });
    await t.call('PUT', `/tickets/${id}/status`, { token: admin, body: { status: 'closed' } });
    const audit = await t.db.query(
      `SELECT action, before, after FROM audit_log WHERE target_type = 'ticket' AND target_id = $1 ORDER BY id`,
      [String(id)],
    );
    expect(audit.rows).toEqual([
      expect.objectContaining({
        action: 'ticket.reply',
        before: { status: 'open' },
        after: expect.objectContaining({ status: 'answered', mailed: true }),
      }),
      { action: 'ticket.status', before: { status: 'answered' }, after: { status: 'closed' } },
    ]);
  });

  it('a closed ticket refuses new replies from everyone with a clear message, until support reopens it', async () => {
    const id = await raise(a, 'Close me');
    const mailsBefore = (await answeredMails(a.email)).length;
    const closed = await t.call('PUT', `/tickets/${id}/status`, {
      token: a.token,
      body: { status: 'closed' },
    });
    expect(closed.status).toBe(200);
    expect(closed.body.message).toBe('Ticket status updated successfully!');
    expect(closed.body.ticket.status).toBe('closed');
    expect(closed.body.ticket.closed_at).toBe(t.clock.now().toISOString());
    for (const who of [a.token, admin]) {
      const res = await t.call('POST', `/tickets/${id}/responses`, {
        token: who,
        body: { message: 'Hello?' },
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(TICKET_MSG.closed);
    }
    expect(
      (await t.call('GET', `/tickets/single/${id}`, { token: a.token })).body.ticket.response_count,
    ).toBe(1);
    expect(await answeredMails(a.email)).toHaveLength(mailsBefore);
    // The member cannot reopen; support can.
    const reopen = await t.call('PUT', `/tickets/${id}/status`, { token: a.token, body: { status: 'open' } });
    expect(reopen.status).toBe(403);
    expect(reopen.body.message).toBe(TICKET_MSG.memberMayOnlyClose);
    const reopened = await t.call('PUT', `/tickets/${id}/status`, { token: admin, body: { status: 'open' } });
    expect(reopened.body.ticket).toMatchObject({ status: 'open', closed_at: null });
    const reply = await t.call('POST', `/tickets/${id}/responses`, {
      token: a.token,
      body: { message: 'Again' },
    });
    expect(reply.status).toBe(201);
  });
});

describe('support switched off in the settings', () => {
  it('stops members raising or answering tickets with its message; admins still answer', async () => {
    const ticket = await raise(a, 'Switch test');
    const put = (support_open: boolean) =>
      t.call('PUT', '/settings', { token: admin, body: { support_open } });
    expect((await put(false)).status).toBe(200);
    const before = await ticketCount();
    const refused = await t.call('POST', '/tickets', {
      token: a.token,
      body: { subject: 'Closed?', message: 'Is support closed?' },
    });
    expect(refused).toMatchObject({ status: 403, body: { message: CLOSED_MESSAGES.support_open } });
    const reply = await t.call('POST', `/tickets/${ticket}/responses`, {
      token: a.token,
      body: { message: 'Anyone there?' },
    });
    expect(reply).toMatchObject({ status: 403, body: { message: CLOSED_MESSAGES.support_open } });
    expect(await ticketCount()).toBe(before);
    const answer = await t.call('POST', `/tickets/${ticket}/responses`, {
      token: admin,
      body: { message: 'We are closed today, back tomorrow.' },
    });
    expect(answer.status).toBe(201);
    expect((await put(true)).status).toBe(200);
    expect(
      (await t.call('POST', `/tickets/${ticket}/responses`, { token: a.token, body: { message: 'Thanks' } }))
        .status,
    ).toBe(201);
  });
});

describe('lists', () => {
  it('a member lists only their own tickets; an admin filters all of them by status and search, paged', async () => {
    const mine = await t.call('GET', `/tickets/${b.id}`, { token: b.token });
    expect(mine.status).toBe(200);
    expect(mine.body.tickets.length).toBeGreaterThan(0);
    expect(mine.body.tickets.every((x: { user_id: number }) => x.user_id === b.id)).toBe(true);

    const all = await t.call('GET', '/tickets?limit=100', { token: admin });
    const users = new Set(all.body.tickets.map((x: { user_id: number }) => x.user_id));
    expect(users).toEqual(new Set([a.id, b.id]));
    const { counts } = all.body;
    expect(all.body.total).toBe(counts.open + counts.in_progress + counts.answered + counts.closed);

    const closed = await t.call('GET', '/tickets?status=closed', { token: admin });
    expect(closed.body.total).toBe(counts.closed);
    expect(closed.body.tickets.every((x: { status: string }) => x.status === 'closed')).toBe(true);

    const search = await t.call('GET', `/tickets?search=${encodeURIComponent('income')}`, { token: admin });
    expect(search.body.tickets.map((x: { subject: string }) => x.subject)).toEqual(['Cannot see my income']);
    const byNumber = await t.call('GET', `/tickets?search=%23${search.body.tickets[0].ticket_id}`, {
      token: admin,
    });
    expect(byNumber.body.tickets.map((x: { subject: string }) => x.subject)).toEqual([
      'Cannot see my income',
    ]);
    const byEmail = await t.call('GET', `/tickets?search=${encodeURIComponent(b.email)}`, { token: admin });
    expect(byEmail.body.total).toBe(mine.body.total);
    expect((await t.call('GET', '/tickets?search=%25', { token: admin })).body.total).toBe(0);

    const page2 = await t.call('GET', '/tickets?page=2&limit=2', { token: admin });
    expect(page2.body).toMatchObject({ currentPage: 2, totalPages: Math.ceil(all.body.total / 2) });
    expect(page2.body.tickets).toHaveLength(2);
    expect((await t.call('GET', '/tickets?status=pending', { token: admin })).status).toBe(400);
  });
});
