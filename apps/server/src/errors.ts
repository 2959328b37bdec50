/** The one error type services throw; the error handler turns it into `{ message }` with its status. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly httpStatus: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new AppError('bad_request', message, 400);
export const unauthorized = (message: string) => new AppError('unauthorized', message, 401);
export const forbidden = (message: string) => new AppError('forbidden', message, 403);
export const notFound = (message: string) => new AppError('not_found', message, 404);
export const conflict = (message: string) => new AppError('conflict', message, 409);
export const tooMany = (message: string) => new AppError('too_many', message, 429);
