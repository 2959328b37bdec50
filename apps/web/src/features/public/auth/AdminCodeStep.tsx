import { ACCOUNT_MSG, TRUSTED_BROWSER_HOURS } from '@app/contracts/account-messages';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const action = useAction(adminSigninTotp);
  const [trust, setTrust] = useState(false);
  const { errors, onSubmit, clear } = useSchemaForm(
    (s) => s.adminTotpCodeForm,
    ({ code }) => action.run({ ticket, code, login, ...(trust ? { trust_browser: true } : {}) }, onDone),
  );
  const hours = TRUSTED_BROWSER_HOURS;
  const failure = action.error ? errorMessage(action.error) : null;
  // a code of the step just used (right after turning 2FA on) is about the field: wait for the next one
  const codeUsed = failure === ACCOUNT_MSG.totpCodeUsed;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t`Two-factor authentication`}
      className="flex flex-col gap-4"
    >
      <p className="text-sm text-muted">
        <Trans>
          Enter the 6-digit code from your authenticator app. Lost your phone? Use one of your recovery codes.
        </Trans>
      </p>
      {/* one message at a time: a field error of a new try replaces the answer to the last one */}
      {failure && !codeUsed && !errors.code ? <Banner tone="error">{failure}</Banner> : null}
      <Input
        label={t`Authentication code`}
        name="code"
        autoComplete="one-time-code"
        autoFocus
        maxLength={40}
        error={errors.code ?? (codeUsed ? failure : undefined)}
        onChange={() => clear('code')}
      />
      <Checkbox
        label={t`Trust this browser for ${plural(hours, { one: '# hour', other: '# hours' })}`}
        hint={t`Sign-ins here skip this step until then. Not on a shared computer.`}
        checked={trust}
        onChange={(e) => setTrust(e.target.checked)}
      />
      <Button type="submit" busy={action.pending} className="w-full">
        <Trans>Verify and sign in</Trans>
      </Button>
      <button type="button" onClick={onRestart} className={`${linkClass} self-center text-sm`}>
        <Trans>Use another account</Trans>
      </button>
    </form>
  );
}
