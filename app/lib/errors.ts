export type FieldError = { field: string; message: string };

/**
 * An error a caller can act on: its message is safe to show, its status is the
 * HTTP status the `/api` adapter answers with.
 */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429,
    message: string,
    readonly extra: { details?: FieldError[]; retryAfter?: number; [key: string]: unknown } = {},
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
