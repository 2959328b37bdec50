import { PASSWORD_MSG } from '@app/contracts/password-rules';
import {
  ACTIVE_STATE,
  type adminUpdateBody,
  ROLES,
  SWITCH_STATE,
  USER_STATUS,
  type User,
} from '@app/contracts/users';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Input, Select } from '../../../components/ui/Input';

/** Every field of the form is text, as the inputs give it; the server parses (spec 5: no client-side validation). */
interface FormValues {
  username: string;
  email: string;
  password: string;
  role: User['role'];
  status: User['status'];
  is_active: User['is_active'];
  roi_status: User['roi_status'];
  level_status: User['level_status'];
  address: string;
  business: string;
  business_balance: string;
  fullname: string;
  phone: string;
  reffer_by: string;
}

function valuesOf(user: User): FormValues {
  return {
    username: user.username,
    email: user.email,
    // Never the current password (the API does not have it in clear): filled in only to set a new one.
    password: '',
    role: user.role,
    status: user.status,
    is_active: user.is_active,
    roi_status: user.roi_status,
    level_status: user.level_status,
    address: user.address,
    business: String(user.business),
    business_balance: String(user.business_balance),
    fullname: user.fullname,
    phone: user.phone,
    reffer_by: user.reffer_by ?? '',
  };
}

export type AdminUpdate = z.input<typeof adminUpdateBody>;

interface Props {
  user: User;
  saving: boolean;
  onSave: (body: AdminUpdate) => void;
  /** What the last save answered (spec 2.2's success or error banner), shown beside Save Changes. */
  feedback?: ReactNode;
  /** Why this admin may only read the record (their roles): the fields are disabled, no Save. */
  readOnly?: string | null;
}

/**
 * Spec 2.2 "Editable Details". Only the fields the admin changed are sent, plus updated_at; an empty
 * password is left out. The parent remounts this form (key = updated_at) after a save, so it starts
 * again from the saved record with an empty password.
 */
export function EditableDetailsForm({ user, saving, onSave, feedback, readOnly }: Props) {
  const member = user.role === 'user';
  const { t } = useLingui();
  const rule = PASSWORD_MSG.anyHint;
  const {
    register,
    handleSubmit,
    formState: { dirtyFields },
  } = useForm<FormValues>({ defaultValues: valuesOf(user) });

  const onSubmit = handleSubmit((values) => {
    const body: Record<string, unknown> = {};
    for (const key of Object.keys(dirtyFields) as Array<keyof FormValues>) {
      if (key !== 'role') body[key] = values[key];
    }
    if (!values.password) delete body.password;
    onSave({ ...(body as AdminUpdate), updated_at: new Date().toISOString() });
  });

  const options = (values: readonly string[]) =>
    values.map((v) => (
      <option key={v} value={v}>
        {v}
      </option>
    ));

  return (
    <Card title={t`Editable Details`}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t`Editable Details`}>
        <fieldset disabled={Boolean(readOnly)} className="contents">
          <div className="grid gap-4 sm:grid-cols-2">
            <Input label={t`Username`} autoComplete="off" {...register('username')} />
            <Input
              label={t`Email`}
              type="text"
              autoComplete="off"
              hint={
                member
                  ? t`A new address waits for a second admin to approve it; the old address is told, and withdrawals pause for a while.`
                  : undefined
              }
              {...register('email')}
            />
            {/* Spec 2.2's Password, shown as plain text, is always empty: only a hash is stored, so
                the field can only set a new one (docs/decisions/identity.md). A member's is theirs alone: staff
                never set it (issue 36); the member resets it by the link. */}
            <Input
              label={t`Set a new password`}
              type="text"
              autoComplete="off"
              spellCheck={false}
              disabled={member}
              placeholder={member ? t`Only the member sets it` : t`Leave empty to keep the current one`}
              hint={
                member
                  ? t`Staff never set a member’s password: the member chooses a new one with the reset link (Forgot password).`
                  : t`Empty keeps the current password. A new one signs the account out everywhere. ${rule}.`
              }
              {...register('password')}
            />
            <Select label={t`Role`} {...register('role', { disabled: true })}>
              {options(ROLES)}
            </Select>
            <Select label={t`Status`} {...register('status')}>
              {options(USER_STATUS)}
            </Select>
            <Select label={t`Is Active`} {...register('is_active')}>
              {options(ACTIVE_STATE)}
            </Select>
            <Select label={t`Roi Status`} {...register('roi_status')}>
              {options(SWITCH_STATE)}
            </Select>
            <Select label={t`level status`} {...register('level_status')}>
              {options(SWITCH_STATE)}
            </Select>
          </div>
          <Input label={t`Address`} autoComplete="off" {...register('address')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Input
              label={t`Business`}
              type="number"
              step="any"
              inputMode="decimal"
              hint={t`The member record's own Business field (spec 2.2), edited here. Not the team business: that one is under Account facts.`}
              {...register('business')}
            />
            <Input
              label={t`Business Balance`}
              type="number"
              step="any"
              inputMode="decimal"
              hint={t`A ledger balance: change it by recording a deposit or an adjustment.`}
              {...register('business_balance')}
            />
            <Input label={t`Full Name`} autoComplete="off" {...register('fullname')} />
            <Input label={t`Phone`} type="number" inputMode="numeric" {...register('phone')} />
            <Input label={t`Refferal By`} autoComplete="off" {...register('reffer_by')} />
          </div>
        </fieldset>
        {readOnly ? (
          <p className="text-sm text-muted">{readOnly}</p>
        ) : (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-end">
            {/* Always present, so screen readers hear the banner appear; empty, it takes no room. */}
            <div aria-live="polite" className="empty:hidden sm:min-w-0 sm:flex-1" data-testid="save-feedback">
              {feedback}
            </div>
            <Button type="submit" busy={saving} className="self-end sm:self-auto">
              <Trans>Save Changes</Trans>
            </Button>
          </div>
        )}
      </form>
    </Card>
  );
}
