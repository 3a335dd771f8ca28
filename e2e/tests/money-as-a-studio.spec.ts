import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { screen as screenView } from '../support/screens.ts';
import {
  apiGet,
  apiPost,
  closeToasts,
  createOwner,
  type Owner,
  openSignedIn,
  shot,
  successToast,
} from '../support/studio-owner.ts';

/*
 * Issue 26 (the money side as a studio meets it), items 2, 4, 5, 6: a patient's appointments, titled with the
 * patient's name as the calendar does, invoiced from the patient's page in at most 5 clicks, the lines described by
 * the studio's description; from a past appointment in the calendar too; a company starts an electronic invoice.
 */

type Fattura = {
  id: string;
  idDocumento: string;
  pagata: boolean;
  metodoPagamento: string;
  tipoDocumento: string;
  prestazione: { descrizione: string; quantita: number }[];
  linkedCalendarEventsIds: string[];
};
type CalendarEvent = { id: string; isPagato: boolean; linkedDocumentoContabileId: string | null };

const screenshots = path.join(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

const seedPatient = (request: APIRequestContext, owner: Owner) =>
  apiPost<{ id: string }>(
    request,
    '/pazienti',
    {
      datiGenerali: { tipologiaPersona: 'FISICA', nome: 'Fabio', cognome: 'Cocco', codiceFiscale: 'RSSMRA85T10A562S' },
      contatti: { cellulare: '+39 333 1234567', email: 'fabio@example.it' },
      residenza: { indirizzo: 'Via Roma 1', cap: '40121', comune: 'Bologna', provincia: 'BO' },
    },
    owner.token,
  );

/** Appointments titled with the patient's name (the calendar fills an empty title with it), no service. */
const seedAppointments = async (request: APIRequestContext, owner: Owner, pazienteId: string, starts: Date[]) => {
  const { calendars } = await apiGet<{ calendars: { id: string }[] }>(request, '/calendars', owner.token);
  const ids: string[] = [];
  for (const start of starts) {
    const event = await apiPost<{ id: string }>(
      request,
      '/events',
      {
        calendarId: calendars[0]?.id,
        summary: 'Cocco Fabio',
        start: start.toISOString(),
        end: new Date(start.getTime() + 3_600_000).toISOString(),
        pazienteId,
        price: 50,
      },
      owner.token,
    );
    ids.push(event.id);
  }
  return ids;
};

const keepPdf = async (request: APIRequestContext, owner: Owner, url: string, name: string) => {
  const res = await request.get(`/app/api${url}`, { headers: { Authorization: `Bearer ${owner.token}` } });
  expect(res.headers()['content-type']).toBe('application/pdf');
  mkdirSync(screenshots, { recursive: true });
  const file = path.join(screenshots, `${name}.pdf`);
  writeFileSync(file, await res.body());
  execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', file, path.join(screenshots, name)]);
  return execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
};

/** Counts the person's clicks, as the issue counts them. */
const clicker = () => {
  let clicks = 0;
  return {
    click: async (target: ReturnType<Page['getByRole']>) => {
      clicks += 1;
      await target.click();
    },
    get count() {
      return clicks;
    },
  };
};

const daysAgo = (days: number, hour = 9) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - days);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};

const romeDay = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: 'Europe/Rome' });

/** Up to three whole hours ago, never before midnight in Rome (the browser's time zone), whatever the hour of the run. */
const earlierTodayInRome = () => {
  const today = romeDay(new Date());
  let start = new Date();
  start.setUTCMinutes(0, 0, 0);
  for (let i = 0; i < 3; i++) {
    const hourBefore = new Date(start.getTime() - 3_600_000);
    if (romeDay(hourBefore) !== today) break;
    start = hourBefore;
  }
  return start;
};

test.describe('the money side as a studio meets it (issue 26)', () => {
  test('invoices a patient’s unpaid appointments from their page, paid, in at most 5 clicks', async ({
    page,
    request,
  }, info) => {
    const owner = await createOwner(request);
    const patient = await seedPatient(request, owner);
    const ids = await seedAppointments(request, owner, patient.id, [daysAgo(9), daysAgo(7)]);

    await openSignedIn(page, owner, `/customers/add?id=${patient.id}`);
    await expect(page.getByRole('heading', { name: 'Cocco Fabio' })).toBeVisible();
    await shot(page, info, 'money-01-patient-page');

    const person = clicker();
    await person.click(page.getByRole('link', { name: 'Fattura appuntamenti da saldare' }));
    await expect(page.getByText('2 appuntamenti da saldare sono già nei trattamenti.', { exact: false })).toBeVisible();
    const line = page.getByRole('group', { name: 'Trattamento 1' });
    // item 2: the studio's description (from its profession), never the appointment's title, the patient's name
    await expect(line.getByLabel('Descrizione')).toHaveValue('Seduta di fisioterapia');
    await expect(line.getByLabel('Quantità')).toHaveValue('2');
    await expect(page.getByRole('combobox', { name: 'Tipo documento' })).toHaveValue('Fattura sanitaria');
    await shot(page, info, 'money-02-settle-invoice');

    await person.click(page.getByRole('combobox', { name: 'Metodo di pagamento' }));
    await person.click(page.getByRole('option', { name: 'Bonifico bancario' }));
    await person.click(page.getByRole('checkbox', { name: 'Pagato' }));
    await person.click(page.getByRole('button', { name: 'Crea', exact: true }));
    await expect(successToast(page, 'Fattura creata')).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Fattura 1\// })).toBeVisible();
    // the invoice's live SDI preview, debounced 600 ms, must not ask again as a new invoice once it is created
    await page.waitForTimeout(1_500);
    await expect(page.getByRole('alert').filter({ hasText: 'già stato usato' })).toHaveCount(0);
    await shot(page, info, 'money-03-created-toast');
    expect(person.count).toBeLessThanOrEqual(5);

    const id = new URL(page.url()).searchParams.get('id') ?? '';
    const invoice = await apiGet<Fattura>(request, `/documento-contabile/${id}`, owner.token);
    expect(invoice).toMatchObject({ pagata: true, metodoPagamento: 'Bonifico bancario' });
    expect([...invoice.linkedCalendarEventsIds].sort()).toEqual([...ids].sort());
    expect(invoice.prestazione.map((l) => l.descrizione)).toEqual(['Seduta di fisioterapia']);
    const events = await apiGet<CalendarEvent[]>(request, `/events/paziente/${patient.id}`, owner.token);
    expect(events.every((e) => e.isPagato && e.linkedDocumentoContabileId === id)).toBe(true);

    const text = await keepPdf(
      request,
      owner,
      `/documento-contabile/${id}/pdf`,
      `money-invoice-pdf-${info.project.name}`,
    );
    expect(text).toContain('Seduta di fisioterapia');
    // the patient's name is the customer's, once, not a service line as well
    expect(text.match(/Cocco Fabio/g) ?? []).toHaveLength(1);
  });

  test('opens the invoice from a past unpaid appointment in the calendar', async ({ page, request }, info) => {
    const owner = await createOwner(request);
    const patient = await seedPatient(request, owner);
    await seedAppointments(request, owner, patient.id, [earlierTodayInRome()]);

    await openSignedIn(page, owner, '/calendar');
    const event = page.getByTestId('calendar-event').filter({ hasText: 'Cocco Fabio' }).first();
    await event.click();
    const dialog = page.getByRole('dialog', { name: 'Modifica appuntamento' });
    await expect(dialog.getByRole('button', { name: 'Fattura appuntamenti da saldare' })).toBeVisible();
    await shot(page, info, 'money-04-calendar-appointment');
    await dialog.getByRole('button', { name: 'Fattura appuntamenti da saldare' }).click();
    await expect(page.getByRole('heading', { name: 'Nuova fattura' })).toBeVisible();
    await expect(page.getByText('1 appuntamento da saldare è già nei trattamenti.', { exact: false })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Trattamento 1' }).getByLabel('Descrizione')).toHaveValue(
      'Seduta di fisioterapia',
    );
  });

  test('a company starts an electronic invoice and is called a customer', async ({ page, request }, info) => {
    const owner = await createOwner(request);
    await openSignedIn(page, owner, '/customers/add');
    await page.getByRole('radio', { name: 'Persona giuridica' }).check();
    await expect(page.getByRole('button', { name: 'Crea cliente' })).toBeVisible();
    await shot(page, info, 'money-05-new-company');
    const company = await apiPost<{ id: string }>(
      request,
      '/pazienti',
      {
        datiGenerali: {
          tipologiaPersona: 'GIURIDICA',
          ragioneSociale: 'Palestra Bianchi srl',
          codiceFiscale: '01057861005',
          partitaIva: '01057861005',
          codiceDestinatario: 'ABC1234',
        },
        contatti: { email: 'amministrazione@example.it' },
        residenza: { indirizzo: 'Via Roma 1', cap: '40121', comune: 'Bologna', provincia: 'BO' },
      },
      owner.token,
    );
    await page.goto(`/accounting/fattura?pazienteId=${company.id}`);
    await expect(page.getByRole('combobox', { name: 'Tipo documento' })).toHaveValue('Fattura elettronica');
    await expect(page.getByText('Cliente società: fattura elettronica, inviata tramite SDI')).toBeVisible();
    await page.getByRole('combobox', { name: 'Tipo documento' }).click();
    await page.getByRole('option', { name: 'Fattura sanitaria' }).click();
    await expect(page.getByRole('note')).toContainText('Una società riceve la fattura elettronica tramite SDI');
    await shot(page, info, 'money-06-company-type-changed');

    // item 7: leaving with unsaved changes asks first
    await page.getByRole('link', { name: 'Torna indietro' }).click();
    const ask = page.getByRole('dialog', { name: 'Modifiche non salvate' });
    await expect(ask).toBeVisible();
    await shot(page, info, 'money-07-unsaved-changes');
    await ask.getByRole('button', { name: 'Resta' }).click();
    await expect(page.getByRole('combobox', { name: 'Tipo documento' })).toHaveValue('Fattura sanitaria');
  });

  test('a success toast covers no button; the screens of the issue looked at', async ({ page, request }, info) => {
    const owner = await createOwner(request);
    await openSignedIn(page, owner, '/impostazioni');
    const save = page.getByRole('button', { name: 'Salva modifiche' });
    await page.getByLabel('Professione', { exact: true }).fill('Osteopata');
    // the button where a person presses it: scrolled into the window, as low as it goes
    await save.scrollIntoViewIfNeeded();
    await save.click();
    const toast = successToast(page, 'Dati dello studio aggiornati');
    await expect(toast).toBeVisible();
    const [a, b] = [await toast.boundingBox(), await save.boundingBox()];
    expect(a && b).toBeTruthy();
    if (a && b) {
      const overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect(overlaps, 'the toast covers "Salva modifiche"').toBe(false);
    }
    await screenView(page, info, 'money-08-settings-saved-toast');
    await closeToasts(page);

    // item 2: the description of appointments without a service, set once beside the services
    await page.goto('/calendar/settings');
    await expect(page.getByLabel('Descrizione in fattura')).toHaveValue('Trattamento osteopatico');
    await shot(page, info, 'money-09-calendar-settings-description');
    await page.goto('/financial-analytics');
    await expect(
      page.getByRole('region', { name: 'Percentuale di fatture pagate per mese di emissione' }),
    ).toBeVisible();
    await shot(page, info, 'money-10-analytics');
  });

  test('invoices several patients’ past appointments in one go from the calendar, with a summary', async ({
    page,
    request,
  }, info) => {
    const owner = await createOwner(request);
    const cocco = await seedPatient(request, owner);
    const bianchi = await apiPost<{ id: string }>(
      request,
      '/pazienti',
      {
        datiGenerali: {
          tipologiaPersona: 'FISICA',
          nome: 'Anna',
          cognome: 'Bianchi',
          codiceFiscale: 'BNCNNA80A41A944F',
        },
        contatti: { cellulare: '+39 333 7654321' },
        residenza: { indirizzo: 'Via Po 2', cap: '40121', comune: 'Bologna', provincia: 'BO' },
      },
      owner.token,
    );
    // earlier today: within "Dal" (the 1st of the month) and "Al" (today), whatever the day of the run
    const start = earlierTodayInRome();
    await seedAppointments(request, owner, cocco.id, [start]);
    await seedAppointments(request, owner, bianchi.id, [start]);

    await openSignedIn(page, owner, '/calendar');
    await page.getByRole('button', { name: 'Altre azioni' }).click();
    await page.getByRole('menuitem', { name: 'Fatture appuntamenti da saldare…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fatture appuntamenti da saldare' });
    await expect(dialog.getByRole('checkbox', { name: /^Bianchi Anna · 1 appuntamento · 50,00/ })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: /^Cocco Fabio · 1 appuntamento · 50,00/ })).toBeChecked();
    await dialog.getByRole('switch', { name: 'Segna le fatture come pagate' }).check();
    await shot(page, info, 'money-11-batch-dialog');
    await dialog.getByRole('button', { name: 'Crea 2 fatture' }).click();
    await expect(dialog.getByText('Create 2 fatture')).toBeVisible();
    await expect(dialog.getByRole('link', { name: /^Apri la fattura \d+\// })).toHaveCount(2);
    await shot(page, info, 'money-12-batch-summary');

    for (const id of [cocco.id, bianchi.id]) {
      const events = await apiGet<CalendarEvent[]>(request, `/events/paziente/${id}`, owner.token);
      expect(events.every((e) => e.isPagato && e.linkedDocumentoContabileId)).toBe(true);
    }
  });
});
