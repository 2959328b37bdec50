import { otpVerifyBody } from '@app/contracts/auth';
import type { User } from '@app/contracts/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { BadgeCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { useSendOtp, useVerifyOtp } from '../../../api/auth';
import { errorMessage } from '../../../api/client';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Input } from '../../../components/ui/Input';
import { formatDateTime } from '../../../i18n/format';

const codeForm = otpVerifyBody.pick({ otp: true });

/** Email verification by a 6-digit code: Send code, then type it in (DOMAIN.md: 10 minutes, 5 tries). */
export function EmailVerification({ user }: { user: User }) {
  const { t } = useLingui();
  const send = useSendOtp();
  const verify = useVerifyOtp();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof codeForm>, unknown, z.output<typeof codeForm>>({
    resolver: zodResolver(codeForm),
    defaultValues: { otp: '' },
  });

  const sendCode = () =>
    send.mutate(
      { userId: user.id, email: user.email },
      {
        // the server's spec English (MSG.otpSent) in the member's words
        onSuccess: () => {
          toast.success(t`A verification code has been sent to your email`);
          setSent(true);
          verify.reset();
          reset();
        },
      },
    );

  const check = handleSubmit(({ otp }) =>
    verify.mutate(
      { userId: user.id, otp },
      { onSuccess: () => toast.success(t`Email verified successfully`) },
    ),
  );
  // One message under the code, the current one: a new try (or a new code typed) drops the server's
  // answer to the last one, which stayed beside the new field error before (issue 29.8).
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    verify.reset();
    return check(event);
  };
  const email = user.email;
  const verifiedAt = formatDateTime(user.verify_at);
  // the contract's one rule for the code (6 digits), in the member's words
  const codeError = errors.otp
    ? t`The code is 6 digits`
    : verify.isError
      ? errorMessage(verify.error)
      : undefined;

  return (
    <section id="verify" className="scroll-mt-24">
      <Card
        title={t`Email verification`}
        action={
          user.verify_at ? (
            <Badge tone="green">
              <BadgeCheck className="size-3.5" aria-hidden="true" /> <Trans>Verified</Trans>
            </Badge>
          ) : (
            <Badge tone="amber">
              <Trans>Not verified</Trans>
            </Badge>
          )
        }
      >
        {user.verify_at ? (
          <p className="text-sm text-muted">
            <Trans>
              <bdi>{email}</bdi> was verified on {verifiedAt}.
            </Trans>
          </p>
        ) : (
          <div className="flex flex-col gap-4">
            <p className="text-sm text-muted">
              {sent ? (
                <Trans>
                  We sent a 6-digit code to <bdi className="font-medium text-fg">{email}</bdi>. It is valid
                  for 10 minutes.
                </Trans>
              ) : (
                <Trans>
                  We will send a 6-digit code to <bdi className="font-medium text-fg">{email}</bdi>. It is
                  valid for 10 minutes.
                </Trans>
              )}
            </p>
            {send.isError && <Banner tone="error">{errorMessage(send.error)}</Banner>}
            {sent && (
              <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
                <Input
                  label={t`Verification code`}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  autoFocus
                  className="max-w-48"
                  error={codeError}
                  {...register('otp', { onChange: () => verify.reset() })}
                />
                <Button type="submit" busy={verify.isPending}>
                  <Trans>Verify email</Trans>
                </Button>
              </form>
            )}
            <Button variant={sent ? 'ghost' : 'primary'} onClick={sendCode} busy={send.isPending}>
              {sent ? t`Send a new code` : t`Send code`}
            </Button>
          </div>
        )}
      </Card>
    </section>
  );
}
