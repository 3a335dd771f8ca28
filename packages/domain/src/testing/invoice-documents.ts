import {
  type Cliente,
  canaleInvioOf,
  cassaPrevidenzialeOf,
  documentTotals,
  type Emittente,
  type Fattura,
  type FatturaInput,
  fatturaInputSchema,
  fatturaSchema,
  formatIdDocumento,
  type Proforma,
  type ProformaInput,
  proformaInputSchema,
  proformaSchema,
  type TassazioneData,
  type Totali,
  totalsInEuros,
} from '../invoices/index.ts';
import { centsToEuros } from '../shared/index.ts';
import type { RegimeFiscale } from '../studio/index.ts';

/**
 * Test documents built the way the server builds them: the input through the domain's schema, the figures through
 * documentTotals, the answer checked against fatturaSchema / proformaSchema. Only tests and previews use these.
 */

const studioId = '0b7e4c1a-3f2d-4e5b-8c6a-1d2e3f4a5b6c';
const pazienteId = '8a7f0e3c-2b1d-4c5e-9f6a-0b1c2d3e4f5a';

export const fisioterapista: Emittente = {
  denominazione: 'Dott.ssa Giulia Ferri',
  professione: 'Fisioterapista',
  iscrizioneAlbo: 'Iscritta all’Albo dei Fisioterapisti di Bologna n. 1234',
  codiceFiscale: 'FRRGLI85M41A944G',
  partitaIva: '03456780372',
  residenza: { indirizzo: 'Via dell’Indipendenza 12', cap: '40121', comune: 'Bologna', provincia: 'BO' },
  email: 'studio@ferrifisioterapia.it',
  telefono: '051 123 4567',
  pec: 'giulia.ferri@pec.it',
  logoAssetId: null,
};

export const paziente: Cliente = {
  id: pazienteId,
  tipologiaPersona: 'FISICA',
  nome: 'Marco',
  cognome: 'Rossi',
  nomeCompleto: 'Marco Rossi',
  ragioneSociale: null,
  codiceFiscale: 'RSSMRC80A01A944K',
  partitaIva: null,
  codiceDestinatario: null,
  pec: null,
  email: 'marco.rossi@example.it',
  residenza: { indirizzo: 'Via Saragozza 45', cap: '40123', comune: 'Bologna', provincia: 'BO', nazione: 'IT' },
  validForFattura: true,
  opposizioneTs: false,
};

export const azienda: Cliente = {
  ...paziente,
  tipologiaPersona: 'GIURIDICA',
  nome: null,
  cognome: null,
  nomeCompleto: 'Centro Medico Emilia S.r.l.',
  ragioneSociale: 'Centro Medico Emilia S.r.l.',
  codiceFiscale: '02345670372',
  partitaIva: '02345670372',
  codiceDestinatario: 'M5UXCR1',
  email: 'amministrazione@centromedicoemilia.it',
  residenza: { indirizzo: 'Viale Masini 8', cap: '40126', comune: 'Bologna', provincia: 'BO', nazione: 'IT' },
};

export const bank = {
  intestatario: 'Giulia Ferri',
  nomeBanca: 'Banca Popolare dell’Emilia',
  iban: 'IT60X0542811101000000123456',
  bicSwift: 'BPMOIT22XXX',
};

/** The document's taxes as the API answers them. */
const tassazioneAnswer = (t: TassazioneData, totali: Totali, regimeFiscale: RegimeFiscale) => ({
  regimeFiscale,
  cassaPrevidenzialeType: t.cassaPrevidenzialeType,
  tipoContributo: cassaPrevidenzialeOf(t.cassaPrevidenzialeType).tipoContributo,
  cassaPrevidenziale: t.cassaPrevidenziale,
  marcaDaBollo: { active: totali.marcaDaBolloDovuta, value: 2, typeValue: 'ABS_VALUE' as const },
  aliquotaIVA: { active: totali.iva > 0, value: 22, typeValue: 'PERCENTAGE' as const },
  marcaDaBolloCaricoMio: t.marcaDaBolloCaricoMio,
  marcaDaBolloVirtuale: t.marcaDaBolloVirtuale,
  ivaAndRivalsaInclusa: t.ivaAndRivalsaInclusa,
  ritenutaAcconto: {
    ...t.ritenutaAcconto,
    baseImponibile: centsToEuros(t.ritenutaAcconto.baseImponibile),
    importoRitenuta: totali.ritenuta,
  },
});

type Figures = Pick<ReturnType<typeof fatturaInputSchema.parse>, 'prestazione' | 'tassazione'>;

const bodyAnswer = (data: Figures, totali: Totali) => ({
  prestazione: data.prestazione.map((l, i) => ({
    descrizione: l.descrizione,
    quantita: l.quantita,
    prezzoPerUnita: centsToEuros(l.prezzoPerUnita),
    prezzoLordo: totali.righe[i]?.prezzoLordo ?? 0,
    codiceIvaId: l.codiceIvaId,
    sconto: l.sconto,
    riferimentoAmministrazione: l.riferimentoAmministrazione,
    tipoSpesa: l.tipoSpesa,
  })),
  totali,
  totalePrestazione: totali.totalePrestazioni,
  aliquotaIva: totali.iva,
  totaleFattura: totali.totale,
});

/** An invoice answer from an input, its regime and the studio as printed. */
export const makeFattura = (
  input: FatturaInput,
  regimeFiscale: RegimeFiscale,
  extra: { numero: number; emittente?: Emittente; paziente?: Cliente; isElettronica?: boolean },
): Fattura => {
  let data = fatturaInputSchema.parse(input);
  let totali: Totali = totalsInEuros(documentTotals(data, regimeFiscale));
  // the form's 'Suggerito' link: the withholding base is the one the totals suggest
  if (data.tassazione.ritenutaAcconto.isActive) {
    const r = { ...input.tassazione?.ritenutaAcconto, baseImponibile: totali.ritenutaBaseSuggerita };
    data = fatturaInputSchema.parse({ ...input, tassazione: { ...input.tassazione, ritenutaAcconto: r } });
    totali = totalsInEuros(documentTotals(data, regimeFiscale));
  }
  const anno = Number(data.dataFattura.slice(6));
  const canale = canaleInvioOf({
    tipoDocumento: data.tipoDocumento,
    cliente: extra.paziente ?? paziente,
    formatoTrasmissione: data.formatoTrasmissione,
  });
  return fatturaSchema.parse({
    ...data,
    ...bodyAnswer(data, totali),
    id: '3c9a1f2e-5b4d-4a6c-8e7f-9a0b1c2d3e4f',
    idDocumento: formatIdDocumento({ numero: extra.numero, anno, sezionale: data.sezionale, suffisso: data.suffisso }),
    studioId,
    paziente: extra.paziente ?? paziente,
    emittente: extra.emittente ?? fisioterapista,
    anno,
    numeroFattura: extra.numero,
    tassazione: tassazioneAnswer(data.tassazione, totali, regimeFiscale),
    isElettronica: extra.isElettronica ?? false,
    isInviataToSDI: false,
    sdiNotifications: [],
    sdiInvii: [],
    canaleInvio: canale.canale,
    canaleMotivo: canale.motivo,
    proformaId: null,
    noteDiCreditoIds: [],
    createdAt: '2026-11-24T09:00:00.000Z',
    updatedAt: '2026-11-24T09:00:00.000Z',
  });
};

export const makeProforma = (input: ProformaInput, regimeFiscale: RegimeFiscale, numero: number): Proforma => {
  const data = proformaInputSchema.parse(input);
  const totali = totalsInEuros(documentTotals(data, regimeFiscale));
  const anno = Number(data.data.slice(6));
  return proformaSchema.parse({
    ...data,
    ...bodyAnswer(data, totali),
    id: '4d0b2a3f-6c5e-4b7d-9f80-ab1c2d3e4f50',
    idDocumento: formatIdDocumento({ numero, anno }),
    studioId,
    paziente,
    emittente: fisioterapista,
    anno,
    numero,
    tipoDocumento: 'PROFORMA',
    tassazione: tassazioneAnswer(data.tassazione, totali, regimeFiscale),
    fatturaId: null,
    fatturaIdDocumento: null,
    createdAt: '2026-11-24T09:00:00.000Z',
    updatedAt: '2026-11-24T09:00:00.000Z',
  });
};

/** (a) Forfettario physiotherapist: INPS rivalsa 4 % inside the prices, stamp duty charged to the patient. */
export const forfettarioInvoice = (): Fattura =>
  makeFattura(
    {
      pazienteId,
      tipoDocumento: 'FATTURA_SANITARIA',
      dataFattura: '24-11-2026',
      dataScadenza: '24-12-2026',
      metodoPagamento: 'Bonifico bancario',
      prestazione: [
        { descrizione: 'Seduta di fisioterapia (terapia manuale)', quantita: 3, prezzoPerUnita: 60, codiceIvaId: 4 },
        { descrizione: 'Valutazione posturale', quantita: 1, prezzoPerUnita: 80, codiceIvaId: 4, sconto: 10 },
      ],
      tassazione: {
        cassaPrevidenziale: { active: true, value: 4, typeValue: 'PERCENTAGE' },
        marcaDaBolloCaricoMio: false,
        marcaDaBolloVirtuale: true,
        ivaAndRivalsaInclusa: true,
      },
      coordinateBancarie: bank,
      causali: ['Ciclo di fisioterapia novembre 2026'],
      note: 'Si prega di indicare il numero della fattura nella causale del bonifico.',
    },
    'RF_19',
    { numero: 12 },
  );

/** (b) Ordinary regime towards a company: 22 % VAT on the fees and the rivalsa, 20 % withholding. */
export const ordinaryInvoice = (): Fattura =>
  makeFattura(
    {
      pazienteId,
      tipoDocumento: 'TD_01',
      dataFattura: '15-10-2026',
      dataScadenza: '14-11-2026',
      metodoPagamento: 'Bonifico bancario',
      prestazione: [
        {
          descrizione: 'Consulenza fisioterapica per il personale (ottobre 2026)',
          quantita: 4,
          prezzoPerUnita: 125,
          codiceIvaId: 1,
        },
        { descrizione: 'Relazione tecnica ergonomica', quantita: 1, prezzoPerUnita: 300, codiceIvaId: 1 },
      ],
      tassazione: {
        cassaPrevidenziale: { active: true, value: 4, typeValue: 'PERCENTAGE' },
        ivaAndRivalsaInclusa: false,
        ritenutaAcconto: { isActive: true, aliquotaRitenuta: 20, tipoRitenuta: 'RT_01', causalePagamento: 'A' },
      },
      coordinateBancarie: bank,
    },
    'RF_01',
    { numero: 7, paziente: azienda },
  );

/** (c) A credit note for an exempt health invoice (VAT code 12, N4), ordinary regime. */
export const creditNote = (): Fattura =>
  makeFattura(
    {
      pazienteId,
      tipoDocumento: 'NOTA_DI_CREDITO',
      dataFattura: '02-12-2026',
      numeroFatturaCollegata: '9/2026',
      dataFatturaCollegata: '20-11-2026',
      metodoPagamento: 'Contanti',
      prestazione: [
        {
          descrizione: 'Storno seduta di riabilitazione non effettuata',
          quantita: 2,
          prezzoPerUnita: 55,
          codiceIvaId: 12,
        },
      ],
      tassazione: {
        cassaPrevidenziale: { active: false, value: 0, typeValue: 'PERCENTAGE' },
        ivaAndRivalsaInclusa: true,
      },
    },
    'RF_01',
    { numero: 13, isElettronica: true },
  );

/** (d) A pro-forma of a forfettario studio below the stamp-duty threshold. */
export const proforma = (): Proforma =>
  makeProforma(
    {
      pazienteId,
      data: '20-11-2026',
      dataScadenza: '30-11-2026',
      metodoPagamento: 'Carta di credito',
      prestazione: [{ descrizione: 'Seduta di linfodrenaggio', quantita: 1, prezzoPerUnita: 70, codiceIvaId: 4 }],
      tassazione: { cassaPrevidenziale: { active: true, value: 4, typeValue: 'PERCENTAGE' } },
    },
    'RF_19',
    3,
  );
