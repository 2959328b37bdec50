import { ACCOUNT_MSG, TRUSTED_BROWSER_HOURS } from '@app/contracts/account-messages';
import { useState } from 'react';
import { adminSigninTotp } from '../../../api/auth-public';
import { errorMessage } from '../../../api/client';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Checkbox, Input } from '../../../components/ui/Input';
import { useAction } from '../../../lib/use-action';
import { linkClass } from './AuthCard';
import { useSchemaForm } from './useSchemaForm';

/**
 * The second step: a code from the authenticator app, or one of the recovery codes; optionally,
 * this browser is trusted for 12 hours (the next sign-ins of this login skip this step).
 */
export default function CodeStep({
  ticket,
  login,
  onDone,
  onRestart,
}: {
  ticket: string;
  login: string;
  onDone: () => void;
  onRestart: () => void;
}) {
  const action = useAction(adminSigninTotp);
  const [trust, setTrust] = useState(false);
  const { errors, onSubmit, clear } = useSchemaForm(
    (s) => s.adminTotpCodeForm,
    ({ code }) => action.run({ ticket, code, login, ...(trust ? { trust_browser: true } : {}) }, onDone),
  );
  const failure = action.error ? errorMessage(action.error) : null;
  // a code of the step just used (right after turning 2FA on) is about the field: wait for the next one
  const codeUsed = failure === ACCOUNT_MSG.totpCodeUsed;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Two-factor authentication"
      className="flex flex-col gap-4"
    >
      <p className="text-sm text-muted">
        Enter the 6-digit code from your authenticator app. Lost your phone? Use one of your recovery codes.
      </p>
      {/* one message at a time: a field error of a new try replaces the answer to the last one */}
      {failure && !codeUsed && !errors.code ? <Banner tone="error">{failure}</Banner> : null}
      <Input
        label="Authentication code"
        name="code"
        autoComplete="one-time-code"
        autoFocus
        maxLength={40}
        error={errors.code ?? (codeUsed ? failure : undefined)}
        onChange={() => clear('code')}
      />
      <Checkbox
        label={`Trust this browser for ${TRUSTED_BROWSER_HOURS} hours`}
        hint="Sign-ins here skip this step until then. Not on a shared computer."
        checked={trust}
        onChange={(e) => setTrust(e.target.checked)}
      />
      <Button type="submit" busy={action.pending} className="w-full">
        Verify and sign in
      </Button>
      <button type="button" onClick={onRestart} className={`${linkClass} self-center text-sm`}>
        Use another account
      </button>
    </form>
  );
}
