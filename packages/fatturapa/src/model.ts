/**
 * A FatturaPA file (schema 1.2.2, FPR12 and FPA12) as plain data: what `buildFatturaPaXml` writes and
 * `parseFatturaPaXml` reads. Element names follow the schema in camelCase; amounts stay the decimal text of the XML
 * ("12.30"), so a parsed file keeps exactly what its issuer wrote and the SDI checks read it with exact decimals.
 * Only the parts a health studio issues or receives are modelled; the rest of a received file is ignored.
 */

export const fatturaPaNamespace = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';
export const formatiTrasmissionePa = ['FPR12', 'FPA12'] as const;
export type FormatoTrasmissionePa = (typeof formatiTrasmissionePa)[number];

export type IdFiscale = { idPaese: string; idCodice: string };

/** Either a company's name or a person's first and last name. */
export type Anagrafica = { denominazione?: string; nome?: string; cognome?: string };

export type Sede = {
  indirizzo: string;
  cap: string;
  comune: string;
  provincia?: string;
  nazione: string;
};

export type DatiTrasmissione = {
  idTrasmittente: IdFiscale;
  progressivoInvio: string;
  formatoTrasmissione: FormatoTrasmissionePa;
  codiceDestinatario: string;
  pecDestinatario?: string;
};

export type CedentePrestatore = {
  idFiscaleIva: IdFiscale;
  codiceFiscale?: string;
  anagrafica: Anagrafica;
  alboProfessionale?: string;
  regimeFiscale: string;
  sede: Sede;
  contatti?: { telefono?: string; email?: string };
};

export type CessionarioCommittente = {
  idFiscaleIva?: IdFiscale;
  codiceFiscale?: string;
  anagrafica: Anagrafica;
  sede: Sede;
};

export type DatiRitenuta = {
  tipoRitenuta: string;
  importoRitenuta: string;
  aliquotaRitenuta: string;
  causalePagamento: string;
};

export type DatiCassaPrevidenziale = {
  tipoCassa: string;
  alCassa: string;
  importoContributoCassa: string;
  imponibileCassa?: string;
  aliquotaIva: string;
  ritenuta?: 'SI';
  natura?: string;
};

export type ScontoMaggiorazione = { tipo: 'SC' | 'MG'; percentuale?: string; importo?: string };

export type DatiDocumentoCorrelato = {
  idDocumento: string;
  data?: string;
  codiceCommessaConvenzione?: string;
  codiceCig?: string;
};

export type DatiGeneraliDocumento = {
  tipoDocumento: string;
  divisa: string;
  data: string;
  numero: string;
  datiRitenuta: DatiRitenuta[];
  datiBollo?: { bolloVirtuale: 'SI'; importoBollo?: string };
  datiCassaPrevidenziale: DatiCassaPrevidenziale[];
  importoTotaleDocumento?: string;
  causale: string[];
};

export type DettaglioLinee = {
  numeroLinea: number;
  descrizione: string;
  quantita?: string;
  prezzoUnitario: string;
  scontoMaggiorazione: ScontoMaggiorazione[];
  prezzoTotale: string;
  aliquotaIva: string;
  ritenuta?: 'SI';
  natura?: string;
  riferimentoAmministrazione?: string;
};

export type DatiRiepilogo = {
  aliquotaIva: string;
  natura?: string;
  arrotondamento?: string;
  imponibileImporto: string;
  imposta: string;
  esigibilitaIva?: 'I' | 'D' | 'S';
  riferimentoNormativo?: string;
};

export type DettaglioPagamento = {
  modalitaPagamento: string;
  dataScadenzaPagamento?: string;
  importoPagamento: string;
  istitutoFinanziario?: string;
  iban?: string;
  bic?: string;
};

export type DatiPagamento = { condizioniPagamento: string; dettaglioPagamento: DettaglioPagamento[] };

export type FatturaPaBody = {
  datiGeneraliDocumento: DatiGeneraliDocumento;
  datiOrdineAcquisto: DatiDocumentoCorrelato[];
  datiFattureCollegate: DatiDocumentoCorrelato[];
  dettaglioLinee: DettaglioLinee[];
  datiRiepilogo: DatiRiepilogo[];
  datiPagamento: DatiPagamento[];
};

export type FatturaPa = {
  versione: FormatoTrasmissionePa;
  datiTrasmissione: DatiTrasmissione;
  cedentePrestatore: CedentePrestatore;
  cessionarioCommittente: CessionarioCommittente;
  bodies: FatturaPaBody[];
};

/** A person's or company's name as one line: Denominazione, or Nome Cognome. */
export const anagraficaName = (a: Anagrafica): string =>
  a.denominazione ?? [a.nome, a.cognome].filter(Boolean).join(' ');
