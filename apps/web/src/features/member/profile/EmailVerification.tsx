import { otpVerifyBody } from '@app/contracts/auth';
import type { User } from '@app/contracts/users';
import { zodResolver } from '@hookform/resolvers/zod';
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
import { formatDateTime } from '../../../lib/format';

const codeForm = otpVerifyBody.pick({ otp: true });

/** Email verification by a 6-digit code: Send code, then type it in (DOMAIN.md: 10 minutes, 5 tries). */
export function EmailVerification({ user }: { user: User }) {
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
        onSuccess: (data) => {
          toast.success(data.message);
          setSent(true);
          verify.reset();
          reset();
        },
      },
    );

  const check = handleSubmit(({ otp }) =>
    verify.mutate({ userId: user.id, otp }, { onSuccess: (data) => toast.success(data.message) }),
  );
  // One message under the code, the current one: a new try (or a new code typed) drops the server's
  // answer to the last one, which stayed beside the new field error before (issue 29.8).
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    verify.reset();
    return check(event);
  };
  const codeError = errors.otp?.message ?? (verify.isError ? errorMessage(verify.error) : undefined);

  return (
    <section id="verify" className="scroll-mt-24">
      <Card
        title="Email verification"
        action={
          user.verify_at ? (
            <Badge tone="green">
              <BadgeCheck className="size-3.5" aria-hidden="true" /> Verified
            </Badge>
          ) : (
            <Badge tone="amber">Not verified</Badge>
          )
        }
      >
        {user.verify_at ? (
          <p className="text-sm text-muted">
            {user.email} was verified on {formatDateTime(user.verify_at)}.
          </p>
        ) : (
          <div className="flex flex-col gap-4">
            <p className="text-sm text-muted">
              {sent ? 'We sent a 6-digit code to ' : 'We will send a 6-digit code to '}
              <span className="font-medium text-fg">{user.email}</span>. It is valid for 10 minutes.
            </p>
            {send.isError && <Banner tone="error">{errorMessage(send.error)}</Banner>}
            {sent && (
              <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
                <Input
                  label="Verification code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  autoFocus
                  className="max-w-48"
                  error={codeError}
                  {...register('otp', { onChange: () => verify.reset() })}
                />
                <Button type="submit" busy={verify.isPending}>
                  Verify email
                </Button>
              </form>
            )}
            <Button variant={sent ? 'ghost' : 'primary'} onClick={sendCode} busy={send.isPending}>
              {sent ? 'Send a new code' : 'Send code'}
            </Button>
          </div>
        )}
      </Card>
    </section>
  );
}
