import { NOTIFICATION_TYPES, notificationCreateBody } from '@app/contracts/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { ClipboardList } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { errorMessage } from '../../../api/client';
import { useCreateNotification } from '../../../api/notifications';
import { TextArea } from '../../../components/tickets/TextArea';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ErrorDialog } from '../../../components/ui/ErrorDialog';
import { Checkbox, Input, Select } from '../../../components/ui/Input';
import { PageHeader } from '../../../components/ui/PageHeader';
import { SuccessPopup } from '../../../components/ui/SuccessPopup';
import { BannerUploadCard } from './BannerUploadCard';
import { TYPE_LABEL } from './labels';
import { type Recipient, RecipientPicker } from './RecipientPicker';

type FormIn = z.input<typeof notificationCreateBody>;
type FormOut = z.output<typeof notificationCreateBody>;

const DEFAULTS: FormIn = { title: '', message: '', users: true, type: 'notification', recipients: [] };

/** Spec 2.3 Create Notification, validated by the server's own schema (spec 5 messages). */
function CreateNotificationForm() {
  const { t, i18n } = useLingui();
  const create = useCreateNotification();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The picked members with their emails (the form itself holds only their ids).
  const [picked, setPicked] = useState<Recipient[]>([]);
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    reset,
    formState: { errors, isSubmitted },
  } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(notificationCreateBody),
    defaultValues: DEFAULTS,
  });
  const allUsers = watch('users');

  const pick = (next: Recipient[]) => {
    setPicked(next);
    setValue(
      'recipients',
      next.map((r) => r.id),
      { shouldValidate: isSubmitted },
    );
  };

  const allUsersField = register('users', {
    // Spec 5: checking All Users clears the selected recipients.
    onChange: (e: { target: { checked: boolean } }) => {
      if (e.target.checked) pick([]);
    },
  });

  const submit = (body: FormOut) =>
    create.mutate(body, {
      onSuccess: (data) => {
        setDone(data.message);
        reset(DEFAULTS);
        setPicked([]);
      },
      onError: (error) => setFailure(errorMessage(error)),
    });

  const busy = create.isPending;
  return (
    <Card title={t`New notification`}>
      <form
        onSubmit={handleSubmit(submit)}
        noValidate
        className="flex flex-col gap-4"
        aria-label={t`Create notification`}
      >
        <Input
          label={t`Title`}
          autoComplete="off"
          disabled={busy}
          error={errors.title?.message}
          {...register('title')}
        />
        <TextArea
          label={t`Message`}
          rows={5}
          disabled={busy}
          error={errors.message?.message}
          {...register('message')}
        />
        <Checkbox
          label={t`All Users`}
          hint={allUsers ? t`Every member receives it.` : t`Only the members you pick below receive it.`}
          disabled={busy}
          {...allUsersField}
        />
        <Select
          label={t`Type`}
          disabled={busy}
          error={errors.type?.message}
          hint={t`A site popup opens once in the member area, the next time each recipient visits it.`}
          className="sm:max-w-md"
          {...register('type')}
        >
          {NOTIFICATION_TYPES.map((type) => (
            <option key={type} value={type}>
              {i18n._(TYPE_LABEL[type])}
            </option>
          ))}
        </Select>
        {!allUsers && (
          <RecipientPicker
            selected={picked}
            onChange={pick}
            error={errors.recipients?.message}
            disabled={busy}
          />
        )}
        <Button type="submit" busy={busy} className="self-start">
          <Trans>Create</Trans>
        </Button>
      </form>
      <SuccessPopup message={done} clear={() => setDone(null)} />
      <ErrorDialog open={failure !== null} message={failure ?? ''} onClose={() => setFailure(null)} />
    </Card>
  );
}

export default function CreateNotificationPage() {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-6">
      <title>{t`Create notification · EarnHub admin`}</title>
      <PageHeader
        title={t`Create notification`}
        description={t`Send a notice to every member or to the members you pick, and set the dashboard banner.`}
        actions={
          <Link to="/admin/notification/list" className={buttonClass('secondary')}>
            <ClipboardList className="size-4" aria-hidden="true" />
            <Trans>Notification list</Trans>
          </Link>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
        <CreateNotificationForm />
        <BannerUploadCard />
      </div>
    </div>
  );
}
