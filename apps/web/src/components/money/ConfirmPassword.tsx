import { PASSWORD_INCORRECT } from '@app/contracts/transfers';
import { useLingui } from '@lingui/react/macro';
import type { InputHTMLAttributes } from 'react';
import { ApiError } from '../../api/client';
import { Input } from '../ui/Input';

/**
 * The member's password, asked again by every money action that sends money away (a transfer, a
 * withdrawal request): it sits in the form, and a wrong one is answered beside it.
 */
export function PasswordInput({
  error,
  ...rest
}: { error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const { t } = useLingui();
  return (
    <Input
      label={t`Your password`}
      type="password"
      autoComplete="current-password"
      hint={t`Confirms that it is you.`}
      error={error}
      {...rest}
    />
  );
}

/**
 * The server refused the password (400 `Password is incorrect`): the form shows it at the password
 * field, with the field, rather than in the confirmation dialog, which has no field to correct.
 */
export function isWrongPassword(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 400 && error.message === PASSWORD_INCORRECT;
}
