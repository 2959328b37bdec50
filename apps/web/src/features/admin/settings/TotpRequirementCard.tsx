import { ADMIN_ROLES, type AdminRole } from '@app/contracts/admins';
import { useLingui } from '@lingui/react/macro';
import { type Control, Controller, useWatch } from 'react-hook-form';
import { adminRoleDescription, adminRoleLabel } from '../../../app/admin-role-words';
import { Card } from '../../../components/ui/Card';
import { Checkbox } from '../../../components/ui/Input';
import { Toggle } from '../../../components/ui/Toggle';
import { LABELS, type SettingsFormInput, type SettingsFormOutput } from './settings-form';

/**
 * Who must use two-factor authentication: every admin (`admin_totp_required`), or the admins
 * holding one of the chosen roles (`admin_totp_required_roles`). An admin it applies to and who has
 * none is held on the Security page until they set it up.
 */
export function TotpRequirementCard({
  control,
}: {
  control: Control<SettingsFormInput, unknown, SettingsFormOutput>;
}) {
  const forAll = useWatch({ control, name: 'admin_totp_required' });
  const { t, i18n } = useLingui();
  return (
    <Card title={t`Back-office`}>
      <div className="flex flex-col gap-4">
        <Controller
          name="admin_totp_required"
          control={control}
          render={({ field }) => (
            <Toggle
              label={i18n._(LABELS.admin_totp_required)}
              description={t`Every administrator signs in with a code from an authenticator app. One who has not set it up is taken to the Security page before anything else. Set it up for yourself first.`}
              checked={field.value}
              onChange={field.onChange}
              onText={t`Required`}
              offText={t`Optional`}
            />
          )}
        />
        <Controller
          name="admin_totp_required_roles"
          control={control}
          render={({ field }) => {
            const chosen = new Set<AdminRole>(field.value);
            const flip = (role: AdminRole, on: boolean) =>
              field.onChange(ADMIN_ROLES.filter((r) => (r === role ? on : chosen.has(r))));
            return (
              <fieldset className="flex flex-col gap-3 border-t border-line pt-4" disabled={forAll}>
                <legend className="float-left mb-1 w-full text-sm font-medium text-fg">
                  {i18n._(LABELS.admin_totp_required_roles)}
                </legend>
                <p className="text-xs text-muted">
                  {forAll
                    ? t`Required of every administrator above, whatever their roles.`
                    : t`Required only of the administrators holding one of these roles.`}
                </p>
                <div className="grid gap-3 sm:grid-cols-2">
                  {ADMIN_ROLES.map((role) => (
                    <Checkbox
                      key={role}
                      label={adminRoleLabel(role)}
                      hint={adminRoleDescription(role)}
                      checked={forAll || chosen.has(role)}
                      onChange={(e) => flip(role, e.target.checked)}
                    />
                  ))}
                </div>
              </fieldset>
            );
          }}
        />
      </div>
    </Card>
  );
}
