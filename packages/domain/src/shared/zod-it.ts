import { z } from 'zod';

/** Generic field messages (spec part 1 §5 "Campo obbligatorio"; the rest decided in docs/decisions/003). */
export const fieldMessages = {
  required: 'Campo obbligatorio',
  invalid: 'Valore non valido',
  tooLong: (max: number | bigint) => `Massimo ${max} caratteri`,
  tooShort: (min: number | bigint) => `Minimo ${min} caratteri`,
  unknownField: 'Campo non previsto',
} as const;

// Italian messages for every zod issue a schema does not word itself, on server and web alike.
z.config(z.locales.it());
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return fieldMessages.required;
    if (issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_format')
      return fieldMessages.invalid;
    if (issue.code === 'too_big' && issue.origin === 'string') return fieldMessages.tooLong(issue.maximum);
    if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1) return fieldMessages.required;
    if (issue.code === 'too_small' && issue.origin === 'string') return fieldMessages.tooShort(issue.minimum);
    if (issue.code === 'unrecognized_keys') return fieldMessages.unknownField;
    return undefined;
  },
});

export { z };
