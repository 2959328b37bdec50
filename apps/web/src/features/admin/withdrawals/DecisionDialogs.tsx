import {
  PAYOUT_HASH_FORM,
  payoutHashProblem,
  WITHDRAWAL_WALLET,
  type Withdrawal,
  withdrawalDecisionBody,
} from '@app/contracts/withdrawals';
import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { useAdmin } from '../../../api/auth-store';
import { errorMessage } from '../../../api/client';
import { useApproveForPayment, useDecideWithdrawal } from '../../../api/withdrawals';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { CopyButton } from '../../../components/ui/CopyButton';
import { Input } from '../../../components/ui/Input';
import { Modal } from '../../../components/ui/Modal';
import { Money } from '../../../components/ui/Money';
import { SummaryList } from '../../../components/ui/SummaryList';
import { formatPercent } from '../../../lib/money';
import { WALLET_LABEL, WITHDRAWAL_KIND_LABEL } from '../../../lib/money-labels';
import { type FourEyes, FourEyesExplainer, fourEyesOf } from './FourEyes';

// The contract's decision fields, required for the decision at hand (the server's words); the hash
// has the form of the withdrawal's network.
const approveForm = (network: Withdrawal['network'], words: { missing: string }) =>
  z.object({
    tx_hash: z
      .string()
      .trim()
      .min(1, words.missing)
      .pipe(withdrawalDecisionBody.shape.tx_hash.unwrap())
      .superRefine((hash, ctx) => {
        const problem = payoutHashProblem(network, hash);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  });
const rejectForm = (words: { tooShort: string }) =>
  z.object({
    reason: z.string().trim().min(3, words.tooShort).pipe(withdrawalDecisionBody.shape.reason.unwrap()),
  });

export type DecisionTarget = { w: Withdrawal; decision: 'approved' | 'rejected' };

interface Props {
  target: DecisionTarget | null;
  onClose: () => void;
}

/** What the approve dialog asks of this admin, before anything is sent. */
const SEND_FIRST = msg`Send the net amount to the address below first, then record the transaction hash here.`;
const APPROVE_TEXT: Record<FourEyes['step'], MessageDescriptor> = {
  one: SEND_FIRST,
  unsigned: msg`Send nothing yet: it needs a sign-off first, then another finance admin sends it.`,
  mine: msg`You signed it off: another finance admin sends the money and records the hash.`,
  other: SEND_FIRST,
};

/** Approve (with the payout transaction hash) or reject (with a reason) one pending request. */
export function DecisionDialog({ target, onClose }: Props) {
  const { t } = useLingui();
  const decide = useDecideWithdrawal();
  const signOff = useApproveForPayment();
  const adminId = useAdmin()?.id;
  const busy = decide.isPending || signOff.isPending;
  const close = () => {
    if (busy) return;
    decide.reset();
    signOff.reset();
    onClose();
  };
  const approving = target?.decision === 'approved';
  const state = target ? fourEyesOf(target.w, adminId) : ({ step: 'one' } as const);
  return (
    <Modal
      open={target !== null}
      onClose={close}
      title={approving ? t`Approve this withdrawal?` : t`Reject this withdrawal?`}
      description={
        approving
          ? t(APPROVE_TEXT[state.step])
          : t`The held amount goes back to the member’s wallet, and they see your reason.`
      }
    >
      {target &&
        (approving ? (
          state.step === 'unsigned' || state.step === 'mine' ? (
            <NotYours
              key={target.w.id}
              w={target.w}
              state={state}
              signOff={signOff}
              onDone={onClose}
              onCancel={close}
            />
          ) : (
            <ApproveForm
              key={target.w.id}
              w={target.w}
              state={state}
              decide={decide}
              signOff={signOff}
              onDone={onClose}
              onCancel={close}
            />
          )
        ) : (
          <RejectForm key={target.w.id} w={target.w} decide={decide} onDone={onClose} onCancel={close} />
        ))}
    </Modal>
  );
}

interface FormProps {
  w: Withdrawal;
  decide: ReturnType<typeof useDecideWithdrawal>;
  onDone: () => void;
  onCancel: () => void;
}

function Facts({ w, approving }: { w: Withdrawal; approving: boolean }) {
  const { t } = useLingui();
  const fee = formatPercent(w.fee_percent);
  const { network, username } = w;
  const wallet = WALLET_LABEL[WITHDRAWAL_WALLET[w.kind]].toLowerCase();
  return (
    <SummaryList
      rows={[
        { label: t`Member`, value: w.username },
        { label: t`Kind`, value: WITHDRAWAL_KIND_LABEL[w.kind].text },
        { label: t`Amount`, value: <Money value={w.amount} /> },
        ...(approving
          ? [
              { label: t`Fee (${fee})`, value: <Money value={w.fee} /> },
              { label: t`Net to send`, value: <Money value={w.net} />, strong: true },
              {
                label: t`To (${network})`,
                value: (
                  <span className="inline-flex items-center gap-1">
                    <span className="font-mono text-xs break-all">{w.address}</span>
                    <CopyButton value={w.address} label={t`Address`} />
                  </span>
                ),
              },
            ]
          : [
              {
                label: t`Back to`,
                value: t`${username}’s ${wallet}`,
                strong: true,
              },
            ]),
      ]}
    />
  );
}

function Actions({
  busy,
  label,
  danger,
  onCancel,
}: {
  busy: boolean;
  label: string;
  danger?: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="mt-2 flex flex-wrap justify-end gap-2">
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        <Trans>Cancel</Trans>
      </Button>
      <Button type="submit" variant={danger ? 'danger' : 'primary'} busy={busy}>
        {label}
      </Button>
    </div>
  );
}

/**
 * Above the four-eyes amount, when this admin may not send the money: nobody signed it off yet (the
 * dialog offers the sign-off, and says to send nothing), or they signed it off themselves.
 */
function NotYours({
  w,
  state,
  signOff,
  onDone,
  onCancel,
}: {
  w: Withdrawal;
  state: FourEyes;
  signOff: ReturnType<typeof useApproveForPayment>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const sign = () =>
    signOff.mutate(w.id, {
      onSuccess: (data) => {
        toast.success(data.message);
        onDone();
      },
    });
  return (
    <div className="mt-4 flex flex-col gap-4">
      {signOff.isError && <Banner tone="error">{errorMessage(signOff.error)}</Banner>}
      <FourEyesExplainer w={w} state={state} />
      <Facts w={w} approving />
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        {state.step === 'unsigned' ? (
          <>
            <Button variant="secondary" onClick={onCancel} disabled={signOff.isPending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button busy={signOff.isPending} onClick={sign}>
              <Trans>Sign off</Trans>
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={onCancel}>
            <Trans>Close</Trans>
          </Button>
        )}
      </div>
    </div>
  );
}

function ApproveForm({
  w,
  state,
  decide,
  signOff,
  onDone,
  onCancel,
}: FormProps & { state: FourEyes; signOff: ReturnType<typeof useApproveForPayment> }) {
  const { t } = useLingui();
  // past one admin's daily limits the server wants a second pair of eyes even under the amount
  const network = w.network;
  const form = PAYOUT_HASH_FORM[w.network].text;
  const needsSecond = decide.isError && errorMessage(decide.error).startsWith('A second admin is needed');
  const missing = t`Enter the payout transaction hash to approve`;
  const schema = useMemo(() => approveForm(w.network, { missing }), [w.network, missing]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { tx_hash: '' },
  });
  const onSubmit = handleSubmit(({ tx_hash }) =>
    decide.mutate(
      { id: w.id, kind: w.kind, body: { status: 'approved', tx_hash } },
      {
        onSuccess: (data) => {
          toast.success(data.message);
          onDone();
        },
      },
    ),
  );
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mt-4 flex flex-col gap-4"
      aria-label={t`Approve withdrawal`}
    >
      {decide.isError && <Banner tone="error">{errorMessage(decide.error)}</Banner>}
      {signOff.isError && <Banner tone="error">{errorMessage(signOff.error)}</Banner>}
      {needsSecond && (
        <Button
          variant="secondary"
          busy={signOff.isPending}
          onClick={() =>
            signOff.mutate(w.id, {
              onSuccess: (data) => {
                toast.success(data.message);
                onDone();
              },
            })
          }
        >
          <Trans>Sign off for another finance admin to pay</Trans>
        </Button>
      )}
      <FourEyesExplainer w={w} state={state} />
      <Facts w={w} approving />
      <Input
        label={t`Payout transaction hash`}
        autoComplete="off"
        spellCheck={false}
        placeholder={w.network === 'BEP20' ? '0x…' : t`64 hexadecimal characters`}
        hint={t`A ${network} hash is ${form}.`}
        autoFocus
        error={errors.tx_hash?.message}
        {...register('tx_hash')}
      />
      <Actions busy={decide.isPending} label={t`Approve and mark paid`} onCancel={onCancel} />
    </form>
  );
}

function RejectForm({ w, decide, onDone, onCancel }: FormProps) {
  const { t } = useLingui();
  const tooShort = t`Give the member a reason (at least 3 characters)`;
  const schema = useMemo(() => rejectForm({ tooShort }), [tooShort]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { reason: '' },
  });
  const onSubmit = handleSubmit(({ reason }) =>
    decide.mutate(
      { id: w.id, kind: w.kind, body: { status: 'rejected', reason } },
      {
        onSuccess: (data) => {
          toast.success(data.message);
          onDone();
        },
      },
    ),
  );
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mt-4 flex flex-col gap-4"
      aria-label={t`Reject withdrawal`}
    >
      {decide.isError && <Banner tone="error">{errorMessage(decide.error)}</Banner>}
      <Facts w={w} approving={false} />
      <Input
        label={t`Reason`}
        autoComplete="off"
        autoFocus
        hint={t`Shown to the member.`}
        error={errors.reason?.message}
        {...register('reason')}
      />
      <Actions busy={decide.isPending} label={t`Reject request`} danger onCancel={onCancel} />
    </form>
  );
}
