/**
 * What a member reads about their money is in their words (issue 37.13, 37.18): an income's
 * notification keeps "ROI income" as written, and a withdrawal's notification and e-mail say
 * "paid", as the withdrawal lists do (contracts/withdrawal-words.ts).
 */
import { WITHDRAWAL_STATE_WORDS, withdrawalState } from '@app/contracts/withdrawal-words';
import { describe, expect, it } from 'vitest';
import { withdrawalDecidedMail } from '../../src/mail/templates.js';
import { incomePaid, withdrawalDecided } from '../../src/modules/content/notifications/events.js';

const income = (kind: 'roi_income' | 'direct_income' | 'cto') =>
  incomePaid({
    userId: 7,
    kind,
    amount: 2_500_000n,
    paid: 2_500_000n,
    cut: 0n,
    refType: 'roi_claim',
    refId: '1',
    earningLimit: null,
    earnedBefore: null,
    transferId: null,
  });

describe('member words', () => {
  it('names an income as members read it, acronyms kept', () => {
    expect(income('roi_income')).toMatchObject({
      title: 'ROI income paid',
      message: '2.50 USDT of ROI income was credited to you.',
    });
    expect(income('cto').message).toBe('2.50 USDT of CTO share was credited to you.');
    expect(income('direct_income').message).toBe('2.50 USDT of referral income was credited to you.');
  });

  it('says a withdrawal in the words of the withdrawal list, in the notification and the e-mail', () => {
    const w = { id: 4n, user_id: 7n, kind: 'profit' as const, amount: 100_000_000n, net: 90_000_000n };
    const paid = WITHDRAWAL_STATE_WORDS[withdrawalState({ status: 'approved' })].text;
    expect(paid).toBe('Paid');
    const note = withdrawalDecided(w, 'approved', null);
    expect(note.title).toBe('Withdrawal paid');
    expect(note.message).toBe(
      'Your profit withdrawal of 100.00 USDT is paid: 90.00 USDT was sent to your address.',
    );
    expect(note.message).not.toMatch(/approved/);
    const mail = withdrawalDecidedMail(
      'm@example.com',
      'Mia',
      {
        id: 4,
        kind: 'profit',
        amount: 100_000_000n,
        fee: 10_000_000n,
        net: 90_000_000n,
        network: 'BEP20',
        address: `0x${'ab'.repeat(20)}`,
        status: 'approved',
        tx_hash: `0x${'1'.repeat(64)}`,
        reason: null,
      },
      null,
    );
    expect(mail.subject).toBe('Your withdrawal #4 is paid');
    expect(withdrawalDecided(w, 'rejected', 'cancelled').title).toBe(
      `Withdrawal ${WITHDRAWAL_STATE_WORDS.cancelled.text.toLowerCase()}`,
    );
    expect(withdrawalState({ status: 'pending', payout: { status: 'sent' } })).toBe('being_paid');
    expect(withdrawalState({ status: 'rejected', reason: 'cancelled' })).toBe('cancelled');
    expect(withdrawalState({ status: 'pending', payout: { status: 'failed' } })).toBe('requested');
  });
});
