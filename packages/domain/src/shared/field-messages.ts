/** Generic field messages (spec part 1 §5 "Campo obbligatorio"; the rest decided in docs/decisions/003). */
export const fieldMessages = {
  required: 'Campo obbligatorio',
  invalid: 'Valore non valido',
  tooLong: (max: number | bigint) => `Massimo ${max} caratteri`,
  tooShort: (min: number | bigint) => `Minimo ${min} caratteri`,
  unknownField: 'Campo non previsto',
  /** decided (decision 033): a control character, a NUL or half of an emoji in a text */
  controlCharacters: 'Il testo contiene caratteri non consentiti',
  /** decided (decision 033): a line break or a tab in a one-line text (a name, a title) */
  lineBreak: 'Il testo non può andare a capo',
} as const;
