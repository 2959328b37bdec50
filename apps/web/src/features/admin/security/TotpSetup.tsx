import { totpEnableBody } from '@app/contracts/totp';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../../api/client';
import { useTotpEnable, useTotpSetup } from '../../../api/totp';
import { LazyQrCode } from '../../../components/qr/LazyQrCode';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { CopyButton } from '../../../components/ui/CopyButton';
import { Input } from '../../../components/ui/Input';

type EnableInput = z.input<typeof totpEnableBody>;

/** Base32 in groups of four, the way authenticator apps show keys for typing. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Set-up: a new secret as a QR code (drawn in the browser) and as a key to type, then the first
 * code from the app turns two-factor authentication on and hands back the recovery codes.
 */
export function TotpSetup({
  required,
  onEnabled,
}: {
  /** The platform requires it of this admin (of every admin, or of a role they hold). */
  required: boolean;
  onEnabled: (recoveryCodes: string[]) => void;
}) {
  const setup = useTotpSetup();
  const enable = useTotpEnable();
  const { t } = useLingui();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EnableInput, unknown, z.output<typeof totpEnableBody>>({
    resolver: zodResolver(totpEnableBody),
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit(({ code }) =>
    enable.mutate(code, { onSuccess: (data) => onEnabled(data.recovery_codes) }),
  );

  if (!setup.data) {
    return (
      <div className="flex flex-col gap-4 text-sm">
        <p className="text-muted">
          <Trans>
            Two-factor authentication asks for a 6-digit code from an authenticator app (Google Authenticator,
            Microsoft Authenticator, 1Password, Aegis…) after your password, so a stolen password alone no
            longer opens the back-office.
          </Trans>
          {required && ' '}
          {required && t`The platform requires it for your account.`}
        </p>
        {setup.isError && <Banner tone="error">{errorMessage(setup.error)}</Banner>}
        <div>
          <Button onClick={() => setup.mutate()} busy={setup.isPending}>
            <Trans>Set up two-factor authentication</Trans>
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5 text-sm">
      <ol className="flex list-decimal flex-col gap-1 pl-5 text-muted">
        <li>
          <Trans>Open your authenticator app and add an account.</Trans>
        </li>
        <li>
          <Trans>Scan the QR code, or type the setup key.</Trans>
        </li>
        <li>
          <Trans>Enter the 6-digit code the app shows.</Trans>
        </li>
      </ol>
      <div className="flex flex-wrap items-center gap-6">
        <LazyQrCode value={setup.data.otpauth_url} size={184} title={t`QR code for your authenticator app`} />
        <div className="flex min-w-0 flex-col gap-1">
          <span className="font-medium text-fg">
            <Trans>Setup key</Trans>
          </span>
          <div className="flex items-center gap-1">
            <code
              data-testid="totp-secret"
              data-secret={setup.data.secret}
              className="font-mono text-fg break-all"
            >
              {grouped(setup.data.secret)}
            </code>
            <CopyButton value={setup.data.secret} label={t`Setup key`} />
          </div>
          <span className="text-xs text-muted">
            <Trans>Time-based, 6 digits, every 30 seconds. Shown only during set-up.</Trans>
          </span>
        </div>
      </div>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label={t`Confirm authenticator`}
        className="flex flex-col gap-3"
      >
        {enable.isError && <Banner tone="error">{errorMessage(enable.error)}</Banner>}
        <Input
          label={t`Code from the app`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          className="max-w-48"
          error={errors.code?.message}
          {...register('code')}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={enable.isPending}>
            <Trans>Turn on</Trans>
          </Button>
          <Button
            variant="ghost"
            onClick={() => setup.mutate()}
            disabled={setup.isPending || enable.isPending}
          >
            <Trans>New key</Trans>
          </Button>
        </div>
      </form>
    </div>
  );
}
