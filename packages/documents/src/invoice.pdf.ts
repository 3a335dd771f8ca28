import {
  type Cliente,
  type CodiceIva,
  cassaPrintLabel,
  codiceIvaOf,
  defaultFooterText,
  defaultMiddleText,
  type Emittente,
  type Fattura,
  invoiceMessages,
  type Proforma,
  stampDutyLineText as rigaBolloDescrizione,
  tipoDocumentoLabels,
  tipoRitenutaLabels,
} from '@studiolo/domain/invoices';
import { regimeFiscaleLabels } from '@studiolo/domain/studio';
import type pdfmake from 'pdfmake';
import type { Content, TableCell } from 'pdfmake';
import { formatEuro, formatIban, formatPercent, formatQuantity } from './format.ts';
import { imageDataUrl, pdfFontFamily, preparedPdfmake, winAnsiDeep } from './pdfmake-setup.ts';

/** What the invoice PDF prints: an invoice (any type, credit notes included) or a pro-forma, as the API answers it. */
export type InvoicePdfDocument = Fattura | Proforma;

export type InvoicePdfOptions = {
  /** The studio's logo, PNG or JPEG; anything else is left out rather than failing the document. */
  logo?: Buffer | null;
  /** The fiscal regime as printed under the supplier; defaults to the FatturaPA label of tassazione.regimeFiscale. */
  regimeLabel?: string;
};

// spec part 2 §9: A4, margins 40/40/40/80, logo fit 150x80
const pageMargins: [number, number, number, number] = [40, 40, 40, 80];
const logoFit: [number, number] = [150, 80];
/** Longer footer texts do not fit the 80 pt bottom margin: they are printed after the totals instead. */
const maxFooterTextLength = 420;

/** @types/pdfmake's TDocumentDefinitions, which its index does not re-export. */
type TDocumentDefinitions = Parameters<typeof pdfmake.createPdf>[0];

const colors = {
  accent: '#1f3a5f',
  text: '#1d2733',
  muted: '#5b6675',
  rule: '#c9d1db',
  fill: '#eef2f6',
} as const;

const isProforma = (doc: InvoicePdfDocument): doc is Proforma => doc.tipoDocumento === 'PROFORMA';

/** The title by type (spec part 2 §2); an electronic invoice's PDF is the courtesy copy of the XML sent to the SDI. */
export const invoicePdfTitle = (doc: InvoicePdfDocument): string =>
  doc.tipoDocumento === 'FATTURA_ELETTRONICA'
    ? `${tipoDocumentoLabels.FATTURA_ELETTRONICA} (copia di cortesia)`
    : tipoDocumentoLabels[doc.tipoDocumento];

const present = (...parts: (string | null | undefined)[]): string[] =>
  parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '');

const cityLine = (r: { cap: string | null; comune: string | null; provincia: string | null }): string | null => {
  const line = present(r.cap, r.comune).join(' ');
  const withProvince = r.provincia ? `${line} (${r.provincia})` : line;
  return withProvince.trim() || null;
};

const isItaly = (nazione: string | null) => !nazione || /^(it|ita|italia|italy)$/i.test(nazione.trim());

const supplierBlock = (e: Emittente, regimeLabel: string | null): Content[] => {
  const fiscal = present(e.codiceFiscale && `C.F. ${e.codiceFiscale}`, e.partitaIva && `P.IVA ${e.partitaIva}`);
  const contacts = present(e.telefono && `Tel. ${e.telefono}`, e.email, e.pec && `PEC ${e.pec}`);
  return [
    { text: e.denominazione, style: 'supplierName' },
    ...present(e.professione, e.iscrizioneAlbo).map((t) => ({ text: t, style: 'supplierLine' })),
    ...present(e.residenza.indirizzo, cityLine(e.residenza)).map((t) => ({ text: t, style: 'supplierLine' })),
    ...(fiscal.length ? [{ text: fiscal.join(' · '), style: 'supplierLine' }] : []),
    ...(contacts.length ? [{ text: contacts.join(' · '), style: 'supplierLine' }] : []),
    ...(regimeLabel ? [{ text: `Regime fiscale: ${regimeLabel}`, style: 'supplierLine' }] : []),
  ];
};

const customerName = (c: Cliente): string =>
  c.tipologiaPersona === 'GIURIDICA' ? c.ragioneSociale || c.nomeCompleto : c.nomeCompleto;

const labelled = (label: string, value: string | null | undefined): Content[] =>
  value ? [{ text: [{ text: `${label} `, color: colors.muted }, { text: value }], style: 'boxLine' }] : [];

const customerBlock = (doc: InvoicePdfDocument): Content[] => {
  const c = doc.paziente;
  const r = c.residenza;
  const f = isProforma(doc) ? null : doc;
  return [
    { text: 'Destinatario', style: 'boxTitle' },
    { text: customerName(c), style: 'customerName' },
    ...present(r.indirizzo, cityLine(r), isItaly(r.nazione) ? null : r.nazione).map((t) => ({
      text: t,
      style: 'boxLine',
    })),
    ...labelled('C.F.', c.codiceFiscale),
    ...labelled('P.IVA', c.partitaIva),
    ...labelled('Codice destinatario', f?.codiceDestinatario ?? null),
    ...labelled('PEC', f?.pecDestinatario ?? null),
    ...(c.opposizioneTs
      ? [{ text: "Opposizione all'invio dei dati al Sistema TS", style: 'boxLine', italics: true }]
      : []),
  ];
};

const documentDataBlock = (doc: InvoicePdfDocument): Content[] => {
  const date = isProforma(doc) ? doc.data : doc.dataFattura;
  const rows: Content[] = [
    { text: 'Dati del documento', style: 'boxTitle' },
    ...labelled('Tipo', invoicePdfTitle(doc)),
    ...labelled('Numero', `${doc.idDocumento} del ${date}`),
    ...labelled('Scadenza', doc.dataScadenza),
    ...labelled(doc.tipoDocumento === 'NOTA_DI_CREDITO' ? 'Rimborso' : 'Pagamento', doc.metodoPagamento),
  ];
  if (isProforma(doc)) {
    rows.push(...labelled('Fattura emessa', doc.fatturaIdDocumento));
    return rows;
  }
  if (doc.tipoDocumento === 'NOTA_DI_CREDITO')
    rows.push(
      ...labelled(
        'Rettifica la fattura',
        doc.numeroFatturaCollegata &&
          `n. ${doc.numeroFatturaCollegata}${doc.dataFatturaCollegata ? ` del ${doc.dataFatturaCollegata}` : ''}`,
      ),
    );
  // a credit note is refunded to the patient, not paid (issue 26)
  if (doc.pagata)
    rows.push(
      ...labelled(
        doc.tipoDocumento === 'NOTA_DI_CREDITO' ? 'Rimborsata' : 'Pagata',
        doc.dataIncasso ? `il ${doc.dataIncasso}` : 'sì',
      ),
    );
  rows.push(
    ...labelled('CIG', doc.codiceCIG),
    ...labelled(
      "Ordine d'acquisto",
      doc.idDocumentoOrdineAcquisto &&
        `n. ${doc.idDocumentoOrdineAcquisto}${doc.dataDocumentoOrdineAcquisto ? ` del ${doc.dataDocumentoOrdineAcquisto}` : ''}`,
    ),
    ...labelled('Commessa/convenzione', doc.codiceCommessaConvenzione),
  );
  return rows;
};

/** A bordered box with a light title, as a one-cell table so that it keeps its frame across the columns. */
const box = (content: Content[], fill?: string): Content => ({
  table: { widths: ['*'], body: [[{ stack: content, ...(fill ? { fillColor: fill } : {}), margin: [8, 6, 8, 6] }]] },
  layout: {
    hLineWidth: () => 0.6,
    vLineWidth: () => 0.6,
    hLineColor: () => colors.rule,
    vLineColor: () => colors.rule,
    paddingLeft: () => 0,
    paddingRight: () => 0,
    paddingTop: () => 0,
    paddingBottom: () => 0,
  },
});

/** Two framed boxes of the same height, side by side (one table row, the middle cell a frameless gap). */
const sideBySide = (left: Content[], right: Content[]): Content => {
  const framed = (stack: Content[]): TableCell => ({ stack, margin: [8, 6, 8, 6] });
  return {
    table: {
      widths: ['*', 14, '*'],
      body: [[framed(left), { text: '', border: [false, false, false, false] }, framed(right)]],
    },
    layout: {
      hLineWidth: () => 0.6,
      vLineWidth: () => 0.6,
      hLineColor: () => colors.rule,
      vLineColor: () => colors.rule,
      paddingLeft: () => 0,
      paddingRight: () => 0,
      paddingTop: () => 0,
      paddingBottom: () => 0,
    },
    margin: [0, 0, 0, 14],
  };
};

const vatLabel = (c: CodiceIva): string => (c.aliquota > 0 ? formatPercent(c.aliquota) : (c.natura ?? '0%'));

/** The stamp duty charged to the patient that the forfettario regime adds to the fees (spec part 2 §9). */
const bolloInLines = (doc: InvoicePdfDocument) => doc.totali.righe.reduce((s, r) => s + r.quotaBollo, 0);

/** Euros to cents and back, to add printed figures without float drift. */
const sumEuros = (...v: number[]) => v.reduce((s, x) => s + Math.round(x * 100), 0) / 100;

/**
 * With prices that include fund and VAT the lines print the prices as entered (what the patient pays), and the
 * header says so; the totals box then splits them into fees, fund and VAT (issue 26: every figure two decimals).
 */
const compensiLabel = {
  'IVA e rivalsa incluse': 'Compensi (al netto di rivalsa e IVA)',
  'rivalsa inclusa': 'Compensi (al netto della rivalsa)',
  'IVA inclusa': "Compensi (al netto dell'IVA)",
} as const;

const inclusiveLabel = (doc: InvoicePdfDocument): keyof typeof compensiLabel | null => {
  const t = doc.totali;
  if (!doc.tassazione.ivaAndRivalsaInclusa) return null;
  const withIva = t.iva > 0;
  const withCassa = t.cassa > 0;
  if (withIva && withCassa) return 'IVA e rivalsa incluse';
  if (withCassa) return 'rivalsa inclusa';
  if (withIva) return 'IVA inclusa';
  return null;
};

const linesTable = (doc: InvoicePdfDocument): Content => {
  const t = doc.totali;
  const included = inclusiveLabel(doc);
  const header: TableCell[] = [
    { text: 'Descrizione', style: 'th' },
    { text: 'Q.tà', style: 'th', alignment: 'right' },
    { text: included ? `Prezzo unitario (${included})` : 'Prezzo unitario', style: 'th', alignment: 'right' },
    { text: 'Sconto', style: 'th', alignment: 'right' },
    { text: 'IVA', style: 'th', alignment: 'center' },
    { text: included ? `Importo (${included})` : 'Importo', style: 'th', alignment: 'right' },
  ];
  const body: TableCell[][] = doc.prestazione.map((line, i) => {
    const figures = t.righe[i];
    const description: Content[] = [{ text: line.descrizione }];
    if (line.riferimentoAmministrazione)
      description.push({ text: `Rif. amministrazione: ${line.riferimentoAmministrazione}`, style: 'lineNote' });
    return [
      { stack: description },
      { text: formatQuantity(line.quantita), alignment: 'right' },
      // the price as entered, in cents; the XML's PrezzoUnitario keeps the exact net price (up to 8 decimals)
      { text: formatEuro(line.prezzoPerUnita), alignment: 'right' },
      { text: line.sconto > 0 ? formatPercent(line.sconto) : '', alignment: 'right' },
      { text: vatLabel(codiceIvaOf(line.codiceIvaId)), alignment: 'center' },
      { text: figures ? formatEuro(figures.importo) : '', alignment: 'right' },
    ];
  });
  // the recharged stamp duty is a line of its own, as in the XML ("Imposta di bollo addebitata al cliente")
  const bollo = bolloInLines(doc);
  if (bollo > 0) {
    const carrier = doc.prestazione.find((_, i) => (t.righe[i]?.quotaBollo ?? 0) > 0);
    body.push([
      { text: rigaBolloDescrizione },
      { text: '1', alignment: 'right' },
      { text: formatEuro(bollo), alignment: 'right' },
      { text: '' },
      { text: carrier ? vatLabel(codiceIvaOf(carrier.codiceIvaId)) : '', alignment: 'center' },
      { text: formatEuro(bollo), alignment: 'right' },
    ]);
  }
  return {
    table: { headerRows: 1, dontBreakRows: true, widths: ['*', 32, 84, 40, 36, 80], body: [header, ...body] },
    layout: {
      hLineWidth: (i, node) => (i === 0 || i === 1 || i === node.table.body.length ? 0.8 : 0.4),
      vLineWidth: () => 0,
      hLineColor: (i) => (i <= 1 ? colors.accent : colors.rule),
      fillColor: (row) => (row === 0 ? colors.fill : null),
      paddingTop: () => 5,
      paddingBottom: () => 5,
      paddingLeft: (i) => (i === 0 ? 6 : 4),
      paddingRight: (i, node) => (i === (node.table.widths?.length ?? 0) - 1 ? 6 : 4),
    },
  };
};

/**
 * What the VAT summary's base comprises besides the fees, said in its header: the same word never names two figures
 * on one page (issue 26: "Imponibile 98,15" beside "Imponibile 102,00").
 */
const vatBaseLabel = (doc: InvoicePdfDocument): string => {
  const extra = present(doc.totali.cassa > 0 ? 'rivalsa' : null, bolloInLines(doc) > 0 ? 'bollo' : null);
  return extra.length ? `Imponibile (comprensivo di ${extra.join(' e ')})` : 'Imponibile';
};

const vatSummary = (doc: InvoicePdfDocument): Content => ({
  table: {
    headerRows: 1,
    widths: [52, '*', 96, 60],
    body: [
      [
        { text: 'Aliquota', style: 'th' },
        { text: 'Riepilogo IVA', style: 'th' },
        { text: vatBaseLabel(doc), style: 'th', alignment: 'right' },
        { text: 'Imposta', style: 'th', alignment: 'right' },
      ],
      ...doc.totali.riepilogoIva.map((r): TableCell[] => {
        const c = codiceIvaOf(r.codiceIvaId);
        return [
          { text: r.aliquota > 0 ? formatPercent(r.aliquota) : (r.natura ?? '0%') },
          { text: c.description, style: 'small' },
          { text: formatEuro(r.imponibile), alignment: 'right' },
          { text: formatEuro(r.imposta), alignment: 'right' },
        ];
      }),
    ],
  },
  layout: {
    hLineWidth: (i, node) => (i === 0 || i === 1 || i === node.table.body.length ? 0.6 : 0.3),
    vLineWidth: () => 0,
    hLineColor: () => colors.rule,
    fillColor: (row) => (row === 0 ? colors.fill : null),
    paddingTop: () => 3,
    paddingBottom: () => 3,
  },
  fontSize: 8.5,
});

/** The fund's label: 'Rivalsa INPS 4%' (spec part 2 §2); a fixed amount has no percentage to show. */
const cassaLabel = (doc: InvoicePdfDocument): string => {
  const c = doc.tassazione.cassaPrevidenziale;
  const label = cassaPrintLabel(doc.tassazione.cassaPrevidenzialeType, c.value);
  return c.typeValue === 'ABS_VALUE' ? label.replace(/\s+[\d.,]+%$/, '') : label;
};

const totalsRecap = (doc: InvoicePdfDocument): Content => {
  const t = doc.totali;
  const r = doc.tassazione.ritenutaAcconto;
  type Row = { label: string; value: string; strong?: boolean; note?: string };
  const bollo = bolloInLines(doc);
  const included = inclusiveLabel(doc);
  // the fees alone: the lines' taxable amounts without the stamp duty the forfettario adds to them
  const rows: Row[] = [
    {
      label: included ? compensiLabel[included] : 'Totale prestazioni',
      value: formatEuro(sumEuros(t.totalePrestazioni, -bollo)),
    },
  ];
  if (t.cassa > 0) rows.push({ label: cassaLabel(doc), value: formatEuro(t.cassa) });
  // a document without VAT (forfettario, exempt services) shows its natura in the summary, not a line of 0,00 €
  if (t.iva > 0 || t.riepilogoIva.some((v) => v.aliquota > 0)) rows.push({ label: 'IVA', value: formatEuro(t.iva) });
  if (bollo > 0 || t.marcaDaBolloAddebitata > 0)
    rows.push({ label: rigaBolloDescrizione, value: formatEuro(sumEuros(bollo, t.marcaDaBolloAddebitata)) });
  rows.push({ label: 'Totale documento', value: formatEuro(t.totale), strong: true });
  if (t.ritenuta > 0) {
    const kind = r.tipoRitenuta ? tipoRitenutaLabels[r.tipoRitenuta] : null;
    rows.push({
      label: "Ritenuta d'acconto",
      note: present(kind, `${formatPercent(r.aliquotaRitenuta)} su ${formatEuro(r.baseImponibile)}`).join(', '),
      value: `– ${formatEuro(t.ritenuta)}`,
    });
    rows.push({ label: 'Netto a pagare', value: formatEuro(t.netto), strong: true });
  }
  return {
    table: {
      widths: ['*', 'auto'],
      body: rows.map((row): TableCell[] => [
        {
          stack: [
            { text: row.label, bold: row.strong ?? false, fontSize: row.strong ? 10.5 : 9 },
            ...(row.note ? [{ text: row.note, style: 'lineNote' }] : []),
          ],
          ...(row.strong ? { fillColor: colors.fill } : {}),
        },
        {
          text: row.value,
          alignment: 'right',
          bold: row.strong ?? false,
          fontSize: row.strong ? 10.5 : 9,
          ...(row.strong ? { fillColor: colors.fill } : {}),
        },
      ]),
    },
    layout: {
      hLineWidth: (i, node) => (i === 0 || i === node.table.body.length ? 0 : 0.4),
      vLineWidth: () => 0,
      hLineColor: () => colors.rule,
      paddingTop: () => 4,
      paddingBottom: () => 4,
      paddingLeft: () => 6,
      paddingRight: () => 6,
    },
  };
};

/** spec part 2 §2, §9: the stamp duty box, when the amounts without VAT pass 77.47 €. */
const stampDutyBox = (doc: InvoicePdfDocument): Content | null => {
  const t = doc.totali;
  if (!t.marcaDaBolloDovuta) return null;
  const m = invoiceMessages;
  const how = doc.tassazione.marcaDaBolloVirtuale
    ? m.stampDutyVirtual
    : m.stampDutyPhysical(isProforma(doc) ? null : doc.idMarcaDaBollo);
  const who = doc.tassazione.marcaDaBolloCaricoMio
    ? `Imposta di bollo di ${formatEuro(t.marcaDaBollo)} a carico dell'emittente, non addebitata al cliente.`
    : `Imposta di bollo di ${formatEuro(t.marcaDaBollo)} addebitata al cliente.`;
  return box(
    [
      { text: 'Imposta di bollo', style: 'boxTitle' },
      { text: `${how} ${who}`, style: 'boxLine' },
      { text: m.stampDutyNote, style: 'lineNote' },
    ],
    '#fbfaf5',
  );
};

const bankBox = (doc: InvoicePdfDocument): Content | null => {
  const b = doc.coordinateBancarie;
  if (!b || !(b.iban || b.nomeBanca || b.intestatario || b.bicSwift)) return null;
  return box([
    { text: 'Coordinate bancarie', style: 'boxTitle' },
    ...labelled('Intestatario', b.intestatario),
    ...labelled('Banca', b.nomeBanca),
    ...(b.iban
      ? [
          {
            text: [
              { text: 'IBAN ', color: colors.muted },
              { text: formatIban(b.iban), bold: true },
            ],
            style: 'boxLine',
          },
        ]
      : []),
    ...labelled('BIC/SWIFT', b.bicSwift),
  ]);
};

const subtitle = (doc: InvoicePdfDocument): string | null => {
  if (isProforma(doc)) return 'Documento privo di valore fiscale: la fattura sarà emessa al ricevimento del pagamento.';
  if (doc.isElettronica)
    return 'Copia di cortesia: il documento fiscalmente valido è quello trasmesso al Sistema di Interscambio (SDI).';
  return null;
};

/**
 * The pdfmake document of an invoice, pro-forma or credit note. Every figure comes from doc.totali (computed by the
 * domain's documentTotals when the document was saved): nothing is summed here.
 */
export const invoiceDocumentDefinition = (
  doc: InvoicePdfDocument,
  opts: InvoicePdfOptions = {},
): TDocumentDefinitions => {
  const title = invoicePdfTitle(doc);
  const date = isProforma(doc) ? doc.data : doc.dataFattura;
  const regime = doc.tassazione.regimeFiscale;
  const regimeLabel = opts.regimeLabel ?? (regime ? regimeFiscaleLabels[regime] : null);
  const logo = imageDataUrl(opts.logo);
  const codiciUsed = [...new Set(doc.prestazione.map((l) => l.codiceIvaId))];
  const middleText = doc.fatturaSettings.middleText ?? defaultMiddleText(regime, codiciUsed);
  const footerText = doc.fatturaSettings.footerText ?? defaultFooterText;
  const footerFits = footerText.length <= maxFooterTextLength;
  // the lines print the prices the patient was asked; the recap splits them (issue 26)
  const included = inclusiveLabel(doc);
  const inclusiveNote = included
    ? `Prezzi e importi delle righe comprensivi di ${included === 'IVA e rivalsa incluse' ? 'rivalsa e IVA' : included === 'rivalsa inclusa' ? 'rivalsa' : 'IVA'}: il riepilogo indica i compensi al netto.`
    : null;
  const sub = subtitle(doc);

  const header: Content = {
    columns: [
      {
        width: '*',
        stack: [
          ...(logo ? [{ image: 'logo', fit: logoFit, margin: [0, 0, 0, 8] } as Content] : []),
          ...supplierBlock(doc.emittente, regimeLabel),
        ],
      },
      {
        width: 210,
        stack: [
          { text: title.toUpperCase(), style: 'title' },
          { text: `N. ${doc.idDocumento}`, style: 'number' },
          { text: `del ${date}`, style: 'titleDate' },
          ...(sub ? [{ text: sub, style: 'subtitle' }] : []),
        ],
      },
    ],
    columnGap: 20,
  };

  const extra: Content[] = [];
  if (doc.causali.length)
    extra.push({ text: 'Causale', style: 'sectionTitle' }, ...doc.causali.map((c) => ({ text: c, style: 'body' })));
  if (doc.note) extra.push({ text: 'Note', style: 'sectionTitle' }, { text: doc.note, style: 'body' });
  const stacked = (items: (Content | null)[]): Content[] =>
    items.filter((c): c is Content => c !== null).map((c, i) => ({ stack: [c], margin: [0, i ? 10 : 0, 0, 0] }));
  // left: what the patient reads (stamp duty, reasons, notes); right: the figures and where to pay them
  const left = stacked([stampDutyBox(doc), extra.length ? { stack: extra } : null]);
  const right = stacked([totalsRecap(doc), bankBox(doc)]);

  return {
    pageSize: 'A4',
    pageMargins,
    info: {
      title: `${title} ${doc.idDocumento}`,
      author: doc.emittente.denominazione,
      subject: `${title} n. ${doc.idDocumento} del ${date}`,
      creator: 'Studiolo',
      producer: 'Studiolo',
    },
    images: logo ? { logo } : {},
    defaultStyle: { font: pdfFontFamily, fontSize: 9, color: colors.text, lineHeight: 1.15 },
    content: [
      header,
      {
        canvas: [{ type: 'line', x1: 0, y1: 0, x2: 515.28, y2: 0, lineWidth: 1.2, lineColor: colors.accent }],
        margin: [0, 12, 0, 12],
      },
      sideBySide(documentDataBlock(doc), customerBlock(doc)),
      linesTable(doc),
      ...(inclusiveNote ? [{ text: inclusiveNote, style: 'lineNote', margin: [0, 3, 0, 0] } as Content] : []),
      ...(middleText ? [{ text: middleText, style: 'legal', margin: [0, 10, 0, 0] } as Content] : []),
      { stack: [vatSummary(doc)], margin: [0, 12, 0, 0] },
      {
        columns: [
          { width: '*', stack: left },
          { width: 245, stack: right },
        ],
        columnGap: 20,
        margin: [0, 12, 0, 0],
        // the recap, the stamp duty and the bank references move to the next page together rather than split
        unbreakable: true,
      },
      ...(footerFits ? [] : [{ text: footerText, style: 'legal', margin: [0, 16, 0, 0] } as Content]),
    ],
    // from the second page on, the top margin names the document the page belongs to
    header: (currentPage) =>
      currentPage > 1
        ? {
            text: `${title} n. ${doc.idDocumento} del ${date} (segue)`,
            style: 'footer',
            margin: [pageMargins[0], 22, pageMargins[2], 0],
          }
        : null,
    footer: (currentPage, pageCount) => ({
      margin: [pageMargins[0], 16, pageMargins[2], 0],
      columns: [
        { width: '*', text: footerFits ? footerText : '', style: 'footer' },
        { width: 80, text: `Pagina ${currentPage} di ${pageCount}`, style: 'footer', alignment: 'right' },
      ],
      columnGap: 16,
    }),
    styles: {
      supplierName: { fontSize: 13, bold: true, color: colors.accent, margin: [0, 0, 0, 3] },
      supplierLine: { fontSize: 8.5, color: colors.muted },
      title: { fontSize: 15, bold: true, color: colors.accent, alignment: 'right' },
      number: { fontSize: 12, bold: true, alignment: 'right', margin: [0, 4, 0, 0] },
      titleDate: { fontSize: 10, alignment: 'right', color: colors.muted },
      subtitle: { fontSize: 7.5, italics: true, color: colors.muted, alignment: 'right', margin: [0, 6, 0, 0] },
      boxTitle: { fontSize: 7.5, bold: true, color: colors.accent, characterSpacing: 0.4, margin: [0, 0, 0, 4] },
      customerName: { fontSize: 11, bold: true, margin: [0, 0, 0, 2] },
      boxLine: { fontSize: 8.5 },
      th: { bold: true, fontSize: 8, color: colors.accent },
      lineNote: { fontSize: 7.5, color: colors.muted },
      small: { fontSize: 8 },
      legal: { fontSize: 8, italics: true, color: colors.muted },
      sectionTitle: { fontSize: 7.5, bold: true, color: colors.accent, margin: [0, 4, 0, 2] },
      body: { fontSize: 9 },
      footer: { fontSize: 7, color: colors.muted },
    },
  };
};

/**
 * The invoice, pro-forma or credit-note PDF (spec part 2 §2 "Invoice preview/PDF"), A4, in Italian. Runs on the
 * calling thread (35–65 ms): the server renders through createPdfPool instead.
 */
export const buildInvoicePdf = (doc: InvoicePdfDocument, opts: InvoicePdfOptions = {}): Promise<Buffer> =>
  preparedPdfmake()
    .createPdf(invoiceDocumentDefinition(winAnsiDeep(doc), opts))
    .getBuffer();
