import { randomUUID } from 'node:crypto';
import type { StudioInput } from '@studiolo/domain/studio';

/** A unique e-mail per call: tests isolate by creating their own users and studios. */
export const uniqueEmail = (prefix = 'utente') => `${prefix}.${randomUUID().slice(0, 8)}@example.it`;

export const testPassword = 'una-password-sicura';

/** Valid studio data of a physiotherapist (FISICA), as the on-boarding form sends it. */
export const validStudioInput = (overrides: Partial<StudioInput> = {}): StudioInput => ({
  tipologiaPersona: 'FISICA',
  nome: 'Mario',
  cognome: 'Rossi',
  ragioneSociale: null,
  sesso: 'U',
  codiceFiscale: 'RSSMRA85T10A562S',
  partitaIva: '01234567897',
  iscrizioneAlbo: 'Albo FT n. 1234 Bologna',
  professione: 'Fisioterapista',
  contatti: { email: 'studio@example.it', cellulare: '+39 333 1234567', telefono: null, pec: null },
  residenza: { indirizzo: 'Via Roma 1', cap: '40100', comune: 'Bologna', provincia: 'BO' },
  coordinateBancarie: { intestatario: 'Mario Rossi', nomeBanca: 'Banca di Bologna', iban: 'IT60X0542811101000000123456', bicSwift: null },
  tassazione: { regimeFiscale: 'RF_19' },
  ...overrides,
});
