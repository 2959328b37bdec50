import { msg } from '@lingui/core/macro';

/**
 * The catalog entries of the API's error codes that any page can meet (issue 38; the public
 * catalog, loaded on every page). Nothing imports this list: the extractor reads it, and
 * `errorMessage` (api/client.ts) finds a translation by its id `error.<code>` in the active catalog,
 * so a code whose area is not loaded shows the server's English instead of an id. The English texts
 * are the server's messages (packages/contracts/src/messages.ts, apps/server/src/http/errors.ts).
 */
export const PUBLIC_ERROR_TEXTS = [
  msg({
    id: 'error.http.internal',
    message: 'Something went wrong on our side. Please try again. (ref {ref})',
  }),
  msg({
    id: 'error.http.service_unavailable',
    message: 'The service is briefly unavailable. Please try again in a moment.',
  }),
  msg({
    id: 'error.http.too_many_requests',
    message: 'Too many requests. Please wait a moment and try again.',
  }),
  msg({ id: 'error.msg.tooManyRequests', message: 'Too many requests.' }),
  msg({ id: 'error.msg.tooManyAttempts', message: 'Too many sign-in attempts. Try again later.' }),
  msg({ id: 'error.msg.sessionEnded', message: 'Your session has ended. Please sign in again.' }),
  msg({ id: 'error.msg.unauthenticated', message: 'Please sign in to continue' }),
  msg({ id: 'error.msg.forbidden', message: 'You are not allowed to do this' }),
  msg({ id: 'error.msg.notFound', message: 'Not found' }),
  // every `validation.<field>` code: the form's own checks already name the field in the language
  msg({
    id: 'error.validation',
    message: 'Some of what you entered was not accepted. Check the form and try again.',
  }),
];
