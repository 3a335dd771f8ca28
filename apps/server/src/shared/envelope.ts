import type { Envelope } from '@studiolo/domain/shared';

/** A SUCCESS envelope, with an optional message shown to the user as a toast. */
export const ok = <T>(response: T, answer?: string, warnings?: string[]): Envelope<T> => ({
  code: 'SUCCESS',
  response,
  ...(answer ? { answer } : {}),
  ...(warnings?.length ? { warnings } : {}),
});
