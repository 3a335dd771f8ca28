import type { UseFormReturnType } from '@mantine/form';
import { isHttpError } from './http.ts';

/**
 * Copies the field messages of a 400 answer ({fields: {path: message}}) onto the form, so the server's
 * message shows under the input it belongs to. `prefix` strips a wrapper of the body (e.g. "studio.").
 */
export const applyServerFieldErrors = <T>(
  form: Pick<UseFormReturnType<T>, 'setErrors'>,
  error: unknown,
  prefix = '',
) => {
  if (!isHttpError(error)) return;
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(error.fields)) {
    if (prefix && !path.startsWith(prefix)) continue;
    errors[path.slice(prefix.length)] = message;
  }
  if (Object.keys(errors).length > 0) form.setErrors(errors);
};

/** Upper-cases what the user types (tax codes, provinces). */
export const upperCaseInput = (value: string) => value.toUpperCase();

/**
 * Marks a field as required. Mantine's withAsterisk puts " *" inside the label text, so the label no longer
 * reads exactly "Nome" (tests by label, some screen readers); here the label stays plain, the mark is drawn
 * by CSS (app/global.css) and assistive technology gets aria-required.
 */
export const requiredField = { labelProps: { 'data-required': true }, 'aria-required': true } as const;
/** The same for groups (radio groups), whose wrapper is not an input. */
export const requiredGroup = { labelProps: { 'data-required': true } } as const;
