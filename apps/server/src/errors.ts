/**
 * What an answer says beside a message that carries values (issue 38): a stable `code` and the
 * values, so the web app can say the same sentence in the member's language.
 */
export interface ErrorAnswer {
  code: string;
  params: Record<string, string>;
}

/** The one error type services throw; the error handler turns it into `{ message, code }` with its status. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly httpStatus: number,
    readonly answer?: ErrorAnswer,
  ) {
    super(message);
  }
}

/** A 400 or 409 whose English names values: answered with `code` and `params` too (http/errors.ts). */
export const withValues = (
  status: 400 | 409,
  message: string,
  code: string,
  params: Record<string, string>,
) => new AppError(status === 400 ? 'bad_request' : 'conflict', message, status, { code, params });

export const badRequest = (message: string) => new AppError('bad_request', message, 400);
export const unauthorized = (message: string) => new AppError('unauthorized', message, 401);
export const forbidden = (message: string) => new AppError('forbidden', message, 403);
export const notFound = (message: string) => new AppError('not_found', message, 404);
export const conflict = (message: string) => new AppError('conflict', message, 409);
export const tooMany = (message: string) => new AppError('too_many', message, 429);
