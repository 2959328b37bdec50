import { ADMIN_ROLES, type AdminRole } from '@app/contracts/admins';
import { Trans } from '@lingui/react/macro';
import { adminRoleDescription, adminRoleLabel } from '../../../app/admin-role-words';
import { Badge } from '../../../components/ui/Badge';
import { Checkbox } from '../../../components/ui/Input';

/** "Finance, Support": the roles in the contract's order. */
export function roleNames(roles: readonly AdminRole[]): string {
  return ADMIN_ROLES.filter((r) => roles.includes(r))
    .map(adminRoleLabel)
    .join(', ');
}

/** An admin's or an invitation's roles as badges, what each covers in the tooltip. */
export function RoleBadges({ roles }: { roles: readonly AdminRole[] }) {
  return (
    <span className="flex flex-wrap gap-1">
      {ADMIN_ROLES.filter((r) => roles.includes(r)).map((r) => (
        <span key={r} title={adminRoleDescription(r)}>
          <Badge tone={r === 'owner' ? 'accent' : 'neutral'}>{adminRoleLabel(r)}</Badge>
        </span>
      ))}
    </span>
  );
}

/** The role checkboxes of the invite and change-roles dialogs: each with what it covers. */
export function RoleCheckboxes({
  value,
  onChange,
  error,
  disabled,
}: {
  value: readonly AdminRole[];
  onChange: (roles: AdminRole[]) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const chosen = new Set(value);
  const flip = (role: AdminRole, on: boolean) =>
    onChange(ADMIN_ROLES.filter((r) => (r === role ? on : chosen.has(r))));
  return (
    <fieldset
      className="flex flex-col gap-3"
      disabled={disabled}
      aria-describedby={error ? 'roles-error' : undefined}
    >
      <legend className="mb-1 text-sm font-medium text-fg">
        <Trans>Roles</Trans>
      </legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {ADMIN_ROLES.map((role) => (
          <Checkbox
            key={role}
            label={adminRoleLabel(role)}
            hint={adminRoleDescription(role)}
            checked={chosen.has(role)}
            onChange={(e) => flip(role, e.target.checked)}
          />
        ))}
      </div>
      {error && (
        <p id="roles-error" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
