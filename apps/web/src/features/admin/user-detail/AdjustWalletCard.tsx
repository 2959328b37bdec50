import type { User } from '@app/contracts/users';
import { ADJUSTABLE_WALLETS, adjustmentBody } from '@app/contracts/withdrawals';
import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg, select } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { type PendingApproval, useAskAdjustment } from '../../../api/approvals';
import { errorMessage } from '../../../api/client';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Input, Select } from '../../../components/ui/Input';
import { Money } from '../../../components/ui/Money';
import { Segmented } from '../../../components/ui/Segmented';
import { SummaryList } from '../../../components/ui/SummaryList';
import { amountText } from '../../../lib/forms';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { toWire } from '../../../lib/money';

const WALLET_LABEL: Record<(typeof ADJUSTABLE_WALLETS)[number], MessageDescriptor> = {
  fund: msg`Fund wallet`,
  earnings: msg`Earnings wallet`,
  roi: msg`ROI wallet`,
  principal: msg`Principal (plan)`,
  compound: msg`Compound`,
};

const adjustForm = adjustmentBody
  .pick({ wallet: true, direction: true, reason: true })
  .extend({ amount: amountText(adjustmentBody.shape.amount) });

/** What the server says it asked (`summary`, its English), with the way to the Approvals page. */
function SentForApproval({ id, summary }: { id: number; summary: string }) {
  return (
    <Trans>
      Sent for approval (request #{id}): {summary}. Nothing has moved yet.{' '}
      <Link to="/admin/approvals" className="font-medium underline">
        See Approvals
      </Link>
    </Trans>
  );
}

/**
 * A manual credit or debit of a member's wallet (POST /withdrawalrequest/debit). It is only asked
 * here: a second finance admin approves it under Approvals, and only then does money move (issue 36).
 */
export function AdjustWalletCard({ user }: { user: User }) {
  const ask = useAskAdjustment();
  const keys = useIdempotencyKey();
  const [review, setReview] = useState<z.output<typeof adjustForm> | null>(null);
  const [asked, setAsked] = useState<PendingApproval | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<z.input<typeof adjustForm>, unknown, z.output<typeof adjustForm>>({
    resolver: zodResolver(adjustForm),
    defaultValues: { wallet: 'fund', direction: 'credit', amount: '', reason: '' },
  });
  const direction = watch('direction');
  const { t, i18n } = useLingui();
  const { username, email } = user;

  const confirm = () => {
    if (!review) return;
    const body = { user_id: user.id, ...review, amount: toWire(review.amount) };
    ask.mutate(
      { body, key: keys.for(body) },
      {
        onSuccess: (data) => {
          keys.done();
          setAsked(data);
          setReview(null);
          reset();
        },
      },
    );
  };

  return (
    <Card title={t`Adjust a wallet`}>
      <p className="-mt-2 mb-4 text-sm text-muted">
        <Trans>
          A credit or debit against the platform's cash, with a reason. No single admin moves a member's
          money: this asks, and a second finance admin approves it under Approvals before anything changes.
        </Trans>
      </p>
      {asked && (
        <div className="mb-4">
          <Banner tone="success">
            <SentForApproval id={asked.approval.id} summary={asked.approval.summary} />
          </Banner>
        </div>
      )}
      <form
        onSubmit={handleSubmit(setReview)}
        noValidate
        className="flex flex-col gap-4"
        aria-label={t`Adjust a wallet`}
      >
        <Segmented
          legend={t`Direction`}
          options={[
            { value: 'credit', label: t`Credit (add)` },
            { value: 'debit', label: t`Debit (take)` },
          ]}
          {...register('direction')}
        />
        <div className="grid gap-4 sm:grid-cols-[12rem_10rem_1fr] sm:items-start">
          <Select label={t`Wallet`} {...register('wallet')}>
            {ADJUSTABLE_WALLETS.map((w) => (
              <option key={w} value={w}>
                {i18n._(WALLET_LABEL[w])}
              </option>
            ))}
          </Select>
          <Input
            label={t`Amount (USDT)`}
            inputMode="decimal"
            autoComplete="off"
            error={errors.amount?.message}
            {...register('amount')}
          />
          <Input
            label={t`Reason`}
            autoComplete="off"
            placeholder={t`e.g. goodwill for ticket #12`}
            error={errors.reason?.message}
            {...register('reason')}
          />
        </div>
        <div>
          <Button type="submit">
            {direction === 'debit' ? <Trans>Ask for a debit</Trans> : <Trans>Ask for a credit</Trans>}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={review !== null}
        title={select(review?.direction ?? 'other', {
          credit: 'Ask a second admin for this credit?',
          debit: 'Ask a second admin for this debit?',
          other: 'Ask a second admin for this adjustment?',
        })}
        description={t`Nothing moves now. Another finance admin, on the team for at least a day, approves or rejects it.`}
        confirmLabel={t`Send for approval`}
        busy={ask.isPending}
        onConfirm={confirm}
        onCancel={() => {
          if (ask.isPending) return;
          ask.reset();
          setReview(null);
        }}
      >
        {ask.isError && <Banner tone="error">{errorMessage(ask.error)}</Banner>}
        {review && (
          <SummaryList
            rows={[
              { label: t`Member`, value: t`${username} (${email})` },
              { label: t`Wallet`, value: i18n._(WALLET_LABEL[review.wallet]) },
              {
                label: review.direction === 'credit' ? t`Credit` : t`Debit`,
                value: <Money value={toWire(review.amount)} />,
                strong: true,
              },
              { label: t`Reason`, value: review.reason },
            ]}
          />
        )}
      </ConfirmDialog>
    </Card>
  );
}
