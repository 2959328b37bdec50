import { adminEmailBody, adminEmailConfirmBody } from '@app/contracts/admin-account';
import { MSG } from '@app/contracts/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { useConfirmEmailChange, useStartEmailChange } from '../../../api/admin-account';
import { errorMessage } from '../../../api/client';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Input } from '../../../components/ui/Input';

type StartInput = z.input<typeof adminEmailBody>;
type ConfirmInput = z.input<typeof adminEmailConfirmBody>;

/**
 * The admin's own e-mail address: the new one and the current password send a code to the new
 * address; the code confirms the change (the old address is told).
 */
export function EmailCard({ email, pending }: { email: string; pending: string | null }) {
  // a change waiting for its code (also after a reload) opens on the code step
  const [asking, setAsking] = useState(false);
  const waiting = pending && !asking ? pending : null;
  const { t } = useLingui();
  return (
    <Card title={t`E-mail address`}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted">
          <Trans>
            You sign in with <span className="font-medium break-all text-fg">{email}</span>, and mails about
            your account go there.
          </Trans>
        </p>
        {waiting ? (
          <ConfirmStep pending={waiting} onRestart={() => setAsking(true)} />
        ) : (
          <StartStep onSent={() => setAsking(false)} />
        )}
      </div>
    </Card>
  );
}

function StartStep({ onSent }: { onSent: () => void }) {
  const start = useStartEmailChange();
  const { t } = useLingui();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<StartInput, unknown, z.output<typeof adminEmailBody>>({
    resolver: zodResolver(adminEmailBody),
    defaultValues: { email: '', current_password: '' },
  });
  const onSubmit = handleSubmit((body) =>
    start.mutate(body, {
      // the code step's banner says where the code went
      onSuccess: () => onSent(),
      onError: (error) => {
        const message = errorMessage(error);
        if (message === MSG.currentPasswordWrong)
          setError('current_password', { message }, { shouldFocus: true });
        else if (message === MSG.emailTaken) setError('email', { message }, { shouldFocus: true });
      },
    }),
  );
  const failure = start.isError ? errorMessage(start.error) : null;
  const onField = failure === MSG.currentPasswordWrong || failure === MSG.emailTaken;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t`Change e-mail address`}
      className="flex flex-col gap-4"
    >
      {failure && !onField && <Banner tone="error">{failure}</Banner>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label={t`New e-mail address`}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Input
          label={t`Current password`}
          type="password"
          autoComplete="current-password"
          error={errors.current_password?.message}
          {...register('current_password')}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" busy={start.isPending}>
          <Trans>Send a code to the new address</Trans>
        </Button>
      </div>
    </form>
  );
}

function ConfirmStep({ pending, onRestart }: { pending: string; onRestart: () => void }) {
  const confirm = useConfirmEmailChange();
  const { t } = useLingui();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ConfirmInput, unknown, z.output<typeof adminEmailConfirmBody>>({
    resolver: zodResolver(adminEmailConfirmBody),
    defaultValues: { code: '' },
  });
  const onSubmit = handleSubmit(({ code }) =>
    confirm.mutate(code, { onSuccess: (data) => toast.success(data.message) }),
  );
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t`Confirm e-mail address`}
      className="flex flex-col gap-4"
    >
      <Banner tone="notice">
        <Trans>
          We sent a 6-digit code to <span className="font-medium break-all">{pending}</span>. It is valid for
          10 minutes. Your address changes when you enter it.
        </Trans>
      </Banner>
      <Input
        label={t`Code from the e-mail`}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        className="max-w-48"
        error={errors.code?.message ?? (confirm.isError ? errorMessage(confirm.error) : undefined)}
        {...register('code')}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onRestart} disabled={confirm.isPending}>
          <Trans>Use another address</Trans>
        </Button>
        <Button type="submit" busy={confirm.isPending}>
          <Trans>Confirm new address</Trans>
        </Button>
      </div>
    </form>
  );
}
