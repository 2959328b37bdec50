import type { Settings, Switch } from '@app/contracts/settings';
import { zodResolver } from '@hookform/resolvers/zod';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowRight, History } from 'lucide-react';
import { useMemo, useState } from 'react';
import { type Control, Controller, type FieldPath, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { useSaveSettings, useSettings } from '../../../api/settings';
import { Banner } from '../../../components/ui/Banner';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Input } from '../../../components/ui/Input';
import { PageHeader } from '../../../components/ui/PageHeader';
import { PageSpinner } from '../../../components/ui/Spinner';
import { Toggle } from '../../../components/ui/Toggle';
import { cn } from '../../../lib/cn';
import { CompensationCard } from './CompensationCard';
import { PrincipalTiers } from './PrincipalTiers';
import {
  changesBetween,
  fieldOfError,
  fromForm,
  LABELS,
  type SettingChange,
  type SettingsFormInput,
  type SettingsFormOutput,
  SWITCH_GROUPS,
  SWITCH_TEXT,
  settingsForm,
  toForm,
} from './settings-form';
import { TotpRequirementCard } from './TotpRequirementCard';

export default function SettingsPage() {
  const settings = useSettings('admin');
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-6">
      <title>{t`Settings · EarnHub admin`}</title>
      <PageHeader
        title={t`Settings`}
        description={t`Open or close parts of the platform, set the withdrawal minimum and fees, the compensation rules, and how the site presents itself. Every change is recorded in the audit log.`}
        actions={
          <Link to="/admin/audit?target_type=settings" className={buttonClass('secondary', 'md')}>
            <History className="size-4" aria-hidden="true" /> <Trans>Settings history</Trans>
          </Link>
        }
      />
      {settings.error && <Banner tone="error">{errorMessage(settings.error)}</Banner>}
      {settings.data ? (
        <SettingsForm current={settings.data} />
      ) : (
        !settings.error && <PageSpinner label={t`Loading settings`} />
      )}
    </div>
  );
}

/** "Saved one change: Withdrawals Closed." / "Saved 2 changes: ...; ...." */
function savedText(saved: SettingChange[], i18n: I18n) {
  const list = saved.map(({ label, to }) => i18n._(msg`${label} ${to}`)).join('; ');
  const count = saved.length;
  return plural(count, { one: `Saved one change: ${list}.`, other: `Saved # changes: ${list}.` });
}

function SettingsForm({ current }: { current: Settings }) {
  const save = useSaveSettings();
  const [pending, setPending] = useState<{ next: Settings; changes: SettingChange[] } | null>(null);
  const [saved, setSaved] = useState<SettingChange[] | null>(null);
  const { t, i18n } = useLingui();
  const schema = useMemo(() => settingsForm(i18n), [i18n]);
  const form = useForm<SettingsFormInput, unknown, SettingsFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: toForm(current),
  });
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = form;

  // the review dialog's title counts the changes to save
  const count = pending?.changes.length ?? 0;
  const review = handleSubmit((values) => {
    const next = fromForm(values);
    const changes = changesBetween(current, next);
    if (changes.length === 0) {
      toast(t`Nothing to change: these are the settings in force.`);
      reset(toForm(current));
      return;
    }
    save.reset();
    setSaved(null);
    setPending({ next, changes });
  });

  const confirm = () => {
    if (!pending) return;
    const patch = Object.fromEntries(pending.changes.map((c) => [c.key, pending.next[c.key]]));
    save.mutate(patch, {
      onSuccess: (data) => {
        toast.success(data.message);
        setSaved(pending.changes);
        setPending(null);
        reset(toForm(data.settings));
      },
      onError: (error) => {
        // a refusal that names a field goes under that field
        const field = fieldOfError(errorMessage(error));
        if (field && field.path.split('.')[0]! in LABELS) {
          setError(
            field.path as FieldPath<SettingsFormInput>,
            { message: field.message },
            { shouldFocus: true },
          );
          setPending(null);
        }
      },
    });
  };

  return (
    <form onSubmit={review} noValidate aria-label={t`Platform settings`} className="flex flex-col gap-6">
      {saved && <Banner tone="success">{savedText(saved, i18n)}</Banner>}
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-6">
          {SWITCH_GROUPS.map((group) => (
            <Card key={group.keys[0]} title={i18n._(group.title)}>
              <div className="flex flex-col divide-y divide-line">
                {group.keys.map((key) => (
                  <SwitchRow key={key} name={key} control={control} />
                ))}
              </div>
            </Card>
          ))}
          <TotpRequirementCard control={control} />
          <CompensationCard form={form} />
        </div>
        <div className="flex flex-col gap-6">
          <Card title={t`Minimums and fees`}>
            <div className="flex flex-col gap-4">
              <div className="grid gap-4 sm:grid-cols-2">
                <Input
                  label={t`Withdrawal minimum (USDT)`}
                  inputMode="decimal"
                  autoComplete="off"
                  error={errors.withdrawal_min?.message}
                  hint={t`The smallest amount a member may request.`}
                  {...register('withdrawal_min')}
                />
                <Input
                  label={t`Profit withdrawal fee (%)`}
                  inputMode="decimal"
                  autoComplete="off"
                  error={errors.fee_profit_percent?.message}
                  hint={t`From the earnings wallet.`}
                  {...register('fee_profit_percent')}
                />
                <Input
                  label={t`ROI withdrawal fee (%)`}
                  inputMode="decimal"
                  autoComplete="off"
                  error={errors.fee_roi_percent?.message}
                  hint={t`From the ROI wallet.`}
                  {...register('fee_roi_percent')}
                />
                <Input
                  label={t`Compound withdrawal fee (%)`}
                  inputMode="decimal"
                  autoComplete="off"
                  error={errors.fee_compound_percent?.message}
                  hint={t`From the compound wallet.`}
                  {...register('fee_compound_percent')}
                />
                <Input
                  label={t`Hold after an account change (hours)`}
                  inputMode="numeric"
                  autoComplete="off"
                  className="sm:col-span-2"
                  error={errors.account_change_hold_hours?.message}
                  hint={t`A member's new password, e-mail or payout address pauses their withdrawals and transfers to other members this long; the old e-mail is told either way. 0: no pause.`}
                  {...register('account_change_hold_hours')}
                />
                <Input
                  label={t`One admin alone, per day (USDT)`}
                  inputMode="decimal"
                  autoComplete="off"
                  error={errors.four_eyes_admin_daily?.message}
                  hint={t`Deposits, payments and withdrawals one admin approves alone count toward this over 24 h; past it a second admin must approve.`}
                  {...register('four_eyes_admin_daily')}
                />
                <Input
                  label={t`One member by solo approvals, per day (USDT)`}
                  inputMode="decimal"
                  autoComplete="off"
                  error={errors.four_eyes_member_daily?.message}
                  hint={t`What reaches or leaves one member through approvals by a single admin over 24 h; past it a second admin must approve.`}
                  {...register('four_eyes_member_daily')}
                />
              </div>
              <PrincipalTiers control={control} form={form} />
            </div>
          </Card>
          <Card title={t`Site and contact`}>
            <div className="grid gap-4 sm:grid-cols-2">
              <Input
                label={t`Site name`}
                autoComplete="off"
                className="sm:col-span-2"
                error={errors.site_name?.message}
                hint={t`Shown to visitors with the contact details when registration or sign-in is closed; blocked members are given the contact details at sign-in.`}
                {...register('site_name')}
              />
              <Input
                label={t`Contact email`}
                type="email"
                autoComplete="off"
                error={errors.contact_email?.message}
                {...register('contact_email')}
              />
              <Input
                label={t`Contact phone`}
                type="tel"
                autoComplete="off"
                error={errors.contact_phone?.message}
                hint={t`With the country code, e.g. +44 7700 900123`}
                {...register('contact_phone')}
              />
              <Input
                label={t`Telegram`}
                autoComplete="off"
                error={errors.contact_telegram?.message}
                hint={t`A username, e.g. @earnhub_support`}
                {...register('contact_telegram')}
              />
            </div>
          </Card>
        </div>
      </div>

      <div
        className={cn(
          'flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-surface/95 px-4 py-3',
          // while there is something to save, the bar follows the scroll
          isDirty ? 'sticky bottom-2 z-10 shadow-lg backdrop-blur' : 'shadow-sm',
        )}
      >
        <p className="text-sm text-muted" aria-live="polite">
          {isDirty ? t`You have unsaved changes.` : t`These are the settings in force.`}
        </p>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            disabled={!isDirty || save.isPending}
            onClick={() => reset(toForm(current))}
          >
            <Trans>Discard</Trans>
          </Button>
          <Button type="submit" disabled={!isDirty}>
            <Trans>Review and save</Trans>
          </Button>
        </div>
      </div>

      <ConfirmDialog
        open={pending !== null}
        title={plural(count, { one: 'Save this change?', other: 'Save # changes?' })}
        description={t`They apply at once to every member and are recorded in the audit log.`}
        confirmLabel={t`Save changes`}
        busy={save.isPending}
        onConfirm={confirm}
        onCancel={() => {
          if (save.isPending) return;
          save.reset();
          setPending(null);
        }}
      >
        {save.isError && <Banner tone="error">{errorMessage(save.error)}</Banner>}
        <ul className="flex flex-col divide-y divide-line rounded-lg border border-line bg-subtle/60 px-3 text-sm">
          {pending?.changes.map((c) => (
            <li key={c.key} className="flex flex-col gap-0.5 py-2">
              <span className="font-medium text-fg">{c.label}</span>
              <span className="flex flex-wrap items-center gap-1.5 text-muted">
                <span className="line-through decoration-muted/60">{c.from}</span>
                <ArrowRight className="size-3.5 shrink-0" aria-label={t`becomes`} />
                <span className="font-medium text-fg">{c.to}</span>
              </span>
            </li>
          ))}
        </ul>
      </ConfirmDialog>
    </form>
  );
}

function SwitchRow({
  name,
  control,
}: {
  name: Switch;
  control: Control<SettingsFormInput, unknown, SettingsFormOutput>;
}) {
  const { t, i18n } = useLingui();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <div className="py-3 first:pt-0 last:pb-0">
          <Toggle
            label={i18n._(LABELS[name])}
            description={i18n._(SWITCH_TEXT[name])}
            checked={field.value}
            onChange={field.onChange}
            onText={t`Open`}
            offText={t`Closed`}
          />
        </div>
      )}
    />
  );
}
