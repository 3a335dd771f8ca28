import {
  cassaPrevidenzialeOf,
  codiceIvaOf,
  type Fattura,
  isWithholdingBaseCode,
  type MetodoPagamento,
  stampDutyLineText,
  type Totals,
  totalsOfFattura,
} from '@studiolo/domain/invoices';
import { formatCents, formatRate, formatUnits, parseDecimal } from './decimal.ts';
import type {
  CessionarioCommittente,
  DatiCassaPrevidenziale,
  DettaglioLinee,
  DettaglioPagamento,
  FatturaPa,
  FatturaPaBody,
  IdFiscale,
  Sede,
} from './model.ts';

/** What the transmission adds to a document: who transmits it and the file's progressive. */
export type Trasmissione = {
  /** The transmitter: the studio itself, or the intermediary that sends on its behalf. */
  idTrasmittente: IdFiscale;
  /** Unique per transmitter, at most 5 basic-Latin letters and digits (it is also the file name's progressive). */
  progressivoInvio: string;
};

/** FatturaPA ModalitaPagamento of each payment method; 'Altro' has no code and leaves DatiPagamento out. */
const modalitaPagamento: Record<MetodoPagamento, string | null> = {
  Contanti: 'MP01',
  Assegno: 'MP02',
  'Bonifico bancario': 'MP05',
  'Carta di credito': 'MP08',
  'Carta di debito': 'MP08',
  PayPal: 'MP08',
  Altro: null,
};

/** The stamp duty a forfettario studio recharges, shown as a line of its own so every line's arithmetic holds. */
export const rigaBolloDescrizione = stampDutyLineText;

const uiToIso = (ui: string | null | undefined) =>
  ui ? `${ui.slice(6, 10)}-${ui.slice(3, 5)}-${ui.slice(0, 2)}` : undefined;
const present = (v: string | null | undefined) => (v?.trim() ? v.trim() : undefined);
const regimeCode = (r: string | null) => (r ? r.replace('_', '') : '');
const italianProvince = /^[A-Z]{2}$/;

/** The Italian address, or the foreign one (no province, CAP 00000 as the SDI asks for addresses abroad). */
const sedeOf = (r: {
  indirizzo: string | null;
  cap: string | null;
  comune: string | null;
  provincia: string | null;
  nazione?: string | null;
}): Sede => {
  const provincia = r.provincia?.trim().toUpperCase() ?? '';
  const nazione = r.nazione?.trim().toUpperCase() ?? '';
  const italian = (italianProvince.test(provincia) && provincia !== 'EE') || nazione === '' || nazione === 'IT';
  return {
    indirizzo: r.indirizzo ?? '',
    cap: italian ? (r.cap ?? '') : '00000',
    comune: r.comune ?? '',
    provincia: italian ? provincia || undefined : undefined,
    nazione: italian ? 'IT' : nazione.slice(0, 2),
  };
};

/** A phone number as Telefono takes it (5 to 12 characters), or nothing. */
const telefonoOf = (t: string | null) => {
  const compact = t?.replace(/[\s./()-]/g, '') ?? '';
  return compact.length >= 5 && compact.length <= 12 ? compact : undefined;
};

const cessionarioOf = (f: Fattura): CessionarioCommittente => {
  const c = f.paziente;
  const partitaIva = present(c.partitaIva);
  const sede = sedeOf(c.residenza);
  return {
    idFiscaleIva: partitaIva ? { idPaese: sede.nazione || 'IT', idCodice: partitaIva } : undefined,
    codiceFiscale: present(c.codiceFiscale),
    anagrafica:
      c.tipologiaPersona === 'GIURIDICA'
        ? { denominazione: c.ragioneSociale ?? c.nomeCompleto }
        : { nome: c.nome ?? '', cognome: c.cognome ?? '' },
    sede,
  };
};

/**
 * The recipient code: the document's, else the customer's, else 0000000 (the SDI then delivers to the PEC given, or
 * to the customer's reserved area); XXXXXXX for a customer abroad.
 */
const codiceDestinatarioOf = (f: Fattura, sede: Sede): string => {
  if (sede.nazione !== 'IT') return 'XXXXXXX';
  const code = present(f.codiceDestinatario) ?? present(f.paziente.codiceDestinatario);
  if (code) return code.toUpperCase();
  return f.formatoTrasmissione === 'FPA_12' ? '' : '0000000';
};

const lineeOf = (f: Fattura, t: Totals): DettaglioLinee[] => {
  const ritenutaActive = f.tassazione.ritenutaAcconto.isActive;
  const linee: DettaglioLinee[] = f.prestazione.map((l, i) => {
    const lt = t.lines[i] as Totals['lines'][number];
    const code = codiceIvaOf(l.codiceIvaId);
    return {
      numeroLinea: i + 1,
      descrizione: l.descrizione,
      quantita: formatCents(Math.round(l.quantita * 100)),
      prezzoUnitario: formatUnits(parseDecimal(lt.prezzoUnitarioNetto) ?? 0n),
      scontoMaggiorazione: l.sconto > 0 ? [{ tipo: 'SC', percentuale: formatRate(l.sconto) }] : [],
      prezzoTotale: formatCents(lt.imponibileCents - lt.quotaBolloCents),
      aliquotaIva: formatRate(code.aliquota),
      ritenuta: ritenutaActive && isWithholdingBaseCode(l.codiceIvaId) ? 'SI' : undefined,
      natura: code.aliquota === 0 ? (code.natura ?? undefined) : undefined,
      riferimentoAmministrazione: present(l.riferimentoAmministrazione),
    };
  });
  // spec part 2 §9: the recharged stamp duty of the forfettario regime is part of the lines without VAT
  const bolloByCode = new Map<number, number>();
  f.prestazione.forEach((l, i) => {
    const quota = (t.lines[i] as Totals['lines'][number]).quotaBolloCents;
    if (quota) bolloByCode.set(l.codiceIvaId, (bolloByCode.get(l.codiceIvaId) ?? 0) + quota);
  });
  for (const [codiceIvaId, cents] of bolloByCode) {
    const code = codiceIvaOf(codiceIvaId);
    linee.push({
      numeroLinea: linee.length + 1,
      descrizione: rigaBolloDescrizione,
      quantita: '1.00',
      prezzoUnitario: formatCents(cents),
      scontoMaggiorazione: [],
      prezzoTotale: formatCents(cents),
      aliquotaIva: formatRate(code.aliquota),
      natura: code.natura ?? undefined,
    });
  }
  return linee;
};

const cassaOf = (f: Fattura, t: Totals): DatiCassaPrevidenziale[] => {
  if (!t.cassaCents || t.cassaCodiceIvaId === null) return [];
  const cassa = cassaPrevidenzialeOf(f.tassazione.cassaPrevidenzialeType);
  const code = codiceIvaOf(t.cassaCodiceIvaId);
  const imponibileCassa = t.lines.reduce((s, l) => s + l.imponibileCents - l.quotaBolloCents, 0);
  const c = f.tassazione.cassaPrevidenziale;
  const alCassa =
    c.typeValue === 'PERCENTAGE'
      ? formatRate(c.value)
      : formatCents(imponibileCassa ? Math.round((t.cassaCents * 10_000) / imponibileCassa) : 0);
  return [
    {
      tipoCassa: cassa.tipoCassa ?? 'TC22',
      alCassa,
      importoContributoCassa: formatCents(t.cassaCents),
      imponibileCassa: formatCents(imponibileCassa),
      aliquotaIva: formatRate(code.aliquota),
      // the INPS rivalsa is part of the fee and bears the withholding; a contributo integrativo does not (decision 020)
      ritenuta: f.tassazione.ritenutaAcconto.isActive && cassa.tipoContributo === 'RIVALSA' ? 'SI' : undefined,
      natura: code.aliquota === 0 ? (code.natura ?? undefined) : undefined,
    },
  ];
};

const pagamentoOf = (f: Fattura, t: Totals): FatturaPaBody['datiPagamento'] => {
  const modalita = modalitaPagamento[f.metodoPagamento];
  if (!modalita) return [];
  // split payment: the public body pays the VAT to the State, not to the studio
  const splitIva = t.riepilogoIva
    .filter((r) => codiceIvaOf(r.codiceIvaId).splitPayment)
    .reduce((s, r) => s + r.impostaCents, 0);
  const bank = f.coordinateBancarie;
  const dettaglio: DettaglioPagamento = {
    modalitaPagamento: modalita,
    dataScadenzaPagamento: uiToIso(f.dataScadenza),
    importoPagamento: formatCents(t.nettoCents - splitIva),
    ...(modalita === 'MP05' && bank
      ? {
          istitutoFinanziario: present(bank.nomeBanca),
          iban: present(bank.iban)?.replace(/\s/g, ''),
          bic: present(bank.bicSwift),
        }
      : {}),
  };
  return [{ condizioniPagamento: 'TP02', dettaglioPagamento: [dettaglio] }];
};

/**
 * The FatturaPA of an invoice or credit note, every figure from the totals module (the same as on screen and in the
 * PDF). The result may still break a rule of the SDI (a studio without partita IVA, a PA without CIG order): run
 * `checkSdiRules` on it before issuing or sending.
 */
export const fatturaToFatturaPa = (f: Fattura, trasmissione: Trasmissione): FatturaPa => {
  const t = totalsOfFattura(f);
  const e = f.emittente;
  const formato = f.formatoTrasmissione === 'FPA_12' ? 'FPA12' : 'FPR12';
  const cessionario = cessionarioOf(f);
  const ordine =
    present(f.idDocumentoOrdineAcquisto) || present(f.codiceCIG) || present(f.codiceCommessaConvenzione)
      ? [
          {
            idDocumento: present(f.idDocumentoOrdineAcquisto) ?? '',
            data: uiToIso(f.dataDocumentoOrdineAcquisto),
            codiceCommessaConvenzione: present(f.codiceCommessaConvenzione),
            codiceCig: present(f.codiceCIG),
          },
        ]
      : [];
  const collegate =
    f.tipoDocumento === 'NOTA_DI_CREDITO' && present(f.numeroFatturaCollegata)
      ? [{ idDocumento: f.numeroFatturaCollegata as string, data: uiToIso(f.dataFatturaCollegata) }]
      : [];
  const body: FatturaPaBody = {
    datiGeneraliDocumento: {
      tipoDocumento: f.tipoDocumento === 'NOTA_DI_CREDITO' ? 'TD04' : 'TD01',
      divisa: 'EUR',
      data: uiToIso(f.dataFattura) as string,
      numero: f.idDocumento,
      datiRitenuta: f.tassazione.ritenutaAcconto.isActive
        ? [
            {
              tipoRitenuta: (f.tassazione.ritenutaAcconto.tipoRitenuta ?? '').replace('_', ''),
              importoRitenuta: formatCents(t.ritenutaCents),
              aliquotaRitenuta: formatRate(f.tassazione.ritenutaAcconto.aliquotaRitenuta),
              causalePagamento: f.tassazione.ritenutaAcconto.causalePagamento ?? '',
            },
          ]
        : [],
      datiBollo: t.marcaDaBolloDovuta
        ? { bolloVirtuale: 'SI', importoBollo: formatCents(t.marcaDaBolloCents) }
        : undefined,
      datiCassaPrevidenziale: cassaOf(f, t),
      importoTotaleDocumento: formatCents(t.totaleCents),
      causale: f.causali,
    },
    datiOrdineAcquisto: ordine,
    datiFattureCollegate: collegate,
    dettaglioLinee: lineeOf(f, t),
    datiRiepilogo: t.riepilogoIva.map((r) => {
      const code = codiceIvaOf(r.codiceIvaId);
      return {
        aliquotaIva: formatRate(r.aliquota),
        natura: r.aliquota === 0 ? (r.natura ?? undefined) : undefined,
        imponibileImporto: formatCents(r.imponibileCents),
        imposta: formatCents(r.impostaCents),
        esigibilitaIva: code.splitPayment ? 'S' : r.aliquota > 0 ? 'I' : undefined,
        riferimentoNormativo: r.aliquota === 0 ? code.description : undefined,
      };
    }),
    datiPagamento: pagamentoOf(f, t),
  };
  return {
    versione: formato,
    datiTrasmissione: {
      idTrasmittente: trasmissione.idTrasmittente,
      progressivoInvio: trasmissione.progressivoInvio,
      formatoTrasmissione: formato,
      codiceDestinatario: codiceDestinatarioOf(f, cessionario.sede),
      pecDestinatario:
        codiceDestinatarioOf(f, cessionario.sede) === '0000000'
          ? (present(f.pecDestinatario) ?? present(f.paziente.pec))
          : undefined,
    },
    cedentePrestatore: {
      idFiscaleIva: { idPaese: 'IT', idCodice: present(e.partitaIva) ?? '' },
      codiceFiscale: present(e.codiceFiscale),
      anagrafica: { denominazione: e.denominazione },
      alboProfessionale: present(e.iscrizioneAlbo),
      regimeFiscale: regimeCode(f.tassazione.regimeFiscale),
      sede: sedeOf({ ...e.residenza, nazione: 'IT' }),
      contatti: { telefono: telefonoOf(e.telefono), email: present(e.email) },
    },
    cessionarioCommittente: cessionario,
    bodies: [body],
  };
};
