import { isCompleteAddress } from '../anagrafica/address-complete.ts';
import { displayNameOf } from '../anagrafica/display-name.ts';
import type { Patient, PatientData } from './patient.schema.ts';

// The patient rules a page may need without validating anything: kept apart from the schemas, so that a page that
// only lists patients does not load zod (decision 027).

export const patientStates = ['ACTIVE', 'UNACTIVE'] as const;
export type PatientState = (typeof patientStates)[number];
/** The home country (spec part 1 §3: nazionalita defaults to it). */
export const homeCountry = 'IT';

/** Display name (spec part 1 §3): family name then given name for a person, the company name otherwise. */
export const patientDisplayName = displayNameOf;

/**
 * Whether an invoice can be issued to the patient as registered: who they are (name or company), a fiscal
 * identity (codice fiscale or partita IVA), a complete address, and for a public administration its 6-character
 * office code (FatturaPA FPA12 needs it).
 */
export const isValidForFattura = (p: Pick<PatientData, 'datiGenerali' | 'residenza'>): boolean => {
  const g = p.datiGenerali;
  const named = g.tipologiaPersona === 'FISICA' ? Boolean(g.nome && g.cognome) : Boolean(g.ragioneSociale);
  const fiscalIdentity = Boolean(g.codiceFiscale || g.partitaIva);
  const recipient =
    g.tipologiaPersona === 'GIURIDICA' && g.isPubblicaAmministrazione ? g.codiceDestinatario?.length === 6 : true;
  return named && fiscalIdentity && recipient && isCompleteAddress(p.residenza);
};

/** spec part 2 §5: natural persons opposing transmission to the health system are flagged 'Si oppone al TS.'. */
export const opposesSistemaTs = (p: Pick<Patient, 'datiGenerali' | 'datiSanitari'>): boolean =>
  p.datiGenerali.tipologiaPersona === 'FISICA' && !p.datiSanitari.trasmissioneSistemaSanitario;

/**
 * The text a patient is found by: names, company, fiscal code, VAT, e-mail, PEC and phones, lower case without
 * accents; phones also as bare digits so "333 12" and "33312" both match.
 */
export const patientSearchText = (p: Pick<PatientData, 'datiGenerali' | 'contatti'>): string => {
  const g = p.datiGenerali;
  const c = p.contatti;
  const phones = [c.cellulare, c.telefono].filter(Boolean).map((n) => (n as string).replace(/[^0-9+]/g, ''));
  return normalizeSearchText(
    [g.cognome, g.nome, g.ragioneSociale, g.codiceFiscale, g.partitaIva, c.email, c.pec, ...phones]
      .filter(Boolean)
      .join(' '),
  );
};

/** Lower case, accents removed, spaces collapsed: the same on stored text and on what a user types. */
export const normalizeSearchText = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
