import type { Envelope } from '@studiolo/domain/shared';

/** A SUCCESS envelope, with an optional message shown to the user as a toast. */
export const ok = <T>(response: T, answer?: string, warnings?: string[]): Envelope<T> => ({
  code: 'SUCCESS',
  response,
  ...(answer ? { answer } : {}),
  ...(warnings?.length ? { warnings } : {}),
});

/** A success that needs the user's attention (spec part 1 §8 code ALERT): the answer shows as a warning. */
export const alert = <T>(response: T, answer: string): Envelope<T> => ({ code: 'ALERT', response, answer });
