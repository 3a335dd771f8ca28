import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { caIssuedPkcs12 } from '@studiolo/documents/testing/certificates';
import {
  apiGet,
  apiPost,
  createOwner,
  goToSection,
  openSignedIn,
  openTab,
  settled,
  shot,
} from '../support/studio-owner.ts';

/*
 * Electronic signature (issue 15 parts 4–6): the studio sends a consent form to a patient for signature; the patient,
 * on a phone, opens the link, reads the form, receives the one-time code (read here from the local SMS outbox),
 * draws the signature and signs; the studio downloads the signed PDF (PAdES, checked with poppler's pdfsig) and the
 * evidence dossier.
 */

const screenshots = path.join(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

/** A signature drawn with the mouse across the pad, in a few strokes. */
const drawSignature = async (page: Page) => {
  const pad = page.getByRole('img', { name: /Riquadro per la firma/ });
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 20, y + 20);
  await page.mouse.down();
  for (let i = 1; i <= 20; i++) await page.mouse.move(box.x + 20 + i * 12, y + 20 - Math.sin(i / 2) * 40);
  await page.mouse.up();
  await page.mouse.move(box.x + 60, y - 30);
  await page.mouse.down();
  await page.mouse.move(box.x + 90, y + 30, { steps: 8 });
  await page.mouse.up();
};

test('sends a consent form for signature, the patient signs on a phone, the studio downloads the signed PDF and the dossier', async ({
  page,
  browser,
  request,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const owner = await createOwner(request);
  const patient = await apiPost<{ id: string }>(
    request,
    '/pazienti',
    {
      datiGenerali: { tipologiaPersona: 'FISICA', nome: 'Mario', cognome: 'Rossi', codiceFiscale: 'RSSMRA85T10A562S' },
      contatti: { cellulare: '+39 333 7654321', email: 'mario@example.it' },
      residenza: { indirizzo: 'Via Roma 1', cap: '40121', comune: 'Bologna', provincia: 'BO' },
    },
    owner.token,
  );
  await apiPost(
    request,
    '/form-template',
    {
      title: 'Consenso informato',
      content:
        '<h2>Consenso al trattamento</h2><p>Io sottoscritto {{paziente.nomeCompleto}} acconsento al trattamento presso {{studio.nome}}.</p>',
    },
    owner.token,
  );

  // the studio's own certificate, uploaded in Impostazioni › Firma elettronica, will seal what the patient signs
  await openSignedIn(page, owner, '/impostazioni');
  await openTab(page, 'Firma elettronica');
  await expect(page.getByText(/In uso: il certificato autofirmato del server Studiolo/)).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles(caIssuedPkcs12().file);
  await page.getByLabel('Password del certificato').fill('segreto');
  await page.getByRole('button', { name: 'Carica certificato' }).click();
  await expect(page.getByTestId('studio-certificate')).toContainText('CN=Studio Verdi');
  await expect(page.getByText('In uso: il certificato dello studio.')).toBeVisible();
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // the studio: Moduli → Firma on the row → the patient → "Verifica contatti" → the link with its QR code
  await goToSection(page, info, 'Moduli');
  const row = page.getByRole('row', { name: /Consenso informato/ });
  await row.getByRole('button', { name: 'Firma Consenso informato' }).click();
  const choose = page.getByRole('dialog', { name: 'Scegli il paziente' });
  await expect(choose.getByRole('button', { name: 'Scarica il modulo vuoto.' })).toHaveCount(0);
  await choose.getByRole('combobox', { name: 'Paziente' }).fill('Rossi');
  await page.getByRole('option', { name: /Rossi/ }).click();
  await choose.getByRole('button', { name: 'Firma', exact: true }).click();

  const contacts = page.getByRole('dialog', { name: 'Verifica contatti' });
  await expect(contacts.getByRole('textbox', { name: 'Cellulare' })).toHaveValue('+39 333 7654321');
  await expect(contacts.getByRole('textbox', { name: 'Email' })).toHaveValue('mario@example.it');
  await expect(contacts.getByText(/firma elettronica semplice/)).toBeVisible();
  await shot(page, info, 'signature-verify-contacts');
  await contacts.getByRole('button', { name: 'Conferma' }).click();

  const linkDialog = page.getByRole('dialog', { name: 'Link di firma' });
  const qr = linkDialog.getByRole('img', { name: 'Codice QR del link di firma' });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
  await expect(linkDialog.getByText(/Il link è stato inviato al cellulare del paziente/)).toBeVisible();
  await expect(linkDialog.getByText(/NON è stato inviato/)).toBeVisible();
  const signUrl = (await linkDialog.getByRole('link').textContent()) ?? '';
  expect(signUrl).toMatch(/\/sign\?id=[A-Za-z0-9_-]{43}$/);
  await shot(page, info, 'signature-link-dialog');
  await linkDialog.getByRole('button', { name: 'Chiudi' }).last().click();

  // the patient, on a phone
  const phoneContext = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
  });
  const phone = await phoneContext.newPage();
  await phone.goto(new URL(signUrl).pathname + new URL(signUrl).search);
  await expect(phone.getByRole('heading', { name: 'Firma documenti', level: 1 })).toBeVisible();
  await expect(phone.getByText('Paziente: Mario Rossi')).toBeVisible();
  await shot(phone, info, 'sign-phone-start');
  const read = phone.getByRole('checkbox', { name: 'Ho letto il documento' });
  await expect(read).toBeDisabled();
  const popup = phone.waitForEvent('popup');
  await phone.getByRole('link', { name: 'Apri il documento' }).click();
  const pdfTab = await popup;
  await pdfTab.close();
  await read.check();

  await phone.getByRole('button', { name: /Invia il codice al \*+321/ }).click();
  await expect(phone.getByText(/Codice inviato via SMS al numero/)).toBeVisible();
  const sms = await apiGet<{ text: string }[]>(request, '/sms/outbox', owner.token);
  const code = sms.map((s) => /codice di firma Studiolo è (\d{6})/.exec(s.text)?.[1]).find(Boolean) ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await phone.getByRole('textbox', { name: /Codice ricevuto via SMS, cifra 1/ }).click();
  await phone.keyboard.type(code);
  await drawSignature(phone);
  await settled(phone);
  await shot(phone, info, 'sign-phone-ready');
  await phone.getByRole('button', { name: 'Firma i documenti' }).click();
  await expect(phone.getByRole('heading', { name: 'Documenti firmati' })).toBeVisible();
  await expect(phone.getByRole('link', { name: 'Scarica Consenso informato' })).toBeVisible();
  await shot(phone, info, 'sign-phone-signed');
  await phoneContext.close();

  // the studio: the patient's Firme tab → signed PDF and dossier
  await page.goto(`/customers/add?id=${patient.id}`);
  await page.getByRole('tab', { name: 'Firme' }).click();
  await expect(page.getByText('Firmato', { exact: true })).toBeVisible();
  await shot(page, info, 'signature-patient-tab');
  mkdirSync(screenshots, { recursive: true });
  const signedDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF firmato' }).click();
  const signedPath = path.join(screenshots, `${info.project.name}-signed.pdf`);
  await (await signedDownload).saveAs(signedPath);
  const report = execFileSync('pdfsig', [signedPath], { encoding: 'utf8' });
  expect(report).toContain('Signature Validation: Signature is Valid.');
  expect(report).toContain('Total document signed');
  expect(report).toContain('Signer Certificate Common Name: Studio Verdi');
  execFileSync('qpdf', ['--check', signedPath]);
  execFileSync('pdftoppm', ['-png', '-r', '70', '-singlefile', signedPath, signedPath.replace(/\.pdf$/, '')]);

  // anyone can check the signed file on the public verification page
  await page.goto('/verifica-firma');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'PDF firmato' }).click();
  await (await chooser).setFiles(signedPath);
  await page.getByRole('button', { name: 'Verifica' }).click();
  await expect(page.getByText('Documento integro')).toBeVisible();
  await expect(page.getByText(/Firmato da Mario Rossi il/)).toBeVisible();
  await expect(page.getByText('Certificato rilasciato da CN=Test CA, C=IT')).toBeVisible();
  await shot(page, info, 'signature-verify-page');
  await page.goBack();
  await page.getByRole('tab', { name: 'Firme' }).click();

  const dossierDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Dossier' }).click();
  const dossierPath = path.join(screenshots, `${info.project.name}-dossier.pdf`);
  await (await dossierDownload).saveAs(dossierPath);
  execFileSync('pdftoppm', ['-png', '-r', '70', '-singlefile', dossierPath, dossierPath.replace(/\.pdf$/, '')]);
  const text = execFileSync('pdftotext', [dossierPath, '-']).toString('utf8').replace(/\s+/g, ' ');
  expect(text).toContain('Dossier probatorio della firma elettronica');
  expect(text).toContain('+39 333 7654321');
  expect(text).toContain('Codice OTP verificato');
  expect(text).toContain('Certificato dello studio');

  // the studio's SMS outbox shows what was never sent, and the link's period is a setting
  await page.goto('/impostazioni');
  await openTab(page, 'SMS in uscita');
  await expect(page.getByText('Non inviato', { exact: true }).first()).toBeVisible();
  await shot(page, info, 'signature-sms-outbox');
  await openTab(page, 'Firma elettronica');
  await expect(page.getByRole('textbox', { name: 'Validità del link di firma (giorni)' })).toHaveValue('14');
  await shot(page, info, 'signature-settings');
});
