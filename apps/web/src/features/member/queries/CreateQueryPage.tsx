import {
  MESSAGE_MAX,
  SUBJECT_MAX,
  TICKET_CATEGORY,
  TICKET_PRIORITY,
  ticketCreateBody,
} from '@app/contracts/tickets';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft } from 'lucide-react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { ticketError, useCreateTicket } from '../../../api/tickets';
import { TextArea } from '../../../components/tickets/TextArea';
import { useTicketWords } from '../../../components/tickets/ticket-words';
import { Banner } from '../../../components/ui/Banner';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Input, Select } from '../../../components/ui/Input';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Segmented } from '../../../components/ui/Segmented';
import { TICKET_CATEGORY_LABEL, TICKET_PRIORITY_LABEL } from '../../../lib/ticket-labels';

type CreateInput = z.input<typeof ticketCreateBody>;

export default function CreateQueryPage() {
  const create = useCreateTicket();
  const navigate = useNavigate();
  const { t, i18n } = useLingui();
  const say = useTicketWords();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<CreateInput, unknown, z.output<typeof ticketCreateBody>>({
    resolver: zodResolver(ticketCreateBody),
    defaultValues: { subject: '', message: '', category: 'general', priority: 'normal' },
  });
  const length = watch('message')?.length ?? 0;

  const onSubmit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (res) => {
        toast.success(say(res.message) ?? res.message);
        navigate(`/user/queries/${res.ticket.ticket_id}`);
      },
    }),
  );
  const busy = create.isPending;

  return (
    <div className="flex flex-col gap-6">
      <title>{t`New query · EarnHub`}</title>
      <div>
        <Link to="/user/queries" className="inline-flex items-center gap-1 text-sm text-muted hover:text-fg">
          <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" /> <Trans>All queries</Trans>
        </Link>
      </div>
      <PageHeader
        title={t`New query`}
        description={t`Tell support what happened. Include amounts, dates and transaction ids where they help.`}
      />
      <Card className="max-w-2xl">
        <form onSubmit={onSubmit} noValidate aria-label={t`New query`} className="flex flex-col gap-4">
          {create.isError && <Banner tone="error">{say(ticketError(create.error))}</Banner>}
          <Input
            label={t`Subject`}
            placeholder={t`e.g. My deposit of 50 USDT is not credited`}
            maxLength={SUBJECT_MAX}
            style={{ unicodeBidi: 'plaintext' }}
            disabled={busy}
            error={say(errors.subject?.message)}
            {...register('subject')}
          />
          <Select
            label={t`Category`}
            disabled={busy}
            error={errors.category?.message}
            {...register('category')}
          >
            {TICKET_CATEGORY.map((c) => (
              <option key={c} value={c}>
                {i18n._(TICKET_CATEGORY_LABEL[c])}
              </option>
            ))}
          </Select>
          <Segmented
            legend={t`Priority`}
            columns="grid-cols-3"
            disabled={busy}
            options={TICKET_PRIORITY.map((p) => ({ value: p, label: i18n._(TICKET_PRIORITY_LABEL[p].text) }))}
            {...register('priority')}
          />
          <TextArea
            label={t`Message`}
            rows={7}
            placeholder={t`Describe your question or problem`}
            maxLength={MESSAGE_MAX}
            disabled={busy}
            error={say(errors.message?.message)}
            // "28 / 5000" left to right in an Arabic page too (an isolate: it read "5000 / 28")
            hint={`\u2066${length} / ${MESSAGE_MAX}\u2069`}
            {...register('message')}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Link to="/user/queries" className={buttonClass('secondary')}>
              <Trans>Cancel</Trans>
            </Link>
            <Button type="submit" busy={busy}>
              <Trans>Send query</Trans>
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
