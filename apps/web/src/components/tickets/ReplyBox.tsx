import { MESSAGE_MAX, TICKET_MSG, ticketResponseBody } from '@app/contracts/tickets';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { Lock, Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import type { Side } from '../../api/auth-store';
import { ticketError, useReplyTicket } from '../../api/tickets';
import { Banner } from '../ui/Banner';
import { Button } from '../ui/Button';
import { TextArea } from './TextArea';
import { useTicketWords } from './ticket-words';

type ReplyInput = z.input<typeof ticketResponseBody>;

interface ReplyBoxProps {
  ticketId: number;
  as: Side;
  closed: boolean;
  /** Under the box: what sending does (e.g. "The member is e-mailed"). */
  note?: string;
}

/** The reply form under a conversation; a closed ticket shows why it takes no replies instead. */
export function ReplyBox({ ticketId, as, closed, note }: ReplyBoxProps) {
  const reply = useReplyTicket(ticketId, as);
  const { t } = useLingui();
  const say = useTicketWords();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<ReplyInput, unknown, z.output<typeof ticketResponseBody>>({
    resolver: zodResolver(ticketResponseBody),
    defaultValues: { message: '' },
  });
  const length = watch('message')?.length ?? 0;

  if (closed) {
    return (
      <div className="flex items-start gap-2 rounded-xl border border-line bg-subtle px-4 py-3 text-sm text-muted">
        <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {/* "Create a new query" is the member's way on; support reopens the ticket instead */}
        <p>
          {as === 'admin'
            ? t`This ticket is closed and takes no more replies. Set its status to Open or In progress to answer again.`
            : say(TICKET_MSG.closed)}
        </p>
      </div>
    );
  }

  const onSubmit = handleSubmit(({ message }) =>
    reply.mutate(message, {
      onSuccess: (res) => {
        toast.success(say(res.message) ?? res.message);
        reset();
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t`Reply`} className="flex flex-col gap-3">
      {reply.isError && <Banner tone="error">{say(ticketError(reply.error))}</Banner>}
      <TextArea
        label={t`Your reply`}
        rows={4}
        placeholder={t`Write your reply…`}
        disabled={reply.isPending}
        error={say(errors.message?.message)}
        // "28 / 5000" left to right in an Arabic page too (an isolate: it read "5000 / 28")
        hint={`\u2066${length} / ${MESSAGE_MAX}\u2069`}
        maxLength={MESSAGE_MAX}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void onSubmit();
        }}
        {...register('message')}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted">{note ?? t`Ctrl + Enter sends.`}</p>
        <Button type="submit" busy={reply.isPending}>
          <Send className="size-4 rtl:-scale-x-100" aria-hidden="true" /> <Trans>Send reply</Trans>
        </Button>
      </div>
    </form>
  );
}
