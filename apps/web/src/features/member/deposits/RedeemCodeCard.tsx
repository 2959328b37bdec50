import { codeRedeemBody } from '@app/contracts/codes';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { errorMessage } from '../../../api/client';
import { useRedeemCode } from '../../../api/codes';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Input } from '../../../components/ui/Input';
import { serverText } from '../../../i18n/errors/server-texts';

/** An activation code (e-pin) from an admin: its value goes to the fund wallet, once. */
export function RedeemCodeCard() {
  const redeem = useRedeemCode();
  const { t } = useLingui();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof codeRedeemBody>, unknown, z.output<typeof codeRedeemBody>>({
    resolver: zodResolver(codeRedeemBody),
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit(({ code }) =>
    redeem.mutate(code.toUpperCase(), {
      onSuccess: (data) => {
        toast.success(serverText(data.message));
        reset();
      },
    }),
  );

  return (
    <Card title={t`Redeem a code`}>
      <p className="-mt-2 mb-4 text-sm text-muted">
        <Trans>
          Got an activation code? Its value is added to your fund wallet at once. Each code works once.
        </Trans>
      </p>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3" aria-label={t`Redeem a code`}>
        {redeem.isError && <Banner tone="error">{errorMessage(redeem.error)}</Banner>}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <Input
            label={t`Code`}
            placeholder={t`e.g. K7QM2XPA9RTE`}
            autoComplete="off"
            spellCheck={false}
            className="flex-1"
            error={errors.code?.message}
            {...register('code')}
          />
          <Button type="submit" busy={redeem.isPending} className="sm:mt-7">
            <Trans>Redeem</Trans>
          </Button>
        </div>
      </form>
    </Card>
  );
}
