import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { drawStroke } from '../support/body-chart.ts';
import { screenshotFile } from '../support/screens.ts';
import {
  apiGet,
  apiPost,
  closeToasts,
  createOwner,
  joinedStaffMember,
  type Owner,
  openSignedIn,
  openTab,
  shot,
  successToast,
} from '../support/studio-owner.ts';

/*
 * The clinical record (issue 16 parts 1, 2, 5, 6, 7): a physiotherapist writes the initial evaluation of a patient,
 * writes the session's diary entry from the appointment in the calendar, fills an ODI in the app and sees it charted
 * against the earlier one, exports the diary as CSV, and the owner reads who accessed the record.
 */

const seedPatient = (request: APIRequestContext, owner: Owner) =>
  apiPost<{ id: string }>(
    request,
    '/pazienti',
    {
      datiGenerali: { tipologiaPersona: 'FISICA', nome: 'Mario', cognome: 'Rossi', codiceFiscale: 'RSSMRA85T10A562S' },
      contatti: { cellulare: '+39 333 1234567', email: 'mario@example.it' },
      residenza: { indirizzo: 'Via Roma 1', cap: '40121', comune: 'Bologna', provincia: 'BO' },
    },
    owner.token,
  );

/**
 * The screenshot, then what decision 021 asks of every screen: no serious or critical axe violation (WCAG 2.2 AA
 * tags) and nothing sliding sideways.
 */
const checked = async (page: Page, info: Parameters<typeof shot>[1], name: string) => {
  await shot(page, info, name);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 100)).join(', ')}`);
  expect(serious, name).toEqual([]);
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways, `${name} slides sideways`).toBeLessThanOrEqual(0);
};

const patientTab = async (page: Page, name: string) => {
  const tab = page
    .getByRole('tablist', { name: 'Sezioni della scheda paziente' })
    .getByRole('tab', { name, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
};

test('evaluation, diary entry from the appointment, ODI charted, diary exported, accesses logged', async ({
  page,
  request,
}, info) => {
  test.setTimeout(150_000);
  const owner = await createOwner(request);
  const rossi = await seedPatient(request, owner);
  const { calendars } = await apiGet<{ calendars: { id: string }[] }>(request, '/calendars', owner.token);
  // Wednesday 3 February 2027, 9:00 in Rome
  const appointment = await apiPost<{ id: string }>(
    request,
    '/events',
    {
      calendarId: calendars[0]?.id,
      summary: 'Rossi Mario',
      start: '2027-02-03T08:00:00.000Z',
      end: '2027-02-03T08:45:00.000Z',
      pazienteId: rossi.id,
    },
    owner.token,
  );
  // an ODI of a month before, to chart the one filled today against
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const odi = (value: number) => Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`odi${i + 1}`, value]));
  await apiPost(
    request,
    '/misure-esito',
    { pazienteId: rossi.id, codice: 'ODI', data: monthAgo, risposte: odi(3) },
    owner.token,
  );

  // — the initial evaluation
  await openSignedIn(page, owner, `/customers/add?id=${rossi.id}`);
  await expect(page.getByRole('heading', { name: 'Rossi Mario', level: 1 })).toBeVisible();
  await patientTab(page, 'Valutazioni');
  await expect(page.getByText('Nessuna valutazione per questo paziente.')).toBeVisible();
  await page.getByRole('button', { name: 'Nuova valutazione' }).click();
  const form = page.getByRole('dialog', { name: 'Nuova valutazione' });
  await expect(form.getByRole('combobox', { name: 'Tipo' })).toHaveValue('Valutazione iniziale');
  await form
    .getByLabel('Motivo dell’invio', { exact: true })
    .fill('Lombalgia da tre settimane, inviato dal medico di base');
  await form.getByLabel('Anamnesi', { exact: true }).fill('Impiegata, lavoro sedentario. Nessun trauma.');
  const nrs = form.getByRole('slider');
  await nrs.focus();
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
  await expect(form.getByText('Dolore NRS (0–10): 6')).toBeVisible();
  await form.getByLabel('Sede del dolore', { exact: true }).fill('Zona lombare destra');
  await form.getByRole('button', { name: 'Aggiungi misura' }).click();
  await form.getByLabel('Distretto', { exact: true }).fill('Rachide lombare');
  await form.getByLabel('Movimento', { exact: true }).fill('Flessione');
  await form.getByLabel('Attivo (°)', { exact: true }).fill('60');
  await form.getByLabel('Diagnosi funzionale', { exact: true }).fill('Lombalgia aspecifica');
  await form
    .getByLabel('Piano di trattamento', { exact: true })
    .fill('Terapia manuale ed esercizio, 2 sedute a settimana');
  await checked(page, info, 'clinical-01-evaluation-form');
  await form.getByRole('button', { name: 'Salva' }).click();
  await expect(successToast(page, 'Valutazione salvata')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(page.getByText('NRS 6', { exact: true })).toBeVisible();
  await expect(page.getByText('Lombalgia aspecifica')).toBeVisible();
  await closeToasts(page);
  await checked(page, info, 'clinical-02-evaluations');

  // — the evaluation as a PDF to read or hand to the patient's doctor (rendered beside the screenshots)
  const evaluationDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Scarica PDF' }).click();
  const evaluationFile = await evaluationDownload;
  expect(evaluationFile.suggestedFilename()).toMatch(/^Valutazione iniziale Mario Rossi \d{2}-\d{2}-\d{4}\.pdf$/);
  const evaluationPath = screenshotFile(info, 'clinical-evaluation.pdf');
  await evaluationFile.saveAs(evaluationPath);
  const evaluationText = execFileSync('pdftotext', [evaluationPath, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(evaluationText).toContain('Lombalgia aspecifica');
  expect(evaluationText).toContain('Rachide lombare');
  execFileSync('pdftoppm', ['-png', '-r', '70', '-singlefile', evaluationPath, evaluationPath.replace(/\.pdf$/, '')]);

  // — a body chart drawn from the evaluation: kept with it, and on the Body chart tab with where it comes from
  await page.getByRole('button', { name: 'Disegna body chart' }).click();
  const chartDialog = page.getByRole('dialog', { name: 'Nuovo body chart' });
  await chartDialog.getByLabel('Titolo').fill('Dolore alla prima visita');
  await drawStroke(page, [0.26, 0.4], [0.3, 0.5]);
  await chartDialog.getByRole('button', { name: 'Salva' }).click();
  await expect(successToast(page, 'Body chart salvato')).toBeVisible();
  await expect(chartDialog).toBeHidden();
  const inEvaluation = page.getByTestId('body-chart-card').filter({ hasText: 'Dolore alla prima visita' });
  await expect(inEvaluation.getByRole('img', { name: /^Dolore alla prima visita/ }).locator('path')).toHaveCount(1);
  await closeToasts(page);
  await checked(page, info, 'clinical-02b-evaluation-body-chart');
  await patientTab(page, 'Body chart');
  await expect(
    page.getByTestId('body-chart-card').filter({ hasText: 'Dolore alla prima visita' }).getByText('Da una valutazione'),
  ).toBeVisible();

  // — the diary entry, written from the appointment in the calendar
  await page.goto('/calendar?view=week&date=2027-02-01');
  await page.locator(`[data-event-id="${appointment.id}"]`).click();
  const appointmentDialog = page.getByRole('dialog', { name: 'Modifica appuntamento' });
  await appointmentDialog.getByRole('button', { name: 'Scrivi diario' }).click();
  const diary = page.getByRole('dialog', { name: 'Nuova voce di diario · Rossi Mario' });
  await expect(diary.getByText('Appuntamento del 03-02-2027 09:00')).toBeVisible();
  await expect(diary.getByLabel('Data', { exact: true })).toHaveValue('03-02-2027');
  await diary.getByLabel('Soggettivo', { exact: true }).fill('Dolore ridotto dopo la prima seduta');
  await diary.getByLabel('Oggettivo', { exact: true }).fill('Flessione lombare migliorata');
  await diary
    .getByLabel('Trattamenti eseguiti', { exact: true })
    .fill('Mobilizzazione lombare, esercizi di controllo motorio');
  await checked(page, info, 'clinical-03-diary-from-appointment');
  await diary.getByRole('button', { name: 'Salva' }).click();
  await expect(successToast(page, 'Voce di diario salvata')).toBeVisible();
  await expect(diary).toBeHidden();

  await page.goto(`/customers/add?id=${rossi.id}`);
  await patientTab(page, 'Diario');
  const entry = page.getByRole('article', { name: 'Seduta del 03-02-2027' });
  await expect(entry.getByText('Appuntamento del 03-02-2027 09:00')).toBeVisible();
  await expect(entry.getByText('Dolore ridotto dopo la prima seduta')).toBeVisible();
  await checked(page, info, 'clinical-04-diary');

  // — the diary as CSV with BOM
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Esporta diario (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^diari-pazienti-\d{8}\.csv$/);
  const bytes = readFileSync(await file.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.toString('utf8');
  expect(csv).toContain('Paziente;Codice fiscale;Data;Appuntamento;Soggettivo');
  expect(csv).toContain('Rossi Mario;RSSMRA85T10A562S;03-02-2027;03/02/27, 09:00;Dolore ridotto dopo la prima seduta');
  await expect(page.getByText('Esportazione completata: 1 riga.')).toBeVisible();

  // — an ODI filled in the app, charted against January's
  await patientTab(page, 'Questionari');
  await expect(page.getByRole('region', { name: 'Oswestry Disability Index' })).toBeVisible();
  await page.getByRole('button', { name: 'Compila questionario' }).click();
  const questionnaire = page.getByRole('dialog', { name: 'Compila questionario' });
  await questionnaire.getByRole('combobox', { name: 'Questionario' }).click();
  await page.getByRole('option', { name: 'Oswestry Disability Index' }).click();
  for (let i = 0; i < 10; i++)
    await questionnaire.getByRole('radiogroup').nth(i).getByRole('radio', { name: '1', exact: true }).click();
  await expect(questionnaire.getByText('Punteggio: 20 % · Disabilità minima')).toBeVisible();
  await checked(page, info, 'clinical-05-odi-form');
  await questionnaire.getByRole('button', { name: 'Salva' }).click();
  await expect(successToast(page, 'Questionario salvato')).toBeVisible();
  const odiTrend = page.getByRole('region', { name: 'Oswestry Disability Index' });
  await expect(odiTrend.getByText('Ultimo: 20 % · Disabilità minima')).toBeVisible();
  await expect(odiTrend.getByText('Migliorato', { exact: true })).toBeVisible();
  await expect(odiTrend.getByRole('row')).toHaveCount(3);
  await expect(page.getByTestId('grafico-ODI').locator('.recharts-line-curve')).toBeVisible();
  await closeToasts(page);
  await checked(page, info, 'clinical-06-outcomes-chart');

  // — the owner reads who accessed the record
  await patientTab(page, 'Accessi');
  await expect(
    page.getByText('Cartella clinica: esportazione diario dei trattamenti').filter({ visible: true }).first(),
  ).toBeVisible();
  await expect(
    page.getByText('Cartella clinica: scrittura valutazioni').filter({ visible: true }).first(),
  ).toBeVisible();
  await checked(page, info, 'clinical-07-access-log');

  // — Impostazioni › Cartella paziente: a section the studio does not use, the whole studio's diary exported
  await page.goto('/impostazioni');
  await openTab(page, 'Cartella paziente');
  await page.getByRole('checkbox', { name: 'Test funzionali' }).uncheck();
  await page.getByRole('button', { name: 'Salva sezioni' }).click();
  await expect(successToast(page, 'Impostazioni salvate')).toBeVisible();
  await closeToasts(page);
  const allDiaries = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Esporta tutti i diari' }).click();
  expect((await allDiaries).suggestedFilename()).toMatch(/^diari-pazienti-\d{8}\.csv$/);
  await expect(page.getByText('Esportazione completata: 1 riga.')).toBeVisible();
  await closeToasts(page);
  await checked(page, info, 'clinical-08-settings');

  // — Impostazioni › Registro attività: the clinical accesses alone
  await openTab(page, 'Registro attività');
  await page.getByText('Cartella clinica', { exact: true }).click();
  await expect(
    page.getByText('Cartella clinica: esportazione diario dei trattamenti').filter({ visible: true }).first(),
  ).toBeVisible();
  await expect(page.getByText('Impostazioni modificate').filter({ visible: true })).toHaveCount(0);
  await checked(page, info, 'clinical-09-activity-log-filter');

  // — the evaluation form now leaves the section out
  await page.goto(`/customers/add?id=${rossi.id}`);
  await patientTab(page, 'Valutazioni');
  await page.getByRole('button', { name: 'Nuova valutazione' }).click();
  const followUp = page.getByRole('dialog', { name: 'Nuova valutazione' });
  await expect(followUp.getByRole('combobox', { name: 'Tipo' })).toHaveValue('Rivalutazione');
  await expect(followUp.getByLabel('Anamnesi', { exact: true })).toBeVisible();
  await expect(followUp.getByLabel('Test funzionali', { exact: true })).toHaveCount(0);
});

test('an accounting member sees the patient’s registry and invoices, never the clinical record', async ({
  page,
  request,
}) => {
  const owner = await createOwner(request);
  const rossi = await seedPatient(request, owner);
  await apiPost(
    request,
    '/diari',
    { pazienteId: rossi.id, data: '2026-11-02', soggettivo: 'Nota riservata del fisioterapista' },
    owner.token,
  );
  const contabile = await joinedStaffMember(request, owner, {
    nome: 'Paolo',
    cognome: 'Conti',
    role: 'ROLE_STAFF_CONTABILE',
  });
  await openSignedIn(page, contabile, `/customers/add?id=${rossi.id}&tab=3`);
  await expect(page.getByRole('heading', { name: 'Rossi Mario', level: 1 })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Sezioni della scheda paziente' }).getByRole('tab');
  await expect(tabs).toHaveText(['Anagrafica', 'Fatture']);
  // the diary's address (tab 3) falls back to the first tab the role may see
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Nota riservata del fisioterapista')).toHaveCount(0);
});
