import { z } from 'zod';
import { int8Id, int8Param, pageInfo, pageQuery } from './common.js';
import { moneyInput } from './money.js';

/** The member's password, asked again by every money action that sends money away (transfers, withdrawals). */
export const passwordConfirmation = z.string().min(1, 'Enter your password to confirm').max(128);
/** The answer (400) to a wrong one; the web app shows it at the password field. Outside MSG: no public page needs it. */
export const PASSWORD_INCORRECT = 'Password is incorrect';

/** Move own earnings into own fund wallet; the password re-confirms the member. */
export const transferToSelfBody = z.strictObject({
  amount: moneyInput,
  password: passwordConfirmation,
  user_id: int8Id.optional(),
});

/** Send fund to another member found by username or referral code (or id). */
export const transferToFriendBody = z.strictObject({
  amount: moneyInput,
  password: passwordConfirmation,
  recipient: z.string().trim().min(1).max(64).optional(),
  to_user_id: int8Id.optional(),
});

/** Who a typed recipient is, asked before the review (GET /transfer/recipient): exact username, e-mail or code. */
export const recipientQuery = z.strictObject({
  to: z.string().trim().min(1, "Enter the member's username, e-mail or referral code").max(254),
});
/** No more than the name and username: what the member checks before confirming. */
export const recipientResponse = z.object({
  recipient: z.object({ username: z.string(), fullname: z.string() }),
});

export const memberTransfer = z.object({
  id: z.string(),
  kind: z.enum(['to_self', 'to_friend']),
  from_user_id: z.number().int(),
  from_username: z.string(),
  to_user_id: z.number().int(),
  to_username: z.string(),
  from_wallet: z.string(),
  to_wallet: z.string(),
  amount: z.number(),
  created_at: z.string(),
});
export type MemberTransfer = z.infer<typeof memberTransfer>;

export const transferListQuery = pageQuery.extend({ user_id: int8Param.optional() });
export const transferListResponse = z.object({ alltransfer: z.array(memberTransfer), ...pageInfo });
export const singleTransferResponse = z.object({ singletransfer: memberTransfer });
export const transferResponse = z.object({ message: z.string(), transfer: memberTransfer });
export const transferIdParam = z.object({ id: z.uuid('Not a transfer id') });
