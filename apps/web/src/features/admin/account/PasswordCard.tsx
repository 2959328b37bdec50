import { ADMIN_PASSWORD_HINT, adminPasswordBody } from '@app/contracts/admin-account';
import { MSG } from '@app/contracts/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useChangeAdminPassword } from '../../../api/admin-account';
import { errorMessage } from '../../../api/client';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Input } from '../../../components/ui/Input';
import { SuccessPopup } from '../../../components/ui/SuccessPopup';

// The contract's body (the admin password rule) plus a confirmation that never leaves the page.
const passwordForm = (i18n: I18n) =>
  adminPasswordBody.extend({ confirm: z.string() }).refine((v) => v.password === v.confirm, {
    path: ['confirm'],
    message: i18n._(msg`The passwords do not match`),
  });
type PasswordForm = ReturnType<typeof passwordForm>;
type PasswordInput = z.input<PasswordForm>;

/** A server refusal about one field goes under it: `password: ...`, or the wrong current password. */
function fieldOf(message: string): { field: 'current_password' | 'password'; message: string } | null {
  if (message === MSG.currentPasswordWrong) return { field: 'current_password', message };
  const named = /^(current_password|password): (.+)$/.exec(message);
  return named ? { field: named[1] as 'current_password' | 'password', message: named[2]! } : null;
}

/** The admin's own password: the current one, then a new one under the admin rule. */
export function PasswordCard() {
  const change = useChangeAdminPassword();
  const [done, setDone] = useState('');
  const { t, i18n } = useLingui();
  const schema = useMemo(() => passwordForm(i18n), [i18n]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<PasswordInput, unknown, z.output<PasswordForm>>({
    resolver: zodResolver(schema),
    defaultValues: { current_password: '', password: '', confirm: '' },
  });

  const onSubmit = handleSubmit(({ current_password, password }) =>
    change.mutate(
      { current_password, password },
      {
        onSuccess: (data) => {
          reset();
          setDone(data.message);
        },
        onError: (error) => {
          const field = fieldOf(errorMessage(error));
          if (field) setError(field.field, { message: field.message }, { shouldFocus: true });
        },
      },
    ),
  );
  const failure = change.isError ? errorMessage(change.error) : null;

  return (
    <Card title={t`Password`}>
      <form onSubmit={onSubmit} noValidate aria-label={t`Change password`} className="flex flex-col gap-4">
        <p className="text-sm text-muted">
          <Trans>
            Changing it signs you out on every other device and stops trusting the browsers you trusted at
            sign-in. You stay signed in here.
          </Trans>
        </p>
        {failure && !fieldOf(failure) && <Banner tone="error">{failure}</Banner>}
        <Input
          label={t`Current password`}
          type="password"
          autoComplete="current-password"
          error={errors.current_password?.message}
          {...register('current_password')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label={t`New password`}
            type="password"
            autoComplete="new-password"
            hint={ADMIN_PASSWORD_HINT}
            error={errors.password?.message}
            {...register('password')}
          />
          <Input
            label={t`Repeat new password`}
            type="password"
            autoComplete="new-password"
            error={errors.confirm?.message}
            {...register('confirm')}
          />
        </div>
        <div className="flex justify-end">
          <Button type="submit" busy={change.isPending}>
            <Trans>Change password</Trans>
          </Button>
        </div>
      </form>
      <SuccessPopup message={done} clear={() => setDone('')} />
    </Card>
  );
}
