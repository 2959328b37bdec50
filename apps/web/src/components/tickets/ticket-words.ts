import { MESSAGE_MAX, SUBJECT_MAX, TICKET_MSG } from '@app/contracts/tickets';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';

/**
 * The contract's ticket texts (TICKET_MSG) in the active language: the server's success messages
 * shown in toasts and the form checks of the shared zod schema, which both speak English. The
 * schema stays the one source of the rules; only its words are looked up here, by their English
 * text. Any other text comes back as it is.
 */
export function useTicketWords(): (text: string | undefined) => string | undefined {
  const { t } = useLingui();
  return useMemo(() => {
    const words = new Map<string, string>([
      [TICKET_MSG.created, t`Ticket created successfully!`],
      [TICKET_MSG.responded, t`Response added successfully!`],
      [TICKET_MSG.statusUpdated, t`Ticket status updated successfully!`],
      [TICKET_MSG.fallback, t`Something went wrong`],
      [TICKET_MSG.notFound, t`Ticket not found`],
      [
        TICKET_MSG.closed,
        t`This ticket is closed and no longer takes replies. Create a new query if you still need help.`,
      ],
      [TICKET_MSG.subjectRequired, t`Subject is required`],
      [TICKET_MSG.subjectTooLong, t`Subject must be at most ${SUBJECT_MAX} characters`],
      [TICKET_MSG.messageRequired, t`Message is required`],
      [TICKET_MSG.messageTooLong, t`Message must be at most ${MESSAGE_MAX} characters`],
    ]);
    return (text) => (text === undefined ? undefined : (words.get(text) ?? text));
  }, [t]);
}
