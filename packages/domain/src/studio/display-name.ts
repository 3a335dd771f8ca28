import { displayNameOf } from '../anagrafica/display-name.ts';
import type { TipologiaPersona } from '../anagrafica/persona.ts';

type StudioNameParts = {
  tipologiaPersona: TipologiaPersona | (string & {});
  nome: string | null;
  cognome: string | null;
  ragioneSociale: string | null;
};

/**
 * The studio's display name (spec part 1 §3), the one way it is written: in the app, on its booking page, in the
 * patients' e-mails and SMS and on the signed documents. Kept apart from the schemas so the app shell does not load zod.
 */
export const studioDisplayName = (s: StudioNameParts) =>
  displayNameOf({ ...s, tipologiaPersona: s.tipologiaPersona === 'GIURIDICA' ? 'GIURIDICA' : 'FISICA' });

/** The studio's name in a message to a patient: "Lo studio" while it has none. */
export const studioNameInMessages = (s: StudioNameParts | null) => (s ? studioDisplayName(s) : '') || 'Lo studio';
