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

/**
 * For a route whose answer is many rows built by a typed mapping (toPatient): the schema still documents the answer,
 * but it is not checked again on the way out, which on a busy page cost more than the JSON itself (decision 015; GET
 * /events, whose answers are kept ready to send, skips the check the same way, decision 016). Only for answers that
 * never carry a row's columns as they are.
 */
export const mappedAnswerSerializer = () => (data: unknown) => JSON.stringify(data);
