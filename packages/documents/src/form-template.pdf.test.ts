import { fillTokens } from '@studiolo/domain/forms';
import { describe, expect, it } from 'vitest';
import {
  buildFormTemplatePdf,
  type FormTemplatePdfInput,
  filledTemplateContent,
  formTemplateContent,
} from './form-template.pdf.ts';
import { createPdfPool } from './pdf-pool.ts';
import { solidPng } from './testing/invoice-documents.ts';
import { readPdf } from './testing/read-pdf.ts';

const consent: FormTemplatePdfInput = {
  title: 'Consenso informato',
  html: '<h2>Consenso al trattamento</h2><p style="text-align:center">Io sottoscritto/a <strong>Mario Rossi</strong>, nato a Forlì, acconsento.</p><ul><li>primo punto</li><li>secondo punto</li></ul>',
  date: '25-11-2026',
};

describe('form template PDF', () => {
  it('prints the filled template on A4 with the date, the signature line and "Pagina 1 di 1", and passes qpdf --check', async () => {
    const read = readPdf(await buildFormTemplatePdf(consent));
    expect(read.info).toMatch(/Page size:\s+595\.\d* x 841\.\d* pts \(A4\)/);
    expect(read.info).toMatch(/Title:\s+Consenso informato/);
    expect(read.qpdf).toContain('No syntax or stream encoding errors found');
    expect(read.text).toContain('Consenso al trattamento');
    expect(read.text).toContain('Io sottoscritto/a Mario Rossi, nato a Forlì, acconsento.');
    expect(read.text).toContain('primo punto');
    expect(read.text).toContain('Letto, confermato e sottoscritto il 25-11-2026');
    expect(read.text).toContain('Firma');
    expect(read.text).toContain('Pagina 1 di 1');
    expect(read.images).toBe(0);
  });

  it('leaves 16 blanks for the date of an empty form', async () => {
    const read = readPdf(await buildFormTemplatePdf({ ...consent, date: null }));
    expect(read.text).toContain(`Letto, confermato e sottoscritto il ${'_'.repeat(16)}`);
    expect(read.text).not.toMatch(/sottoscritto il _{17}/);
  });

  it('numbers every page of a long template "Pagina x di y", the footer on each', async () => {
    const html = Array.from({ length: 140 }, (_, i) => `<p>Paragrafo ${i + 1} del consenso.</p>`).join('');
    const read = readPdf(await buildFormTemplatePdf({ ...consent, html }));
    const pages = Number(/Pages:\s+(\d+)/.exec(read.info)?.[1]);
    expect(pages).toBeGreaterThan(1);
    for (let p = 1; p <= pages; p++) expect(read.text).toContain(`Pagina ${p} di ${pages}`);
    expect(read.text.split('Letto, confermato e sottoscritto il').length - 1).toBe(pages);
  });

  it('prints the logo (PNG) and skips bytes that are neither PNG nor JPEG', async () => {
    expect(readPdf(await buildFormTemplatePdf({ ...consent, logo: solidPng(300, 100, [30, 136, 229]) })).images).toBe(
      1,
    );
    expect(readPdf(await buildFormTemplatePdf({ ...consent, logo: Buffer.from('GIF89a-not-an-image') })).images).toBe(
      0,
    );
  });

  it('embeds data: images of the template and never fetches a remote one', async () => {
    const png = `data:image/png;base64,${solidPng(20, 20, [200, 0, 0]).toString('base64')}`;
    const read = readPdf(await buildFormTemplatePdf({ ...consent, html: `<p>Logo</p><img src="${png}" width="20">` }));
    expect(read.images).toBe(1);
    await expect(
      buildFormTemplatePdf({ ...consent, html: '<p>x</p><img src="https://example.com/a.png">' }),
    ).rejects.toThrow();
  });

  it('fills the tokens in the cached parse of a template exactly as parsing the filled HTML does', async () => {
    const templates = [
      '<h2>Consenso</h2><p>Io <strong>{{paziente.nomeCompleto}}</strong>, C.F. {{ paziente.codiceFiscale }}, acconsento presso {{studio.nome}}.</p>',
      '<p>{{paziente.email}}</p><p>a {{paziente.nome}} b</p><ul><li>{{paziente.cap}}</li></ul><table><tr><td>{{paziente.comune}}</td><td>x</td></tr></table>',
      '<p><strong>{{paziente.nomeCompleto}}</strong>{{studio.nome}}<br>{{paziente.indirizzo}}</p><h2>{{paziente.cognome}}</h2>',
    ];
    const full = {
      'paziente.nomeCompleto': "Anna <b>&</b> D'Amico",
      'paziente.codiceFiscale': 'DMCNNA80A41H501X',
      'paziente.nome': 'Nicolò ☃ 😀',
      'paziente.cognome': 'Gioè',
      'paziente.email': 'anna@example.it',
      'paziente.indirizzo': 'Via  Roma\n 3',
      'paziente.cap': ' 40100 ',
      'paziente.comune': 'Forlì',
      'studio.nome': 'Studio “Bianchi”',
    };
    // the second set leaves tokens empty (the path that parses the filled HTML), the third fills them for another patient
    for (const values of [
      full,
      { ...full, 'paziente.email': '', 'paziente.nome': null },
      { ...full, 'paziente.nome': 'Li' },
    ])
      for (const html of templates)
        expect(await filledTemplateContent(html, values)).toEqual(await formTemplateContent(fillTokens(html, values)));
  });

  it('builds the same page from a template and its values as from the filled HTML', async () => {
    const html =
      '<h2>Consenso</h2><p>Io <strong>{{paziente.nomeCompleto}}</strong>, nato a {{paziente.comuneNascita}}.</p>';
    const values = { 'paziente.nomeCompleto': 'Mario Rossi', 'paziente.comuneNascita': 'Forlì' };
    const fromValues = readPdf(await buildFormTemplatePdf({ ...consent, html, values }));
    const fromHtml = readPdf(await buildFormTemplatePdf({ ...consent, html: fillTokens(html, values) }));
    expect(fromValues.text).toContain('Io Mario Rossi, nato a Forlì.');
    expect(fromValues.text).toBe(fromHtml.text);
  });

  it('builds on the worker pool the same document as on the calling thread', async () => {
    const pool = createPdfPool({ size: 1 });
    try {
      const read = readPdf(await pool.renderFormTemplate({ ...consent, logo: solidPng(60, 30, [0, 0, 0]) }));
      expect(read.text).toContain('Letto, confermato e sottoscritto il 25-11-2026');
      expect(read.images).toBe(1);
    } finally {
      await pool.close();
    }
  });
});
