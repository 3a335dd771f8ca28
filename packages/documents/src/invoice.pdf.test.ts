import {
  defaultFooterText,
  defaultMiddleText,
  type Fattura,
  forfettarioMiddleText,
  invoiceMessages as m,
  prestazioneSanitariaEsenteText,
} from '@studiolo/domain/invoices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEuro, formatIban } from './format.ts';
import { buildInvoicePdf, type InvoicePdfDocument, type InvoicePdfOptions } from './invoice.pdf.ts';
import { createPdfPool, type PdfPool } from './pdf-pool.ts';
import { preparedPdfmake, toWinAnsi } from './pdfmake-setup.ts';
import {
  creditNote,
  forfettarioInvoice,
  makeFattura,
  ordinaryInvoice,
  proforma,
  solidPng,
} from './testing/invoice-documents.ts';
import { readPdf } from './testing/read-pdf.ts';

type Read = ReturnType<typeof readPdf>;
/** Euros as printed, with the no-break space between figure and sign read as a space. */
const euro = (v: number) => formatEuro(v).replace(/\u00a0/g, ' ');
/** A row of a table in the layout text: its label, then (after any spacing) its value. */
const row = (label: string, value: string) =>
  new RegExp(`${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

const render = async (doc: InvoicePdfDocument, opts: InvoicePdfOptions = {}) =>
  readPdf(await buildInvoicePdf(doc, opts));

/** The title in capitals and, beside it, the number as number/year with the date; the same in the data box. */
const expectTitle = (r: Read, title: string, numberAndDate: string) => {
  expect(r.layout).toMatch(new RegExp(`^\\s*.*\\s{2,}${title}$`, 'm'));
  expect(r.text).toContain(`N. ${numberAndDate}`);
  expect(r.text).toContain(`Numero ${numberAndDate}`);
};

const expectA4 = (r: Read, pages = 1) => {
  expect(r.info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
  expect(r.info).toMatch(new RegExp(`Pages:\\s+${pages}\\n`));
};

describe('invoice PDF: forfettario health invoice with INPS rivalsa and stamp duty charged', () => {
  const doc = forfettarioInvoice();
  const t = doc.totali;
  let r: Read;
  beforeAll(async () => {
    r = await render(doc, { logo: solidPng(300, 120, [31, 58, 95]) });
  });

  it('is one A4 page titled Fattura sanitaria, numbered number/year, with the logo', () => {
    expectA4(r);
    expectTitle(r, 'FATTURA SANITARIA', '12/2026 del 24-11-2026');
    expect(r.images).toBe(1);
    expect(r.text).toContain('Pagina 1 di 1');
  });

  it('prints supplier and customer as issued', () => {
    expect(r.text).toContain('Dott.ssa Giulia Ferri Fisioterapista');
    expect(r.text).toContain('C.F. FRRGLI85M41A944G · P.IVA 03456780372');
    expect(r.text).toContain('Regime fiscale: Regime forfettario');
    expect(r.text).toContain('Marco Rossi');
    expect(r.text).toContain('C.F. RSSMRC80A01A944K');
    expect(r.text).toContain('Via Saragozza 45 40123 Bologna (BO)');
    expect(r.text).toContain('Scadenza 24-12-2026 Pagamento Bonifico bancario');
  });

  it('prints each line with the price as entered and its amount, rivalsa included, and the stamp duty as a line of its own', () => {
    expect(t.righe).toHaveLength(2);
    expect(r.text).toContain('Prezzo unitario (rivalsa inclusa)');
    expect(r.text).toContain('Importo (rivalsa inclusa)');
    expect(r.layout).toMatch(/terapia manuale\)\s+3\s+60,00 €\s+N2\.2\s+180,00 €/);
    expect(r.layout).toMatch(/Valutazione posturale\s+1\s+80,00 €\s+10%\s+N2\.2\s+72,00 €/);
    expect(r.layout).toMatch(/Imposta di bollo addebitata al cliente\s+1\s+2,00 €\s+N2\.2\s+2,00 €/);
    expect(r.text).not.toContain('Comprende');
  });

  it("splits the recap into fees, 'Rivalsa INPS 4%' and stamp duty, summing to the total, and no VAT line", () => {
    expect(t.cassa).toBeGreaterThan(0);
    const fees = Math.round((t.totalePrestazioni - 2) * 100) / 100;
    expect(r.layout).toMatch(row('Compensi (al netto della rivalsa)', euro(fees)));
    expect(r.layout).toMatch(row('Rivalsa INPS 4%', euro(t.cassa)));
    expect(r.layout).toMatch(row('Imposta di bollo addebitata al cliente', euro(2)));
    expect(r.layout).toMatch(row('Totale documento', euro(t.totale)));
    expect(Math.round((fees + t.cassa + 2) * 100) / 100).toBe(t.totale);
    expect(r.layout).not.toMatch(/^\s*IVA\s+0,00/m);
    expect(r.text).not.toContain('Netto a pagare');
  });

  it('prints the VAT summary with the natura and its description', () => {
    const [v] = t.riepilogoIva;
    expect(v?.natura).toBe('N2.2');
    expect(r.text).toContain('N2.2 Non soggetta - regime forfettario');
    expect(r.text).toContain('Imponibile (comprensivo di rivalsa e bollo)');
    expect(r.layout).toMatch(new RegExp(`L\\. 190/2014\\)\\s+${euro(v?.imponibile ?? 0)}\\s+0,00 €`));
  });

  it('prints the stamp duty box: virtual, charged to the patient, with the 77,47 euro note', () => {
    expect(t.marcaDaBolloDovuta).toBe(true);
    expect(r.text).toContain('Imposta di bollo');
    expect(r.text).toContain(m.stampDutyVirtual);
    expect(r.text).toContain('Imposta di bollo di 2,00 € addebitata al cliente.');
    expect(r.text).toContain(m.stampDutyNote);
    expect(m.stampDutyNote).toContain('Imposta di bollo di 2 euro dovuta sugli importi superiori a 77,47 euro');
  });

  it('prints the bank references with the IBAN in groups of four, the causali and the note', () => {
    expect(r.text).toContain('Intestatario Giulia Ferri');
    expect(r.text).toContain('IBAN IT60 X054 2811 1010 0000 0123 456');
    expect(r.text).toContain('BIC/SWIFT BPMOIT22XXX');
    expect(r.text).toContain('Causale Ciclo di fisioterapia novembre 2026');
    expect(r.text).toContain('Note Si prega di indicare il numero della fattura nella causale del bonifico.');
  });

  it('prints the forfettario declaration between lines and totals and the default footer', () => {
    expect(r.text).toContain(forfettarioMiddleText);
    expect(r.text).toContain(defaultFooterText);
  });
});

describe('invoice PDF: issue 26, two 50 € sessions with the rivalsa inside the price (forfettario)', () => {
  const doc = makeFattura(
    {
      pazienteId: forfettarioInvoice().pazienteId as string,
      tipoDocumento: 'FATTURA_SANITARIA',
      dataFattura: '24-11-2026',
      metodoPagamento: 'Contanti',
      prestazione: [{ descrizione: 'Seduta di fisioterapia', quantita: 2, prezzoPerUnita: 50, codiceIvaId: 4 }],
      tassazione: {
        cassaPrevidenziale: { active: true, value: 4, typeValue: 'PERCENTAGE' },
        marcaDaBolloCaricoMio: false,
        marcaDaBolloVirtuale: true,
        ivaAndRivalsaInclusa: true,
      },
    },
    'RF_19',
    { numero: 1 },
  );
  let r: Read;
  beforeAll(async () => {
    r = await render(doc);
  });

  it('prints every amount with two decimals: no "48,075 €" unit price', () => {
    // the XML keeps the exact net unit price (48.075); the page shows the price the patient was asked
    expect(doc.totali.righe[0]?.prezzoUnitarioNetto).toBe('48.075');
    expect(r.text).not.toMatch(/\d,\d{3}\s?€/);
    expect(r.layout).toMatch(/Seduta di fisioterapia\s+2\s+50,00 €\s+N2\.2\s+100,00 €/);
  });

  it('uses "Imponibile" once, for the VAT summary\'s base, and says it includes rivalsa and stamp duty', () => {
    expect(r.text.split('Imponibile').length - 1).toBe(1);
    expect(r.text).toContain('Imponibile (comprensivo di rivalsa e bollo)');
    expect(r.layout).toMatch(row('Compensi (al netto della rivalsa)', euro(96.15)));
    expect(r.layout).toMatch(row('Rivalsa INPS 4%', euro(3.85)));
    expect(r.layout).toMatch(row('Imposta di bollo addebitata al cliente', euro(2)));
    expect(r.layout).toMatch(row('Totale documento', euro(102)));
    expect(r.layout).toMatch(new RegExp(`L\\. 190/2014\\)\\s+${euro(102)}\\s+0,00 €`));
  });
});

describe('invoice PDF: ordinary regime with 22 % VAT and 20 % withholding', () => {
  const doc = ordinaryInvoice();
  const t = doc.totali;
  let r: Read;
  beforeAll(async () => {
    r = await render(doc);
  });

  it('is titled Fattura, to a company with its VAT number and recipient code', () => {
    expectA4(r);
    expectTitle(r, 'FATTURA', '7/2026 del 15-10-2026');
    expect(r.text).toContain('Centro Medico Emilia S.r.l.');
    expect(r.text).toContain('P.IVA 02345670372');
    expect(r.images).toBe(0);
  });

  it('prints prices as entered, 22 %, and the VAT from totali', () => {
    expect(r.layout).toMatch(/personale\s+4\s+125,00 €\s+22%\s+500,00 €/);
    expect(r.layout).toMatch(row('Rivalsa INPS 4%', euro(t.cassa)));
    expect(t.iva).toBeGreaterThan(0);
    expect(r.layout).toMatch(row('IVA', euro(t.iva)));
    expect(r.layout).toMatch(row('Totale documento', euro(t.totale)));
    expect(r.text).not.toContain('Prezzi unitari al netto');
  });

  it("prints the withholding with type, rate and base, and 'Netto a pagare'", () => {
    const w = doc.tassazione.ritenutaAcconto;
    expect(t.ritenuta).toBeGreaterThan(0);
    expect(r.layout).toMatch(row("Ritenuta d'acconto", `– ${euro(t.ritenuta)}`));
    expect(r.text).toContain(`Ritenuta persone fisiche, 20% su ${euro(w.baseImponibile)}`);
    expect(r.layout).toMatch(row('Netto a pagare', euro(t.netto)));
    expect(t.netto).toBe(Math.round((t.totale - t.ritenuta) * 100) / 100);
  });

  it('has no stamp duty (VAT lines) and no default middle text', () => {
    expect(t.marcaDaBolloDovuta).toBe(false);
    expect(r.text).not.toContain(m.stampDutyNote);
    expect(r.text).not.toContain('Regime forfettario');
    expect(r.text).not.toContain(prestazioneSanitariaEsenteText);
    expect(r.text).toContain(`IBAN ${formatIban('IT60X0542811101000000123456')}`);
  });
});

describe('invoice PDF: credit note', () => {
  const doc = creditNote();
  let r: Read;
  beforeAll(async () => {
    r = await render(doc);
  });

  it('is titled Nota di credito and names the invoice it corrects', () => {
    expectA4(r);
    expectTitle(r, 'NOTA DI CREDITO', '13/2026 del 02-12-2026');
    expect(r.text).toContain('Rettifica la fattura n. 9/2026 del 20-11-2026');
    expect(r.text).toContain('Copia di cortesia');
  });

  it('prints the exemption of health services and the N4 natura', () => {
    expect(r.text).toContain(prestazioneSanitariaEsenteText);
    expect(r.text).toContain('N4 Esente art. 10, c. 1, n. 18 DPR 633/72');
    expect(r.layout).toMatch(row('Totale documento', euro(doc.totali.totale)));
  });

  it('adds the stamp duty charged to the customer as a sum of its own (not forfettario)', () => {
    expect(doc.totali.marcaDaBolloAddebitata).toBe(2);
    expect(r.layout).toMatch(row('Imposta di bollo addebitata al cliente', euro(2)));
    expect(r.text).toContain('Imposta di bollo di 2,00 € addebitata al cliente.');
  });
});

describe('invoice PDF: pro-forma', () => {
  const doc = proforma();
  let r: Read;
  beforeAll(async () => {
    r = await render(doc);
  });

  it('is titled Proforma, numbered number/year, and says it is no fiscal document', () => {
    expectA4(r);
    expectTitle(r, 'PROFORMA', '3/2026 del 20-11-2026');
    expect(r.text).toContain('Documento privo di valore fiscale');
    expect(r.text).toContain('Pagamento Carta di credito');
  });

  it('prints the totals from totali and no stamp duty below 77,47 euro', () => {
    expect(doc.totali.marcaDaBolloDovuta).toBe(false);
    expect(r.layout).toMatch(row('Rivalsa INPS 4%', euro(doc.totali.cassa)));
    expect(r.layout).toMatch(row('Totale documento', euro(doc.totali.totale)));
    expect(r.text).not.toContain(m.stampDutyNote);
    expect(r.text).not.toContain('Coordinate bancarie');
  });
});

describe('invoice PDF: legal texts and options', () => {
  it("prints the studio's own middle and footer texts instead of the defaults", async () => {
    const doc: Fattura = {
      ...forfettarioInvoice(),
      fatturaSettings: { middleText: 'Testo centrale dello studio.', footerText: 'Piè di pagina dello studio.' },
    };
    const r = await render(doc);
    expect(r.text).toContain('Testo centrale dello studio.');
    expect(r.text).toContain('Piè di pagina dello studio.');
    expect(r.text).not.toContain(forfettarioMiddleText);
    expect(r.text).not.toContain(defaultFooterText);
  });

  it('prints a footer text too long for the bottom margin after the totals, in full', async () => {
    const long = `${'Informativa estesa dello studio. '.repeat(40)}Fine.`;
    const r = await render({ ...ordinaryInvoice(), fatturaSettings: { middleText: null, footerText: long } });
    expect(r.text).toContain(long.replace(/\s+/g, ' ').trim());
    expect(r.text).toContain('Pagina 1 di 1');
  });

  it('takes the regime label from the options and leaves out a logo that is neither PNG nor JPEG', async () => {
    const r = await render(ordinaryInvoice(), {
      regimeLabel: 'Ordinario (art. 1 DPR 633/72)',
      logo: Buffer.from('<svg/>'),
    });
    expect(r.text).toContain('Regime fiscale: Ordinario (art. 1 DPR 633/72)');
    expect(r.images).toBe(0);
  });

  it('spreads many lines over pages numbered x of y, repeating the table header', async () => {
    const base = ordinaryInvoice();
    const line = base.prestazione[0];
    const fig = base.totali.righe[0];
    if (!line || !fig) throw new Error('fixture');
    // a layout test: the same line 60 times, with its figures repeated (totals unchanged on purpose)
    const doc: Fattura = {
      ...base,
      prestazione: Array.from({ length: 60 }, () => line),
      totali: { ...base.totali, righe: Array.from({ length: 60 }, () => fig) },
    };
    const r = await render(doc);
    const pages = Number(/Pages:\s+(\d+)/.exec(r.info)?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(r.text).toContain(`Pagina ${pages} di ${pages}`);
    // the table header on every page that has lines (the last may hold only the totals)
    expect(r.text.split('Prezzo unitario').length - 1).toBeGreaterThanOrEqual(pages - 1);
    expect(r.text).toContain('Fattura n. 7/2026 del 15-10-2026 (segue)');
  });

  it('maps characters a standard font cannot draw, keeping Latin-1, € and typographic quotes', () => {
    expect(toWinAnsi('Perché “così” – 10 € ✓ Ωmega ŁódŹ')).toBe('Perché “così” – 10 € ? ?mega ?ódZ');
  });

  it('chooses the default middle text by regime and VAT codes', () => {
    expect(defaultMiddleText('RF_19', [4])).toBe(forfettarioMiddleText);
    expect(defaultMiddleText('RF_01', [12, 1])).toBe(prestazioneSanitariaEsenteText);
    expect(defaultMiddleText('RF_01', [1])).toBeNull();
    expect(defaultMiddleText(null, [13])).toBeNull();
  });
});

describe('pdfmake access policies (GUIDE §5)', () => {
  const tryImage = (src: string) =>
    preparedPdfmake()
      .createPdf({ content: [{ image: 'logo' }], images: { logo: src } })
      .getBuffer();

  it('refuses to read a local file named in a document', async () => {
    await expect(tryImage('/etc/hostname')).rejects.toThrow(/Access to local file denied/);
  });

  it('refuses to fetch a remote resource named in a document', async () => {
    await expect(tryImage('https://example.com/logo.png')).rejects.toThrow(/Access to URL denied/);
  });
});

describe('PDF worker pool', () => {
  let pool: PdfPool;
  beforeAll(() => {
    pool = createPdfPool({ size: 2 });
  });
  afterAll(() => pool.close());

  it('renders in a worker thread spawned from the .ts file the same document as in-process', async () => {
    const doc = forfettarioInvoice();
    const logo = solidPng(300, 120, [31, 58, 95]);
    const [inWorker, inProcess] = await Promise.all([pool.render(doc, { logo }), buildInvoicePdf(doc, { logo })]);
    expect(inWorker.subarray(0, 5).toString()).toBe('%PDF-');
    const a = readPdf(inWorker);
    const b = readPdf(inProcess);
    expect(a.text).toBe(b.text);
    expect(a.layout).toBe(b.layout);
    expect(a.images).toBe(1);
  });

  it('serves more documents than workers, in order, and survives a document that fails', async () => {
    const docs = [ordinaryInvoice(), creditNote(), proforma(), forfettarioInvoice()];
    const broken: Fattura = {
      ...ordinaryInvoice(),
      prestazione: [{ ...(ordinaryInvoice().prestazione[0] as Fattura['prestazione'][number]), codiceIvaId: 999 }],
    };
    const results = await Promise.allSettled([...docs.map((d) => pool.render(d)), pool.render(broken)]);
    expect(results.slice(0, 4).map((x) => x.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(results[4]).toMatchObject({ status: 'rejected', reason: { message: expect.stringContaining('999') } });
    const texts = results.slice(0, 4).map((x) => (x.status === 'fulfilled' ? readPdf(x.value).text : ''));
    expect(texts[0]).toContain('Tipo Fattura Numero 7/2026');
    expect(texts[1]).toContain('Tipo Nota di credito Numero 13/2026');
    expect(texts[2]).toContain('Tipo Proforma Numero 3/2026');
    expect(texts[3]).toContain('Tipo Fattura sanitaria Numero 12/2026');
    expect((await pool.render(proforma())).length).toBeGreaterThan(1000);
  });

  it('fails a document that takes longer than the timeout and replaces its worker', async () => {
    const slow = createPdfPool({ size: 1, taskTimeoutMs: 1 });
    await expect(slow.render(ordinaryInvoice())).rejects.toThrow(/entro 1 ms/);
    await slow.close();
  });

  it('refuses documents once closed', async () => {
    const p = createPdfPool({ size: 1 });
    await p.close();
    await expect(p.render(proforma())).rejects.toThrow('PDF pool closed');
  });
});
