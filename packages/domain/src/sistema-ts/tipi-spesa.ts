/**
 * The Sistema TS's expense types (tipoSpesa, specification "730 - Spese Sanitarie" v2.5 §5.1), in the domain so that
 * an invoice line can carry one: packages/sistema-ts builds the record with them.
 */
export const tipiSpesa = ['TK', 'FC', 'FV', 'SV', 'SP', 'AD', 'AS', 'SR', 'CT', 'PI', 'IC', 'AA'] as const;
export type TipoSpesa = (typeof tipiSpesa)[number];

/** The specification's own words for each tipoSpesa (to show in a select or a message). */
export const tipoSpesaLabels: Record<TipoSpesa, string> = {
  TK: 'Ticket (quota fissa, differenza con il prezzo di riferimento, franchigia, pronto soccorso)',
  FC: 'Farmaco, anche omeopatico',
  FV: 'Farmaco per uso veterinario',
  SV: 'Spese veterinarie',
  SP: 'Prestazioni sanitarie',
  AD: 'Acquisto o affitto di dispositivo medico CE',
  AS: 'Spese sanitarie relative a ECG, spirometria, Holter, test e misurazioni (farmacia dei servizi e simili)',
  SR: 'Assistenza specialistica ambulatoriale, visite mediche, prestazioni diagnostiche e strumentali',
  CT: 'Cure termali',
  PI: 'Protesica e integrativa',
  IC: 'Chirurgia estetica e medicina estetica',
  AA: 'Altre spese',
};

/**
 * What a health studio's invoice line can be (decision 023): its services (SP, the default; SR for a medical visit or
 * diagnostics), a CE medical device sold or rented (AD), anything else (AA). The others are pharmacies', vets',
 * spas' and the NHS's.
 */
export const tipiSpesaRiga = ['SP', 'SR', 'AD', 'AA'] as const satisfies readonly TipoSpesa[];
export type TipoSpesaRiga = (typeof tipiSpesaRiga)[number];
export const defaultTipoSpesa = 'SP' satisfies TipoSpesa;

/** What an invoice line stores for a tipoSpesa: none for the default (SP), so that only a choice is recorded. */
export const lineTipoSpesa = (tipoSpesa: TipoSpesa | null | undefined): TipoSpesa | null =>
  tipoSpesa && tipoSpesa !== defaultTipoSpesa ? tipoSpesa : null;
