import { SPEC_TEXT } from '@app/contracts/messages';
import { PASSWORD_MSG } from '@app/contracts/password-rules';
import { selfUpdateBody } from '@app/contracts/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../../api/client';
import { useUpdateSelf } from '../../../api/users';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Input } from '../../../components/ui/Input';
import { SuccessPopup } from '../../../components/ui/SuccessPopup';

// The contract's password fields, both required here, plus a confirmation that never leaves the page.
const passwordForm = selfUpdateBody
  .pick({ password: true })
  .required()
  .extend({
    current_password: z.string().min(1, 'Enter your current password').max(128),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The passwords do not match' });
type PasswordInput = z.input<typeof passwordForm>;

export function PasswordForm({ userId }: { userId: number }) {
  const update = useUpdateSelf(userId);
  const [done, setDone] = useState('');
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<PasswordInput, unknown, z.output<typeof passwordForm>>({
    resolver: zodResolver(passwordForm),
    defaultValues: { current_password: '', password: '', confirm: '' },
  });

  const onSubmit = handleSubmit(({ current_password, password }) =>
    update.mutate(
      { current_password, password },
      {
        onSuccess: () => {
          reset();
          setDone(SPEC_TEXT.passwordChanged);
        },
      },
    ),
  );

  return (
    <Card title="Change password">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {update.isError && <Banner tone="error">{errorMessage(update.error)}</Banner>}
        <Input
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.current_password?.message}
          {...register('current_password')}
        />
        <Input
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_MSG.memberHint}
          error={errors.password?.message}
          {...register('password')}
        />
        <Input
          label="Repeat new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirm?.message}
          {...register('confirm')}
        />
        <div className="flex justify-end">
          <Button type="submit" busy={update.isPending}>
            Change password
          </Button>
        </div>
      </form>
      <SuccessPopup message={done} clear={() => setDone('')} />
    </Card>
  );
}
