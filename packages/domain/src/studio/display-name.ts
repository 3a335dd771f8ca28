import type { Studio } from './studio.schema.ts';
/** Display name: surname plus name for persons, else company name (spec part 1 §3). */
export const studioDisplayName = (s: Pick<Studio, 'tipologiaPersona' | 'nome' | 'cognome' | 'ragioneSociale'>) =>
  s.tipologiaPersona === 'FISICA' ? [s.cognome, s.nome].filter(Boolean).join(' ') : (s.ragioneSociale ?? '');
