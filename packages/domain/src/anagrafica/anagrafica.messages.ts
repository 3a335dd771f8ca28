/** Exact field messages of spec part 1 §5 and part 2 §5. */
export const anagraficaMessages = {
  required: 'Campo obbligatorio',
  emailInvalid: 'Email non valida',
  pecInvalid: 'Pec non valida',
  phoneInvalid: 'Numero non valido',
  // decision 012: what a valid number looks like, shown under a phone field the rule refused
  phoneExpected: 'Cifre, spazi, trattini e parentesi, almeno 3; il + solo all’inizio (ad es. +39 333 1234567).',
  studioContactsRequired: "Si prega di inserire almeno un contatto telefonico e un'email valida.",
  codiceFiscaleInvalidStudio: 'Cod.Fiscale non valido',
  codiceFiscaleInvalid: 'Codice fiscale non valido',
  codiceFiscaleLength: 'Lunghezza codice fiscale non valida',
  codiceFiscaleFormat: 'Formato codice fiscale non valido',
  codiceFiscaleBirthDate: 'Data di nascita non valida (ad es. 31 febbraio)',
  codiceFiscaleMonth: 'Carattere mese non valido nel codice fiscale',
  partitaIvaInvalid: 'Partita IVA non valida',
  provinciaInvalid: 'Provincia non valida',
  capInvalid: 'CAP non valido',
  indirizzoInvalid: 'Indirizzo non valido',
  ibanInvalid: 'IBAN non valido',
  codiceDestinatarioInvalid: 'Codice non valido',
  // spec part 1 §5: a failed health-card (Tessera Sanitaria) read, answered by the parser of this area
  healthCardReadFailed: 'Lettura tessera non riuscita, riprovare',
} as const;
