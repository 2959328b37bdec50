import { selfUpdateBody, type User } from '@app/contracts/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { errorMessage } from '../../../api/client';
import { useUpdateSelf } from '../../../api/users';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Input } from '../../../components/ui/Input';

// The contract's self-update body, restricted to the profile fields (the password has its own form).
const profileForm = selfUpdateBody.pick({
  fullname: true,
  phone: true,
  address: true,
  bep20: true,
  trc20: true,
});
type ProfileInput = z.input<typeof profileForm>;

function valuesOf(user: User): ProfileInput {
  return {
    fullname: user.fullname,
    phone: user.phone,
    address: user.address,
    bep20: user.bep20,
    trc20: user.trc20,
  };
}

export function ProfileForm({ user }: { user: User }) {
  const { t } = useLingui();
  const update = useUpdateSelf(user.id);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<ProfileInput, unknown, z.output<typeof profileForm>>({
    resolver: zodResolver(profileForm),
    defaultValues: valuesOf(user),
  });

  const onSubmit = handleSubmit((body) =>
    update.mutate(body, {
      // the API answers the spec's admin-worded "User updated successfully"; a member saved their profile
      onSuccess: () => {
        // what the member reads when their details are saved (issue 37.19)
        toast.success(t`Profile saved`);
        reset(body as ProfileInput);
      },
    }),
  );

  return (
    <Card title={t`Personal details`}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {update.isError && <Banner tone="error">{errorMessage(update.error)}</Banner>}
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label={t`Full name`}
            autoComplete="name"
            error={errors.fullname?.message}
            {...register('fullname')}
          />
          <Input
            label={t`Phone`}
            type="tel"
            autoComplete="tel"
            hint={t`With the country code, e.g. +44 7700 900123`}
            error={errors.phone?.message}
            {...register('phone')}
          />
        </div>
        <Input
          label={t`Email`}
          value={user.email}
          readOnly
          disabled
          hint={t`Your email cannot be changed here.`}
        />
        <Input
          label={t`Address`}
          autoComplete="street-address"
          error={errors.address?.message}
          {...register('address')}
        />
        <Input
          label={t`BEP20 address (BNB Smart Chain)`}
          placeholder="0x…"
          spellCheck={false}
          hint={t`Withdrawals on BEP20 are sent here. Replacing it pauses withdrawals and transfers for a while, and your e-mail is told.`}
          error={errors.bep20?.message}
          {...register('bep20')}
        />
        <Input
          label={t`TRC20 address (Tron)`}
          placeholder="T…"
          spellCheck={false}
          hint={t`Withdrawals on TRC20 are sent here. Replacing it pauses withdrawals and transfers for a while, and your e-mail is told.`}
          error={errors.trc20?.message}
          {...register('trc20')}
        />
        <div className="flex justify-end">
          <Button type="submit" busy={update.isPending} disabled={!isDirty}>
            <Trans>Save details</Trans>
          </Button>
        </div>
      </form>
    </Card>
  );
}
