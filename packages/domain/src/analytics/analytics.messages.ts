/** Italian messages of the analytics API (spec part 1 §9: dates on the wire are YYYY-MM-DD). */
export const analyticsMessages = {
  invalidDate: 'Data non valida (formato AAAA-MM-GG)',
  endBeforeStart: 'La data di fine non può precedere la data di inizio',
  rangeTooLong: 'Il periodo non può superare 10 anni',
  invalidGranularity: 'Granularità non valida (DAILY, MONTHLY o BOTH)',
  invalidTags: 'Etichette non valide',
} as const;
