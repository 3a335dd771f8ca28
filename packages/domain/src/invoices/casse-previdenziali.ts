/** spec part 2 §3 "Social-security fund type": how the fund's amount reaches the invoice. */
export const tipiContributo = ['CONTRIBUTO_INTEGRATIVO', 'RIVALSA', 'NESSUNO'] as const;
export type TipoContributo = (typeof tipiContributo)[number];

export const cassePrevidenzialiCodes = [
  'GESTIONE_SEPARATA_INPS',
  'ENPAPI',
  'ENPAP',
  'ENPAB',
  'ENPAV',
  'ENPAM',
  'NESSUNA',
] as const;
export type CassaPrevidenzialeCode = (typeof cassePrevidenzialiCodes)[number];

export type CassaPrevidenzialeType = {
  code: CassaPrevidenzialeCode;
  label: string;
  tipoContributo: TipoContributo;
  /** Percent charged on the fees (4 means 4 %). */
  contributoPercentuale: number;
  /** FatturaPA TipoCassa (TC01–TC22); null when nothing is charged. */
  tipoCassa: string | null;
};

/**
 * The funds a health professional meets (GET /casse-previdenziali). Physiotherapists, osteopaths, speech therapists
 * and the other professions without a fund of their own are in INPS's Gestione separata and may recharge 4 % to the
 * patient (rivalsa); nurses, psychologists, biologists and vets charge their fund's contributo integrativo; ENPAM's
 * doctors charge nothing to private patients. Decision 020.
 */
export const cassePrevidenziali: readonly CassaPrevidenzialeType[] = [
  {
    code: 'GESTIONE_SEPARATA_INPS',
    label: 'INPS - Gestione separata (rivalsa 4%)',
    tipoContributo: 'RIVALSA',
    contributoPercentuale: 4,
    tipoCassa: 'TC22',
  },
  {
    code: 'ENPAPI',
    label: 'ENPAPI - Infermieri (contributo integrativo 4%)',
    tipoContributo: 'CONTRIBUTO_INTEGRATIVO',
    contributoPercentuale: 4,
    tipoCassa: 'TC20',
  },
  {
    code: 'ENPAP',
    label: 'ENPAP - Psicologi (contributo integrativo 2%)',
    tipoContributo: 'CONTRIBUTO_INTEGRATIVO',
    contributoPercentuale: 2,
    tipoCassa: 'TC21',
  },
  {
    code: 'ENPAB',
    label: 'ENPAB - Biologi e nutrizionisti (contributo integrativo 4%)',
    tipoContributo: 'CONTRIBUTO_INTEGRATIVO',
    contributoPercentuale: 4,
    tipoCassa: 'TC19',
  },
  {
    code: 'ENPAV',
    label: 'ENPAV - Veterinari (contributo integrativo 2%)',
    tipoContributo: 'CONTRIBUTO_INTEGRATIVO',
    contributoPercentuale: 2,
    tipoCassa: 'TC11',
  },
  {
    code: 'ENPAM',
    label: 'ENPAM - Medici e odontoiatri (nessun contributo in fattura)',
    tipoContributo: 'NESSUNO',
    contributoPercentuale: 0,
    tipoCassa: 'TC09',
  },
  { code: 'NESSUNA', label: 'Nessuna cassa', tipoContributo: 'NESSUNO', contributoPercentuale: 0, tipoCassa: null },
];

/** spec part 2 §9: the pension fund constant. */
export const defaultCassaPrevidenzialeCode: CassaPrevidenzialeCode = 'GESTIONE_SEPARATA_INPS';

export const cassaPrevidenzialeOf = (code: CassaPrevidenzialeCode): CassaPrevidenzialeType =>
  cassePrevidenziali.find((c) => c.code === code) as CassaPrevidenzialeType;

/** spec part 2 §4: choosing a fund type sets the fund percentage to that type's percentage, or 0. */
export const percentualeOfCassa = (code: CassaPrevidenzialeCode | null | undefined): number =>
  (code && cassePrevidenziali.find((c) => c.code === code)?.contributoPercentuale) || 0;

/** The label printed on the invoice: spec part 2 §2 'Rivalsa INPS 4%'. */
export const cassaPrintLabel = (code: CassaPrevidenzialeCode, percent: number): string => {
  const pct = `${String(percent).replace('.', ',')}%`;
  if (code === 'GESTIONE_SEPARATA_INPS') return `Rivalsa INPS ${pct}`;
  const cassa = cassaPrevidenzialeOf(code);
  return cassa.tipoContributo === 'RIVALSA' ? `Rivalsa ${code} ${pct}` : `Contributo integrativo ${code} ${pct}`;
};
