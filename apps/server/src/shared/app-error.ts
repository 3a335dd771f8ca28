import { httpMessages } from '@studiolo/domain/shared';

/** The closed set of failures a service may raise; each maps to one HTTP status. */
export const appErrorCodes = [
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'QUOTA_EXCEEDED',
] as const;
export type AppErrorCode = (typeof appErrorCodes)[number];

export const statusOf: Record<AppErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  QUOTA_EXCEEDED: 509,
};

/** A failure with its exact Italian answer; `fields` maps field paths to their messages. */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly answer: string | string[];
  readonly fields: Record<string, string> | undefined;
  readonly retryAfterMinutes: number | undefined;

  constructor(
    code: AppErrorCode,
    answer: string | string[],
    opts: { fields?: Record<string, string>; cause?: unknown; retryAfterMinutes?: number } = {},
  ) {
    super(Array.isArray(answer) ? answer.join('; ') : answer, { cause: opts.cause });
    this.name = 'AppError';
    this.code = code;
    this.answer = answer;
    this.fields = opts.fields;
    this.retryAfterMinutes = opts.retryAfterMinutes;
  }
}

export const notFound = () => new AppError('NOT_FOUND', httpMessages.notFound);
export const forbidden = (answer: string = httpMessages.forbidden) => new AppError('FORBIDDEN', answer);
export const unauthorized = () => new AppError('UNAUTHORIZED', httpMessages.unauthorized);
/** A single-field validation failure with the field's Italian message. */
export const invalidField = (field: string, message: string) =>
  new AppError('VALIDATION', message, { fields: { [field]: message } });
