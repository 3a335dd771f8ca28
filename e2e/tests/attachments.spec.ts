import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { drawStroke } from '../support/body-chart.ts';
import { apiPost, createOwner, isPhone, openSignedIn, shot, successToast } from '../support/studio-owner.ts';

/** A photo as a phone takes it: 4000x3000, grain that JPEG cannot squeeze, several MB. */
const largePhoto = async () => {
  const grain = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .blur(1.2)
    .png()
    .toBuffer();
  return sharp(grain).jpeg({ quality: 95 }).toBuffer();
};

const newPatient = async (request: Parameters<typeof createOwner>[0], token: string) =>
  apiPost<{ id: string }>(
    request,
    '/pazienti',
    {
      datiGenerali: { tipologiaPersona: 'FISICA', nome: 'Mario', cognome: 'Rossi', codiceFiscale: 'RSSMRA85T10A562S' },
      contatti: { cellulare: '+39 333 1234567' },
      residenza: { indirizzo: 'Via Roma 1', cap: '40121', comune: 'Bologna', provincia: 'BO' },
    },
    token,
  );

/** Serious and critical accessibility violations of what is on screen (as the accessibility spec checks). */
const seriousViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 80)).join(', ')}`);
};

/** Nothing sticks out sideways (a phone would let the whole page slide). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The patient page's tab of that name (the tabs are a select on phones? no: a scrolling tab list everywhere). */
const openRecordTab = async (page: Page, name: string) => {
  const tab = page.getByRole('tab', { name, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
};

/** Draws a stroke across the canvas from one fraction of its box to another. */
test.describe('Cartella: allegati e body chart', () => {
  test('a large photo is uploaded and kept reduced to about 1 MB, previewed, and exported in the patient’s folder', async ({
    page,
    request,
  }, info) => {
    test.setTimeout(120_000);
    const owner = await createOwner(request);
    const patient = await newPatient(request, owner.token);
    await openSignedIn(page, owner, `/customers/add?id=${patient.id}`);
    await expect(page.getByRole('heading', { name: 'Rossi Mario', level: 1 })).toBeVisible();
    await openRecordTab(page, 'Allegati');
    await expect(page.getByText('Nessun allegato per questo paziente.')).toBeVisible();

    const photo = await largePhoto();
    expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Carica allegato' }).click();
    await (await chooser).setFiles({ name: 'ginocchio dx.jpeg', mimeType: 'image/jpeg', buffer: photo });
    await expect(successToast(page, 'Allegato caricato')).toBeVisible({ timeout: 30_000 });

    const row = page.getByTestId('attachment-row').filter({ hasText: 'ginocchio dx.jpg' });
    await expect(row).toBeVisible();
    const original = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 }).format(photo.length / 1024 / 1024);
    await expect(row.getByText(`Ridotta da ${original} MB`)).toBeVisible();
    await expect(row.getByText(/1920×1440 px/)).toBeVisible();
    const shownSize = (await row.getByText(/ KB · | MB · /).textContent()) ?? '';
    const [value, unit] = shownSize.split(' · ')[0]?.split(' ') ?? [];
    const kb = Number((value ?? '').replace('.', '').replace(',', '.')) * (unit === 'MB' ? 1024 : 1);
    expect(kb).toBeGreaterThan(100);
    expect(kb).toBeLessThanOrEqual(1024);
    await expect(page.getByRole('button', { name: 'Carica allegato' })).not.toHaveAttribute('data-loading');
    // the pointer leaves the button it pressed (the theme's hover shade is not what the page shows at rest)
    await page.mouse.move(0, 0);
    await shot(page, info, 'attachments-01-list');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

    await row.getByRole('button', { name: 'Anteprima: ginocchio dx.jpg' }).click();
    const preview = page.getByRole('dialog', { name: 'ginocchio dx.jpg' });
    await expect(preview.getByRole('img', { name: 'ginocchio dx.jpg' })).toBeVisible();
    await expect
      .poll(() =>
        preview
          .getByRole('img', { name: 'ginocchio dx.jpg' })
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBe(1920);
    await shot(page, info, 'attachments-02-preview');
    await page.keyboard.press('Escape');

    // the export of every patient's files, with its progress
    await page.goto('/customers');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Esporta allegati' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^allegati-pazienti-\d{8}\.zip$/);
    await expect(page.getByText('Allegati esportati: 1 file, una cartella per paziente.')).toBeVisible();
    await shot(page, info, 'attachments-03-export');
    const entries = unzipSync(new Uint8Array(readFileSync((await file.path()) as string)));
    expect(Object.keys(entries)).toEqual(['Rossi Mario/ginocchio dx.jpg']);
    const meta = await sharp(Buffer.from(entries['Rossi Mario/ginocchio dx.jpg'] as Uint8Array)).metadata();
    expect([meta.width, meta.height]).toEqual([1920, 1440]);
  });

  test('a body chart drawn with two colours is shown again exactly as drawn after a reload', async ({
    page,
    request,
  }, info) => {
    const owner = await createOwner(request);
    const patient = await newPatient(request, owner.token);
    await openSignedIn(page, owner, `/customers/add?id=${patient.id}`);
    await openRecordTab(page, 'Body chart');
    await expect(page.getByText('Nessun body chart per questo paziente.')).toBeVisible();
    await page.getByRole('button', { name: 'Nuovo body chart' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuovo body chart' });
    await expect(dialog.getByRole('radio', { name: 'Rosso' })).toHaveAttribute('aria-checked', 'true');
    await dialog.getByLabel('Titolo').fill('Dolore lombare');
    await drawStroke(page, [0.26, 0.4], [0.3, 0.5]);
    await dialog.getByRole('radio', { name: 'Blu' }).click();
    await dialog.getByText('Grande', { exact: true }).click();
    await drawStroke(page, [0.7, 0.45], [0.75, 0.46]);
    await expect(page.getByTestId('body-chart-canvas').locator('path')).toHaveCount(2);
    await shot(page, info, 'body-chart-01-drawing');
    expect(await seriousViolations(page)).toEqual([]);
    const drawn = await page
      .getByTestId('body-chart-canvas')
      .locator('path')
      .evaluateAll((ps) =>
        ps.map((p) => [p.getAttribute('d'), p.getAttribute('stroke'), p.getAttribute('stroke-width')]),
      );
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(successToast(page, 'Body chart salvato')).toBeVisible();

    await page.reload();
    await openRecordTab(page, 'Body chart');
    const card = page.getByTestId('body-chart-card').filter({ hasText: 'Dolore lombare' });
    await expect(card).toBeVisible();
    const shown = await card
      .getByRole('img', { name: /^Dolore lombare/ })
      .locator('path')
      .evaluateAll((ps) =>
        ps.map((p) => [p.getAttribute('d'), p.getAttribute('stroke'), p.getAttribute('stroke-width')]),
      );
    expect(shown).toEqual(drawn);
    expect(shown.map((s) => s[1])).toEqual(['#e02424', '#1e63d6']);
    expect(shown.map((s) => s[2])).toEqual(['5', '25']);
    await shot(page, info, 'body-chart-02-saved');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    if (isPhone(info)) await expect(card).toBeInViewport();
  });
});
