import { totpDisableBody } from '@app/contracts/totp';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { errorMessage } from '../../../api/client';
import { useTotpDisable } from '../../../api/totp';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Input } from '../../../components/ui/Input';

type DisableInput = z.input<typeof totpDisableBody>;

/** Two-factor authentication is on: what is left of the recovery codes, and turning it off with a code. */
export function TotpOff({ codesLeft, required }: { codesLeft: number; required: boolean }) {
  const disable = useTotpDisable();
  const [open, setOpen] = useState(false);
  const { t } = useLingui();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<DisableInput, unknown, z.output<typeof totpDisableBody>>({
    resolver: zodResolver(totpDisableBody),
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit(({ code }) =>
    disable.mutate(code, {
      onSuccess: (data) => {
        toast.success(data.message);
        reset();
      },
    }),
  );

  return (
    <div className="flex flex-col gap-4 text-sm">
      <p className="text-muted">
        {codesLeft <= 2 ? (
          <Trans>
            Signing in asks for a code from your authenticator app after your password. Recovery codes left:{' '}
            <span className="font-medium text-fg">{codesLeft}</span> (turn two-factor authentication off and
            on again for a new set).
          </Trans>
        ) : (
          <Trans>
            Signing in asks for a code from your authenticator app after your password. Recovery codes left:{' '}
            <span className="font-medium text-fg">{codesLeft}</span>.
          </Trans>
        )}
      </p>
      {!open ? (
        <div>
          <Button variant="secondary" onClick={() => setOpen(true)}>
            <Trans>Turn off…</Trans>
          </Button>
        </div>
      ) : (
        <form
          onSubmit={onSubmit}
          noValidate
          aria-label={t`Turn off two-factor authentication`}
          className="flex flex-col gap-3"
        >
          {required && (
            <Banner tone="error">
              <Trans>
                The platform requires two-factor authentication for your account: after turning it off you
                must set it up again before doing anything else.
              </Trans>
            </Banner>
          )}
          {disable.isError && <Banner tone="error">{errorMessage(disable.error)}</Banner>}
          <Input
            label={t`Code from the app or a recovery code`}
            autoComplete="one-time-code"
            className="max-w-64"
            error={errors.code?.message}
            {...register('code')}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="danger" busy={disable.isPending}>
              <Trans>Turn off two-factor authentication</Trans>
            </Button>
            <Button variant="ghost" onClick={() => setOpen(false)} disabled={disable.isPending}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
