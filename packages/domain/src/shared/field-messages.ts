/** Generic field messages (spec part 1 §5 "Campo obbligatorio"; the rest decided in docs/decisions/003). */
export const fieldMessages = {
  required: 'Campo obbligatorio',
  invalid: 'Valore non valido',
  tooLong: (max: number | bigint) => `Massimo ${max} caratteri`,
  tooShort: (min: number | bigint) => `Minimo ${min} caratteri`,
  unknownField: 'Campo non previsto',
} as const;
