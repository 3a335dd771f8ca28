import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Cliente, Fattura, FatturaInput } from '@studiolo/domain/invoices';
import type { RegimeFiscale } from '@studiolo/domain/studio';
import { azienda, bank, makeFattura, paziente } from '@studiolo/domain/testing';

/** The official FatturaPA schema and examples (../shared/fixtures, read in place). */
export const fixturesDir = path.resolve(import.meta.dirname, '../../../../shared/fixtures/fatturapa');
export const schemaPath = path.join(fixturesDir, 'Schema_del_file_xml_FatturaPA_v1.2.2.offline.xsd');

/** xmllint's verdict on a file against the official schema, offline: null when valid, else its message. */
export const xsdErrors = (xml: string): string | null => {
  const r = spawnSync('xmllint', ['--noout', '--nonet', '--schema', schemaPath, '-'], { input: xml, encoding: 'utf8' });
  return r.status === 0 ? null : r.stderr || `xmllint exit ${r.status}`;
};

const pazienteId = '8a7f0e3c-2b1d-4c5e-9f6a-0b1c2d3e4f5a';

export const ospedale: Cliente = {
  ...azienda,
  nomeCompleto: 'Azienda USL di Bologna',
  ragioneSociale: 'Azienda USL di Bologna',
  codiceFiscale: '02406911202',
  partitaIva: '02406911202',
  codiceDestinatario: 'UFQ3SF',
  residenza: { indirizzo: 'Via Castiglione 29', cap: '40124', comune: 'Bologna', provincia: 'BO', nazione: 'IT' },
};

const base = (over: Partial<FatturaInput>): FatturaInput => ({
  pazienteId,
  tipoDocumento: 'FATTURA_ELETTRONICA',
  dataFattura: '20-11-2026',
  dataScadenza: '20-12-2026',
  metodoPagamento: 'Bonifico bancario',
  prestazione: [{ descrizione: 'Seduta di fisioterapia', quantita: 1, prezzoPerUnita: 50, codiceIvaId: 12 }],
  coordinateBancarie: bank,
  ...over,
});

type Case = { name: string; fattura: Fattura };
const make = (name: string, input: FatturaInput, regime: RegimeFiscale, cliente: Cliente = azienda): Case => ({
  name,
  fattura: makeFattura(input, regime, { numero: 21, paziente: cliente, isElettronica: true }),
});

/** One electronic document for every tax path of invoicing (issue 13, "Done means"). */
export const taxPathCases = (): Case[] => [
  make(
    'regime ordinario con IVA 22% a un’azienda',
    base({
      prestazione: [
        { descrizione: 'Corso di ergonomia per il personale', quantita: 2, prezzoPerUnita: 350, codiceIvaId: 1 },
        { descrizione: 'Materiale didattico', quantita: 10, prezzoPerUnita: 12.5, codiceIvaId: 3 },
      ],
      tassazione: {
        cassaPrevidenziale: { active: false, value: 0, typeValue: 'PERCENTAGE' },
        ivaAndRivalsaInclusa: false,
      },
    }),
    'RF_01',
  ),
  make(
    'prestazioni sanitarie esenti N4 con bollo a carico del cliente',
    base({
      prestazione: [
        {
          descrizione: 'Ciclo di 10 sedute di riabilitazione & rieducazione <post-operatoria>',
          quantita: 10,
          prezzoPerUnita: 45,
          codiceIvaId: 12,
        },
      ],
      tassazione: {
        cassaPrevidenziale: { active: false, value: 0, typeValue: 'PERCENTAGE' },
        ivaAndRivalsaInclusa: false,
      },
    }),
    'RF_01',
  ),
  make(
    'regime forfettario N2.2 con rivalsa INPS inclusa e bollo addebitato',
    base({
      prestazione: [
        { descrizione: 'Seduta di osteopatia', quantita: 3, prezzoPerUnita: 60, codiceIvaId: 4 },
        { descrizione: 'Valutazione iniziale', quantita: 1, prezzoPerUnita: 80, codiceIvaId: 4, sconto: 10 },
      ],
      tassazione: {
        cassaPrevidenziale: { active: true, value: 4, typeValue: 'PERCENTAGE' },
        ivaAndRivalsaInclusa: true,
      },
    }),
    'RF_19',
  ),
  make(
    'rivalsa INPS 4% e ritenuta d’acconto 20% con IVA',
    base({
      tipoDocumento: 'TD_01',
      prestazione: [
        { descrizione: 'Consulenza fisioterapica', quantita: 4, prezzoPerUnita: 125, codiceIvaId: 1 },
        { descrizione: 'Spese di trasferta anticipate', quantita: 1, prezzoPerUnita: 35.4, codiceIvaId: 8 },
      ],
      tassazione: {
        cassaPrevidenziale: { active: true, value: 4, typeValue: 'PERCENTAGE' },
        ivaAndRivalsaInclusa: false,
        ritenutaAcconto: { isActive: true, aliquotaRitenuta: 20, tipoRitenuta: 'RT_01', causalePagamento: 'A' },
      },
    }),
    'RF_01',
  ),
  make(
    'contributo integrativo ENPAP 2% su prestazioni esenti',
    base({
      prestazione: [{ descrizione: 'Colloquio psicologico', quantita: 4, prezzoPerUnita: 70, codiceIvaId: 12 }],
      tassazione: {
        cassaPrevidenzialeType: 'ENPAP',
        cassaPrevidenziale: { active: true, value: 2, typeValue: 'PERCENTAGE' },
        ivaAndRivalsaInclusa: false,
      },
    }),
    'RF_01',
  ),
  make(
    'sconti sulle righe, prezzi con IVA inclusa',
    base({
      prestazione: [
        { descrizione: 'Pacchetto massaggi', quantita: 3, prezzoPerUnita: 33.33, codiceIvaId: 1, sconto: 15 },
        { descrizione: 'Plantare su misura', quantita: 1, prezzoPerUnita: 149.99, codiceIvaId: 7, sconto: 7.5 },
      ],
      tassazione: {
        cassaPrevidenziale: { active: false, value: 0, typeValue: 'PERCENTAGE' },
        ivaAndRivalsaInclusa: true,
      },
    }),
    'RF_01',
  ),
  make(
    'nota di credito TD04 collegata alla fattura',
    base({
      tipoDocumento: 'NOTA_DI_CREDITO',
      dataFattura: '22-11-2026',
      numeroFatturaCollegata: '9/E/2026',
      dataFatturaCollegata: '02-11-2026',
      metodoPagamento: 'Contanti',
      prestazione: [{ descrizione: 'Storno seduta non effettuata', quantita: 1, prezzoPerUnita: 55, codiceIvaId: 1 }],
      tassazione: {
        cassaPrevidenziale: { active: false, value: 0, typeValue: 'PERCENTAGE' },
        ivaAndRivalsaInclusa: false,
      },
    }),
    'RF_01',
  ),
  make(
    'pubblica amministrazione FPA12 con CIG e scissione dei pagamenti',
    base({
      formatoTrasmissione: 'FPA_12',
      codiceDestinatario: 'UFQ3SF',
      codiceCIG: 'Z1A2B3C4D5',
      idDocumentoOrdineAcquisto: 'ODA-2026-118',
      dataDocumentoOrdineAcquisto: '02-11-2026',
      prestazione: [
        {
          descrizione: 'Riabilitazione domiciliare (convenzione ASL)',
          quantita: 8,
          prezzoPerUnita: 40,
          codiceIvaId: 2,
          riferimentoAmministrazione: 'CAP-1187',
        },
      ],
      tassazione: {
        cassaPrevidenziale: { active: false, value: 0, typeValue: 'PERCENTAGE' },
        ivaAndRivalsaInclusa: false,
      },
    }),
    'RF_01',
    ospedale,
  ),
  make(
    'persona fisica con codice destinatario 0000000 e PEC',
    base({
      pecDestinatario: 'marco.rossi@pec.it',
      prestazione: [{ descrizione: 'Corso di ginnastica posturale', quantita: 1, prezzoPerUnita: 120, codiceIvaId: 1 }],
      tassazione: {
        cassaPrevidenziale: { active: false, value: 0, typeValue: 'PERCENTAGE' },
        ivaAndRivalsaInclusa: false,
      },
    }),
    'RF_01',
    paziente,
  ),
];
