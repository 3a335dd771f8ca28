import {
  type Anagrafica,
  type DatiCassaPrevidenziale,
  type DatiDocumentoCorrelato,
  type DettaglioLinee,
  type FatturaPa,
  type FatturaPaBody,
  fatturaPaNamespace,
  type IdFiscale,
  type Sede,
} from './model.ts';
import { basicLatinText, escapeXml, latinText } from './xml-text.ts';

/**
 * Writes a FatturaPA file, elements in the order of the schema (1.2.2). Every text goes through the character rules of
 * its schema type (Latin-1 or basic Latin, maximum length) and is escaped; amounts are written as the model holds them
 * (the mapping writes them with two decimals). Plain string building: a file is a few kilobytes and this runs on every
 * preview, so no DOM.
 */

type Kind = 'latin' | 'basic' | 'raw';

class XmlWriter {
  readonly parts: string[] = [];
  open(name: string) {
    this.parts.push(`<${name}>`);
  }
  close(name: string) {
    this.parts.push(`</${name}>`);
  }
  /** An element with text; nothing when the value is undefined or empty after cleaning. */
  text(name: string, value: string | number | undefined | null, kind: Kind = 'raw', max = 1000) {
    if (value === undefined || value === null) return;
    const raw = String(value);
    const clean = kind === 'latin' ? latinText(raw, max) : kind === 'basic' ? basicLatinText(raw, max) : raw;
    if (clean === '') return;
    this.parts.push(`<${name}>${escapeXml(clean)}</${name}>`);
  }
  group(name: string, body: () => void) {
    this.open(name);
    body();
    this.close(name);
  }
}

const idFiscale = (w: XmlWriter, name: string, id: IdFiscale) =>
  w.group(name, () => {
    w.text('IdPaese', id.idPaese, 'basic', 2);
    w.text('IdCodice', id.idCodice, 'basic', 28);
  });

const anagrafica = (w: XmlWriter, a: Anagrafica) =>
  w.group('Anagrafica', () => {
    if (a.denominazione) w.text('Denominazione', a.denominazione, 'latin', 80);
    else {
      w.text('Nome', a.nome, 'latin', 60);
      w.text('Cognome', a.cognome, 'latin', 60);
    }
  });

const sede = (w: XmlWriter, s: Sede) =>
  w.group('Sede', () => {
    w.text('Indirizzo', s.indirizzo, 'latin', 60);
    w.text('CAP', s.cap, 'basic', 5);
    w.text('Comune', s.comune, 'latin', 60);
    w.text('Provincia', s.provincia, 'basic', 2);
    w.text('Nazione', s.nazione, 'basic', 2);
  });

const correlato = (w: XmlWriter, name: string, d: DatiDocumentoCorrelato) =>
  w.group(name, () => {
    w.text('IdDocumento', d.idDocumento, 'basic', 20);
    w.text('Data', d.data);
    w.text('CodiceCommessaConvenzione', d.codiceCommessaConvenzione, 'basic', 100);
    w.text('CodiceCIG', d.codiceCig, 'basic', 15);
  });

const cassa = (w: XmlWriter, c: DatiCassaPrevidenziale) =>
  w.group('DatiCassaPrevidenziale', () => {
    w.text('TipoCassa', c.tipoCassa);
    w.text('AlCassa', c.alCassa);
    w.text('ImportoContributoCassa', c.importoContributoCassa);
    w.text('ImponibileCassa', c.imponibileCassa);
    w.text('AliquotaIVA', c.aliquotaIva);
    w.text('Ritenuta', c.ritenuta);
    w.text('Natura', c.natura);
  });

const linea = (w: XmlWriter, l: DettaglioLinee) =>
  w.group('DettaglioLinee', () => {
    w.text('NumeroLinea', l.numeroLinea);
    w.text('Descrizione', l.descrizione, 'latin', 1000);
    w.text('Quantita', l.quantita);
    w.text('PrezzoUnitario', l.prezzoUnitario);
    for (const s of l.scontoMaggiorazione)
      w.group('ScontoMaggiorazione', () => {
        w.text('Tipo', s.tipo);
        w.text('Percentuale', s.percentuale);
        w.text('Importo', s.importo);
      });
    w.text('PrezzoTotale', l.prezzoTotale);
    w.text('AliquotaIVA', l.aliquotaIva);
    w.text('Ritenuta', l.ritenuta);
    w.text('Natura', l.natura);
    w.text('RiferimentoAmministrazione', l.riferimentoAmministrazione, 'basic', 20);
  });

const body = (w: XmlWriter, b: FatturaPaBody) =>
  w.group('FatturaElettronicaBody', () => {
    w.group('DatiGenerali', () => {
      const g = b.datiGeneraliDocumento;
      w.group('DatiGeneraliDocumento', () => {
        w.text('TipoDocumento', g.tipoDocumento);
        w.text('Divisa', g.divisa);
        w.text('Data', g.data);
        w.text('Numero', g.numero, 'basic', 20);
        for (const r of g.datiRitenuta)
          w.group('DatiRitenuta', () => {
            w.text('TipoRitenuta', r.tipoRitenuta);
            w.text('ImportoRitenuta', r.importoRitenuta);
            w.text('AliquotaRitenuta', r.aliquotaRitenuta);
            w.text('CausalePagamento', r.causalePagamento);
          });
        if (g.datiBollo)
          w.group('DatiBollo', () => {
            w.text('BolloVirtuale', g.datiBollo?.bolloVirtuale);
            w.text('ImportoBollo', g.datiBollo?.importoBollo);
          });
        for (const c of g.datiCassaPrevidenziale) cassa(w, c);
        w.text('ImportoTotaleDocumento', g.importoTotaleDocumento);
        for (const c of g.causale) w.text('Causale', c, 'latin', 200);
      });
      for (const o of b.datiOrdineAcquisto) correlato(w, 'DatiOrdineAcquisto', o);
      for (const f of b.datiFattureCollegate) correlato(w, 'DatiFattureCollegate', f);
    });
    w.group('DatiBeniServizi', () => {
      for (const l of b.dettaglioLinee) linea(w, l);
      for (const r of b.datiRiepilogo)
        w.group('DatiRiepilogo', () => {
          w.text('AliquotaIVA', r.aliquotaIva);
          w.text('Natura', r.natura);
          w.text('Arrotondamento', r.arrotondamento);
          w.text('ImponibileImporto', r.imponibileImporto);
          w.text('Imposta', r.imposta);
          w.text('EsigibilitaIVA', r.esigibilitaIva);
          w.text('RiferimentoNormativo', r.riferimentoNormativo, 'latin', 100);
        });
    });
    for (const p of b.datiPagamento)
      w.group('DatiPagamento', () => {
        w.text('CondizioniPagamento', p.condizioniPagamento);
        for (const d of p.dettaglioPagamento)
          w.group('DettaglioPagamento', () => {
            w.text('ModalitaPagamento', d.modalitaPagamento);
            w.text('DataScadenzaPagamento', d.dataScadenzaPagamento);
            w.text('ImportoPagamento', d.importoPagamento);
            w.text('IstitutoFinanziario', d.istitutoFinanziario, 'latin', 80);
            w.text('IBAN', d.iban, 'basic', 34);
            w.text('BIC', d.bic, 'basic', 11);
          });
      });
  });

/** @returns the FatturaPA XML of the model, UTF-8, ready to validate against the official schema and to send. */
export const buildFatturaPaXml = (f: FatturaPa): string => {
  const w = new XmlWriter();
  w.parts.push(
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<p:FatturaElettronica versione="${f.versione}" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" xmlns:p="${fatturaPaNamespace}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">`,
  );
  w.group('FatturaElettronicaHeader', () => {
    const t = f.datiTrasmissione;
    w.group('DatiTrasmissione', () => {
      idFiscale(w, 'IdTrasmittente', t.idTrasmittente);
      w.text('ProgressivoInvio', t.progressivoInvio, 'basic', 10);
      w.text('FormatoTrasmissione', t.formatoTrasmissione);
      w.text('CodiceDestinatario', t.codiceDestinatario, 'basic', 7);
      w.text('PECDestinatario', t.pecDestinatario, 'basic', 256);
    });
    const c = f.cedentePrestatore;
    w.group('CedentePrestatore', () => {
      w.group('DatiAnagrafici', () => {
        idFiscale(w, 'IdFiscaleIVA', c.idFiscaleIva);
        w.text('CodiceFiscale', c.codiceFiscale, 'basic', 16);
        anagrafica(w, c.anagrafica);
        w.text('AlboProfessionale', c.alboProfessionale, 'latin', 60);
        w.text('RegimeFiscale', c.regimeFiscale);
      });
      sede(w, c.sede);
      if (c.contatti?.telefono || c.contatti?.email)
        w.group('Contatti', () => {
          w.text('Telefono', c.contatti?.telefono, 'basic', 12);
          w.text('Email', c.contatti?.email, 'basic', 256);
        });
    });
    const k = f.cessionarioCommittente;
    w.group('CessionarioCommittente', () => {
      w.group('DatiAnagrafici', () => {
        if (k.idFiscaleIva) idFiscale(w, 'IdFiscaleIVA', k.idFiscaleIva);
        w.text('CodiceFiscale', k.codiceFiscale, 'basic', 16);
        anagrafica(w, k.anagrafica);
      });
      sede(w, k.sede);
    });
  });
  for (const b of f.bodies) body(w, b);
  w.parts.push('</p:FatturaElettronica>');
  return w.parts.join('');
};
