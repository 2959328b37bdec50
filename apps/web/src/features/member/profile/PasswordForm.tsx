import { PASSWORD_RULES } from '@app/contracts/password-rules';
import { selfUpdateBody } from '@app/contracts/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../../api/client';
import { useUpdateSelf } from '../../../api/users';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Input } from '../../../components/ui/Input';
import { SuccessPopup } from '../../../components/ui/SuccessPopup';

export function PasswordForm({ userId }: { userId: number }) {
  const { t } = useLingui();
  const update = useUpdateSelf(userId);
  const [done, setDone] = useState('');
  // The contract's password fields, both required here, plus a confirmation that never leaves the page.
  const passwordForm = useMemo(
    () =>
      selfUpdateBody
        .pick({ password: true })
        .required()
        .extend({
          current_password: z.string().min(1, t`Enter your current password`).max(128),
          confirm: z.string(),
        })
        .refine((v) => v.password === v.confirm, {
          path: ['confirm'],
          message: t`The passwords do not match`,
        }),
    [t],
  );
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof passwordForm>, unknown, z.output<typeof passwordForm>>({
    resolver: zodResolver(passwordForm),
    defaultValues: { current_password: '', password: '', confirm: '' },
  });
  const min = PASSWORD_RULES.memberMin;

  const onSubmit = handleSubmit(({ current_password, password }) =>
    update.mutate(
      { current_password, password },
      {
        onSuccess: () => {
          reset();
          // the spec's SPEC_TEXT.passwordChanged, misspelled as the spec writes it (in English)
          setDone(t`Password change successfuly`);
        },
      },
    ),
  );

  return (
    <Card title={t`Change password`}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {update.isError && <Banner tone="error">{errorMessage(update.error)}</Banner>}
        <Input
          label={t`Current password`}
          type="password"
          autoComplete="current-password"
          error={errors.current_password?.message}
          {...register('current_password')}
        />
        <Input
          label={t`New password`}
          type="password"
          autoComplete="new-password"
          // contracts' PASSWORD_MSG.memberHint, in the member's words
          hint={t`At least ${min} characters, not a common password`}
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
        <div className="flex justify-end">
          <Button type="submit" busy={update.isPending}>
            <Trans>Change password</Trans>
          </Button>
        </div>
      </form>
      <SuccessPopup message={done} clear={() => setDone('')} />
    </Card>
  );
}
