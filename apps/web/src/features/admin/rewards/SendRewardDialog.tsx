import { emailQuery } from '@app/contracts/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { errorMessage } from '../../../api/client';
import { useRewardPlans, useSendReward } from '../../../api/rewards';
import { useUserByEmail } from '../../../api/users';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Input, Select } from '../../../components/ui/Input';
import { Modal } from '../../../components/ui/Modal';
import { Money } from '../../../components/ui/Money';
import { SummaryList } from '../../../components/ui/SummaryList';

/**
 * POST /users/send/reward: find the member by email, pick the reward plan, send. A member receives
 * each plan's reward once; it counts toward their earning limit (the server says what was paid).
 */
export function SendRewardDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const send = useSendReward();
  const close = () => {
    if (send.isPending) return;
    send.reset();
    onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={t`Send a reward`}
      description={t`Pays a reward plan's amount into the member's earnings by hand, for example a stage missed by mistake. Recorded in the audit log.`}
      className="max-w-lg"
    >
      {open && <SendForm send={send} onDone={onClose} onCancel={close} />}
    </Modal>
  );
}

function SendForm({
  send,
  onDone,
  onCancel,
}: {
  send: ReturnType<typeof useSendReward>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const [email, setEmail] = useState('');
  const found = useUserByEmail(email);
  const plans = useRewardPlans('admin');
  const [planId, setPlanId] = useState('');
  const [note, setNote] = useState('');
  const find = useForm<z.input<typeof emailQuery>, unknown, z.output<typeof emailQuery>>({
    resolver: zodResolver(emailQuery),
    defaultValues: { email: '' },
  });
  const plan = plans.data?.find((p) => String(p.id) === planId);
  const member = found.data;

  return (
    <div className="mt-4 flex flex-col gap-4">
      <form
        onSubmit={find.handleSubmit((v) => setEmail(v.email))}
        noValidate
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        aria-label={t`Find the member`}
      >
        <Input
          label={t`Member email`}
          type="email"
          autoComplete="off"
          className="flex-1"
          error={find.formState.errors.email?.message}
          {...find.register('email')}
        />
        <Button type="submit" variant="secondary" busy={found.isFetching} className="sm:mt-7">
          <Search className="size-4" aria-hidden="true" /> <Trans>Find</Trans>
        </Button>
      </form>
      {found.error && <Banner tone="error">{errorMessage(found.error)}</Banner>}
      <Select label={t`Reward plan`} value={planId} onChange={(e) => setPlanId(e.target.value)}>
        <option value="">{t`Choose a plan`}</option>
        {plans.data?.map((p) => (
          <option key={p.id} value={p.id}>
            {p.order}. {p.title}
          </option>
        ))}
      </Select>
      <Input
        label={t`Note (optional)`}
        maxLength={300}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      {member && plan && (
        <SummaryList
          rows={[
            { label: t`Member`, value: `${member.username} (${member.email})` },
            { label: t`Reward plan`, value: plan.title },
            { label: t`Amount`, value: <Money value={plan.reward} />, strong: true },
          ]}
        />
      )}
      {send.isError && <Banner tone="error">{errorMessage(send.error)}</Banner>}
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={send.isPending}>
          <Trans>Cancel</Trans>
        </Button>
        <Button
          disabled={!member || !plan}
          busy={send.isPending}
          onClick={() =>
            member &&
            plan &&
            send.mutate(
              { id: plan.id, user_id: member.id, note: note.trim() },
              {
                onSuccess: (res) => {
                  toast.success(res.message);
                  onDone();
                },
              },
            )
          }
        >
          <Trans>Send reward</Trans>
        </Button>
      </div>
    </div>
  );
}
