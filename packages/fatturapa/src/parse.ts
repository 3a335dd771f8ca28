import { XMLParser, XMLValidator } from 'fast-xml-parser';
import {
  type Anagrafica,
  type DatiDocumentoCorrelato,
  type FatturaPa,
  type FatturaPaBody,
  fatturaPaNamespace,
  formatiTrasmissionePa,
  type IdFiscale,
  type Sede,
} from './model.ts';

/**
 * Reads a FatturaPA file received from a supplier (or one of the official examples) into the model. Hostile input is
 * refused before any parsing: a DOCTYPE (external entities, entity expansion: XXE and "billion laughs"), more than
 * 5 MB (the SDI's own limit), a document that is not well formed, or one whose root is not FatturaElettronica in the
 * FatturaPA namespace. What the file says is kept as written, arithmetic included: the SDI checks then tell what is
 * wrong in it, as a warning, since a received invoice is a fact, not something to correct.
 */

export const maxFatturaPaBytes = 5 * 1024 * 1024;

export class FatturaPaParseError extends Error {
  override readonly name = 'FatturaPaParseError';
}

const repeated = new Set([
  'FatturaElettronicaBody',
  'DatiRitenuta',
  'DatiCassaPrevidenziale',
  'ScontoMaggiorazione',
  'Causale',
  'DatiOrdineAcquisto',
  'DatiContratto',
  'DatiConvenzione',
  'DatiRicezione',
  'DatiFattureCollegate',
  'DatiDDT',
  'DettaglioLinee',
  'CodiceArticolo',
  'AltriDatiGestionali',
  'DatiRiepilogo',
  'DatiPagamento',
  'DettaglioPagamento',
  'Allegati',
  'RiferimentoNumeroLinea',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  isArray: (tagName) => repeated.has(tagName),
  maxNestedTags: 64,
});

type Node = Record<string, unknown>;
const node = (v: unknown): Node => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : {});
const list = (v: unknown): Node[] => (Array.isArray(v) ? v.map(node) : v === undefined ? [] : [node(v)]);
const text = (v: unknown): string | undefined => {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  const t = node(v)['#text'];
  return typeof t === 'string' ? t : undefined;
};
const req = (v: unknown): string => text(v) ?? '';

const idFiscale = (v: unknown): IdFiscale | undefined => {
  const n = node(v);
  const idCodice = text(n.IdCodice);
  return idCodice ? { idPaese: req(n.IdPaese), idCodice } : undefined;
};
const anagrafica = (v: unknown): Anagrafica => {
  const n = node(v);
  return { denominazione: text(n.Denominazione), nome: text(n.Nome), cognome: text(n.Cognome) };
};
const sede = (v: unknown): Sede => {
  const n = node(v);
  const civico = text(n.NumeroCivico);
  return {
    indirizzo: [req(n.Indirizzo), civico].filter(Boolean).join(', '),
    cap: req(n.CAP),
    comune: req(n.Comune),
    provincia: text(n.Provincia),
    nazione: req(n.Nazione),
  };
};
const correlato = (n: Node): DatiDocumentoCorrelato => ({
  idDocumento: req(n.IdDocumento),
  data: text(n.Data),
  codiceCommessaConvenzione: text(n.CodiceCommessaConvenzione),
  codiceCig: text(n.CodiceCIG),
});
const si = (v: unknown): 'SI' | undefined => (text(v) === 'SI' ? 'SI' : undefined);

const body = (n: Node): FatturaPaBody => {
  const generali = node(n.DatiGenerali);
  const g = node(generali.DatiGeneraliDocumento);
  const beni = node(n.DatiBeniServizi);
  const bollo = node(g.DatiBollo);
  return {
    datiGeneraliDocumento: {
      tipoDocumento: req(g.TipoDocumento),
      divisa: req(g.Divisa),
      data: req(g.Data),
      numero: req(g.Numero),
      datiRitenuta: list(g.DatiRitenuta).map((r) => ({
        tipoRitenuta: req(r.TipoRitenuta),
        importoRitenuta: req(r.ImportoRitenuta),
        aliquotaRitenuta: req(r.AliquotaRitenuta),
        causalePagamento: req(r.CausalePagamento),
      })),
      datiBollo:
        text(bollo.BolloVirtuale) === 'SI'
          ? { bolloVirtuale: 'SI', importoBollo: text(bollo.ImportoBollo) }
          : undefined,
      datiCassaPrevidenziale: list(g.DatiCassaPrevidenziale).map((c) => ({
        tipoCassa: req(c.TipoCassa),
        alCassa: req(c.AlCassa),
        importoContributoCassa: req(c.ImportoContributoCassa),
        imponibileCassa: text(c.ImponibileCassa),
        aliquotaIva: req(c.AliquotaIVA),
        ritenuta: si(c.Ritenuta),
        natura: text(c.Natura),
      })),
      importoTotaleDocumento: text(g.ImportoTotaleDocumento),
      causale: Array.isArray(g.Causale) ? g.Causale.map(req) : [],
    },
    datiOrdineAcquisto: list(generali.DatiOrdineAcquisto).map(correlato),
    datiFattureCollegate: list(generali.DatiFattureCollegate).map(correlato),
    dettaglioLinee: list(beni.DettaglioLinee).map((l) => ({
      numeroLinea: Number(req(l.NumeroLinea)),
      descrizione: req(l.Descrizione),
      quantita: text(l.Quantita),
      prezzoUnitario: req(l.PrezzoUnitario),
      scontoMaggiorazione: list(l.ScontoMaggiorazione).map((s) => ({
        tipo: text(s.Tipo) === 'MG' ? 'MG' : 'SC',
        percentuale: text(s.Percentuale),
        importo: text(s.Importo),
      })),
      prezzoTotale: req(l.PrezzoTotale),
      aliquotaIva: req(l.AliquotaIVA),
      ritenuta: si(l.Ritenuta),
      natura: text(l.Natura),
      riferimentoAmministrazione: text(l.RiferimentoAmministrazione),
    })),
    datiRiepilogo: list(beni.DatiRiepilogo).map((r) => {
      const esigibilita = text(r.EsigibilitaIVA);
      return {
        aliquotaIva: req(r.AliquotaIVA),
        natura: text(r.Natura),
        arrotondamento: text(r.Arrotondamento),
        imponibileImporto: req(r.ImponibileImporto),
        imposta: req(r.Imposta),
        esigibilitaIva: esigibilita === 'I' || esigibilita === 'D' || esigibilita === 'S' ? esigibilita : undefined,
        riferimentoNormativo: text(r.RiferimentoNormativo),
      };
    }),
    datiPagamento: list(n.DatiPagamento).map((p) => ({
      condizioniPagamento: req(p.CondizioniPagamento),
      dettaglioPagamento: list(p.DettaglioPagamento).map((d) => ({
        modalitaPagamento: req(d.ModalitaPagamento),
        dataScadenzaPagamento: text(d.DataScadenzaPagamento),
        importoPagamento: req(d.ImportoPagamento),
        istitutoFinanziario: text(d.IstitutoFinanziario),
        iban: text(d.IBAN),
        bic: text(d.BIC),
      })),
    })),
  };
};

/** The root element's name and the namespace its prefix is bound to, read from the start tag. */
const rootOf = (xml: string): { localName: string; namespace: string | null } | null => {
  const m = /<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)((?:\s+[^>]*)?)>/.exec(
    xml.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ''),
  );
  if (!m) return null;
  const prefix = m[1] ? m[1].slice(0, -1) : null;
  const attrs = m[3] ?? '';
  const decl = new RegExp(`xmlns${prefix ? `:${prefix}` : ''}\\s*=\\s*["']([^"']*)["']`).exec(attrs);
  return { localName: m[2] as string, namespace: decl ? (decl[1] as string) : null };
};

/**
 * @returns the model of a FatturaPA file; throws FatturaPaParseError with an Italian message for anything that is
 * not a FatturaPA file or could harm the parser.
 */
export const parseFatturaPaXml = (input: string | Uint8Array): FatturaPa => {
  const size = typeof input === 'string' ? Buffer.byteLength(input) : input.byteLength;
  if (size > maxFatturaPaBytes)
    throw new FatturaPaParseError('Il file supera 5 MB, il limite dello SDI per una fattura.');
  const xml = (typeof input === 'string' ? input : new TextDecoder('utf-8').decode(input)).replace(/^\uFEFF/, '');
  // SECURITY: no DTD at all: external entities (XXE) and entity expansion (billion laughs) are refused outright
  if (/<!DOCTYPE|<!ENTITY/i.test(xml))
    throw new FatturaPaParseError(
      'Il file contiene una dichiarazione DOCTYPE o ENTITY, che una fattura non può avere.',
    );
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    throw new FatturaPaParseError(`Il file non è un XML valido (riga ${valid.err.line}): ${valid.err.msg}`);
  const root = rootOf(xml);
  if (root?.localName !== 'FatturaElettronica')
    throw new FatturaPaParseError('Il file non è una fattura elettronica (manca FatturaElettronica).');
  if (root.namespace !== fatturaPaNamespace)
    throw new FatturaPaParseError(
      `Il file non è nello spazio dei nomi della FatturaPA 1.2 (trovato: ${root.namespace ?? 'nessuno'}).`,
    );
  const doc = node(node(parser.parse(xml)).FatturaElettronica);
  const versione = String(doc['@_versione'] ?? '');
  if (!(formatiTrasmissionePa as readonly string[]).includes(versione))
    throw new FatturaPaParseError(
      `Versione della fattura non supportata: ${versione || 'assente'} (attese FPR12 o FPA12).`,
    );
  const header = node(doc.FatturaElettronicaHeader);
  const t = node(header.DatiTrasmissione);
  const cedente = node(header.CedentePrestatore);
  const cedenteAnagrafici = node(cedente.DatiAnagrafici);
  const cessionario = node(header.CessionarioCommittente);
  const cessionarioAnagrafici = node(cessionario.DatiAnagrafici);
  const bodies = list(doc.FatturaElettronicaBody);
  if (!bodies.length)
    throw new FatturaPaParseError('La fattura non contiene alcun documento (FatturaElettronicaBody).');
  const contatti = node(cedente.Contatti);
  return {
    versione: versione as FatturaPa['versione'],
    datiTrasmissione: {
      idTrasmittente: idFiscale(t.IdTrasmittente) ?? { idPaese: '', idCodice: '' },
      progressivoInvio: req(t.ProgressivoInvio),
      formatoTrasmissione: req(t.FormatoTrasmissione) as FatturaPa['versione'],
      codiceDestinatario: req(t.CodiceDestinatario),
      pecDestinatario: text(t.PECDestinatario),
    },
    cedentePrestatore: {
      idFiscaleIva: idFiscale(cedenteAnagrafici.IdFiscaleIVA) ?? { idPaese: '', idCodice: '' },
      codiceFiscale: text(cedenteAnagrafici.CodiceFiscale),
      anagrafica: anagrafica(cedenteAnagrafici.Anagrafica),
      alboProfessionale: text(cedenteAnagrafici.AlboProfessionale),
      regimeFiscale: req(cedenteAnagrafici.RegimeFiscale),
      sede: sede(cedente.Sede),
      contatti: { telefono: text(contatti.Telefono), email: text(contatti.Email) },
    },
    cessionarioCommittente: {
      idFiscaleIva: idFiscale(cessionarioAnagrafici.IdFiscaleIVA),
      codiceFiscale: text(cessionarioAnagrafici.CodiceFiscale),
      anagrafica: anagrafica(cessionarioAnagrafici.Anagrafica),
      sede: sede(cessionario.Sede),
    },
    bodies: bodies.map(body),
  };
};
