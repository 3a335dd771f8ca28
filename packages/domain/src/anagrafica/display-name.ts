import type { TipologiaPersona } from './persona.ts';

type NameParts = {
  tipologiaPersona: TipologiaPersona;
  nome: string | null;
  cognome: string | null;
  ragioneSociale: string | null;
};

/** Display name (spec part 1 §3): family name then given name for a person, the company name otherwise. */
export const displayNameOf = (g: NameParts): string =>
  g.tipologiaPersona === 'FISICA' ? [g.cognome, g.nome].filter(Boolean).join(' ') : (g.ragioneSociale ?? '');
