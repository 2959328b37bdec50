import { DEPOSIT_FALLBACK, depositAddBody } from '@app/contracts/deposits';
import { emailQuery, type User } from '@app/contracts/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { errorMessage } from '../../../api/client';
import { useRecordDeposit } from '../../../api/deposits';
import { useUserByEmail } from '../../../api/users';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Input } from '../../../components/ui/Input';
import { Money } from '../../../components/ui/Money';
import { SummaryList } from '../../../components/ui/SummaryList';
import { amountText } from '../../../lib/forms';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { micro, toWire } from '../../../lib/money';

const depositForm = depositAddBody
  .pick({ note: true })
  .extend({ amount: amountText(depositAddBody.shape.amount) });

/** Find the member by email, then record a pending deposit for them (approval credits it). */
export function RecordDepositCard() {
  const [email, setEmail] = useState('');
  const found = useUserByEmail(email);
  const find = useForm<z.input<typeof emailQuery>, unknown, z.output<typeof emailQuery>>({
    resolver: zodResolver(emailQuery),
    defaultValues: { email: '' },
  });
  const onFind = find.handleSubmit((v) => setEmail(v.email));
  const { t } = useLingui();

  return (
    <Card title={t`Record a deposit`}>
      <p className="-mt-2 mb-4 text-sm text-muted">
        <Trans>
          For money a member paid outside the app. It is recorded as pending; approving it credits their fund
          wallet.
        </Trans>
      </p>
      <form
        onSubmit={onFind}
        noValidate
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        aria-label={t`Find a member`}
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
      {found.error && (
        <div className="mt-4">
          <Banner tone="error">{errorMessage(found.error)}</Banner>
        </div>
      )}
      {found.data && <DepositForm key={found.data.id} member={found.data} />}
    </Card>
  );
}

function DepositForm({ member }: { member: User }) {
  const record = useRecordDeposit();
  const keys = useIdempotencyKey();
  const [review, setReview] = useState<z.output<typeof depositForm> | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof depositForm>, unknown, z.output<typeof depositForm>>({
    resolver: zodResolver(depositForm),
    defaultValues: { amount: '', note: '' },
  });
  const { t } = useLingui();

  const confirm = () => {
    if (!review) return;
    const body = { user_id: member.id, amount: toWire(review.amount), note: review.note };
    record.mutate(
      { body, key: keys.for(body) },
      {
        onSuccess: (data) => {
          keys.done();
          toast.success(data.message);
          setReview(null);
          reset();
        },
      },
    );
  };

  return (
    <div className="mt-4 flex flex-col gap-4 border-t border-line pt-4">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p>
          <span className="font-medium text-fg">{member.fullname || member.username}</span>{' '}
          <span className="text-muted">
            · {member.username} · {member.email}
          </span>
        </p>
        <p className="text-muted">
          <Trans>
            Fund wallet <Money value={member.business_balance} className="font-medium text-fg" />
          </Trans>
        </p>
      </div>
      <form
        onSubmit={handleSubmit(setReview)}
        noValidate
        className="grid gap-4 sm:grid-cols-[12rem_1fr_auto] sm:items-start"
        aria-label={t`Deposit details`}
      >
        <Input
          label={t`Amount (USDT)`}
          inputMode="decimal"
          autoComplete="off"
          error={errors.amount?.message}
          {...register('amount')}
        />
        <Input
          label={t`Note`}
          autoComplete="off"
          placeholder={t`e.g. bank transfer reference`}
          error={errors.note?.message}
          {...register('note')}
        />
        <Button type="submit" className="sm:mt-7">
          <Trans>Record deposit</Trans>
        </Button>
      </form>
      <ConfirmDialog
        open={review !== null}
        title={t`Record this deposit?`}
        description={t`It stays pending until you approve it below; only approval credits the member.`}
        confirmLabel={t`Record deposit`}
        busy={record.isPending}
        onConfirm={confirm}
        onCancel={() => {
          if (record.isPending) return;
          record.reset();
          setReview(null);
        }}
      >
        {record.isError && <Banner tone="error">{errorMessage(record.error, DEPOSIT_FALLBACK)}</Banner>}
        {review && (
          <SummaryList
            rows={[
              { label: t`Member`, value: `${member.username} (${member.email})` },
              { label: t`Amount`, value: <Money value={toWire(review.amount)} />, strong: true },
              { label: t`Note`, value: review.note || '—' },
              {
                label: t`Fund wallet once approved`,
                value: <Money value={toWire(micro(member.business_balance) + review.amount)} />,
              },
            ]}
          />
        )}
      </ConfirmDialog>
    </div>
  );
}
