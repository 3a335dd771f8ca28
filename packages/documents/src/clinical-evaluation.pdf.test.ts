import { describe, expect, it } from 'vitest';
import { buildClinicalEvaluationPdf, type ClinicalEvaluationPdfInput } from './clinical-evaluation.pdf.ts';
import { createPdfPool } from './pdf-pool.ts';
import { solidPng } from './testing/invoice-documents.ts';
import { readPdf } from './testing/read-pdf.ts';

/** The layout text with runs of spaces folded: table rows read as one line. */
const textOf = (pdf: Buffer) => {
  const read = readPdf(pdf);
  return { ...read, text: read.layout.replace(/[ \t]+/g, ' ') };
};

const evaluation: ClinicalEvaluationPdfInput = {
  studio: { name: 'Studio Fisioterapia Verdi', details: 'Via Roma 1, 40121 Bologna (BO) - P.IVA 01234567897' },
  patient: { name: 'Rossi Mario', details: 'C.F. RSSMRA85T10A562S - nato il 10-12-1985' },
  title: 'Valutazione iniziale',
  date: '23-11-2026',
  author: 'Giulia Bianchi',
  sections: [
    { label: 'Motivo dell’invio', text: 'Lombalgia da tre settimane, inviato dal medico di base' },
    { label: 'Dolore', text: 'NRS 6/10 · Zona lombare destra · Sordo, peggiora da seduta' },
    {
      label: 'Articolarità (ROM)',
      table: {
        headers: ['Distretto', 'Movimento', 'Lato', 'Attivo (°)', 'Passivo (°)'],
        rows: [['Rachide lombare', 'Flessione', '—', '60', '70']],
      },
    },
    { label: 'Piano di trattamento', text: 'Terapia manuale ed esercizio,\n2 sedute a settimana' },
  ],
  generatedAt: '27-11-2026 10:30',
};

describe('clinical evaluation PDF', () => {
  it('lays out the studio, the patient, every written section in order and the ROM table, page x of y', async () => {
    const pdf = textOf(await buildClinicalEvaluationPdf(evaluation));
    expect(pdf.qpdf).toContain('No syntax or stream encoding errors found');
    expect(pdf.info).toMatch(/Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/);
    expect(pdf.info).toMatch(/Title:\s+Valutazione iniziale - Rossi Mario - 23-11-2026/);
    const text = pdf.text;
    for (const expected of [
      'Studio Fisioterapia Verdi',
      'Valutazione iniziale',
      'del 23-11-2026 - redatta da Giulia Bianchi',
      'Paziente Rossi Mario',
      'C.F. RSSMRA85T10A562S - nato il 10-12-1985',
      'MOTIVO DELL’INVIO',
      'Lombalgia da tre settimane, inviato dal medico di base',
      'NRS 6/10 · Zona lombare destra',
      'ARTICOLARITÀ (ROM)',
      'Rachide lombare Flessione — 60 70',
      'Rossi Mario - Valutazione iniziale del 23-11-2026 Pagina 1 di 1',
    ])
      expect(text).toContain(expected);
    expect(text.indexOf('MOTIVO DELL’INVIO')).toBeLessThan(text.indexOf('ARTICOLARITÀ (ROM)'));
    expect(text.indexOf('ARTICOLARITÀ (ROM)')).toBeLessThan(text.indexOf('PIANO DI TRATTAMENTO'));
    expect(pdf.images).toBe(0);
  });

  it('carries the studio’s logo, and runs on the worker pool', async () => {
    const withLogo = { ...evaluation, logo: solidPng(300, 100, [0, 107, 95]) };
    expect(textOf(await buildClinicalEvaluationPdf(withLogo)).images).toBe(1);
    const pool = createPdfPool({ size: 1 });
    try {
      const pooled = textOf(await pool.renderClinicalEvaluation(withLogo));
      expect(pooled.images).toBe(1);
      expect(pooled.text).toContain('Rachide lombare Flessione — 60 70');
    } finally {
      await pool.close();
    }
  });

  it('runs onto more pages with a long history, each numbered', async () => {
    const long = {
      ...evaluation,
      sections: [{ label: 'Anamnesi', text: 'Lunga storia clinica con molti dettagli. '.repeat(400) }],
    };
    const pdf = textOf(await buildClinicalEvaluationPdf(long));
    const pages = Number(/Pages:\s+(\d+)/.exec(pdf.info)?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(pdf.text).toContain(`Pagina ${pages} di ${pages}`);
  });
});
