import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { apiGet, apiPost, createOwner, type Owner, openSignedIn, shot, successToast } from '../support/studio-owner.ts';

/*
 * The calendar as a studio uses it (spec part 1 §2–§5, §8, §9): a weekly appointment for a patient, one
 * occurrence moved by drag and drop ("Questo evento"), the following ones changed ("Questo evento e quelli
 * successivi"), a month exported to CSV, and a bulk delete with the acknowledgement. The week is fixed
 * (February 2027, no holidays) so the screenshots read the same every run.
 */

const monday = '2027-02-01';
type CalendarEvent = { id: string; summary: string; start: string; end: string; seriesId: string | null };

const seedPatient = async (request: APIRequestContext, owner: Owner) =>
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

const eventsOf = (request: APIRequestContext, owner: Owner, start: string, end: string) =>
  apiGet<CalendarEvent[]>(request, `/events?start=${start}&end=${end}`, owner.token);

/** Rome wall time of an instant, HH:mm. */
const romeTime = (iso: string) =>
  new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );

const calendarEvents = (page: Page) => page.getByTestId('calendar-event');
const eventOn = (page: Page, id: string) => page.locator(`[data-event-id="${id}"]`);

/** Nothing sticks out sideways (a phone would let the whole page slide). */
const expectNoSidewaysScroll = async (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);

/** Waits for the toasts to go (5 s each): they pile up over a phone dialog's last lines in a screenshot. */
const toastsGone = (page: Page) =>
  expect(page.getByRole('alert').filter({ hasText: 'Successo' })).toHaveCount(0, { timeout: 15_000 });

/** Picks an option of a Mantine Select with a click (a tap on a phone), as a person would. */
const chooseOption = async (page: Page, select: Locator, option: string) => {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

/** Types a time into the dialog's 24-hour time field (hours, then minutes). */
const setTime = async (scope: Locator, label: string, hours: string, minutes: string) => {
  await scope.getByLabel(`${label}, ore`).fill(hours);
  await scope.getByLabel(`${label}, minuti`).fill(minutes);
};

/** The middle of a time slot of the n-th day column (0 = Monday) of the week view. */
const slotPoint = async (page: Page, dayIndex: number, time: string) => {
  const header = page.getByRole('columnheader').nth(dayIndex);
  const slot = page.locator(`[data-time="${time}"]`).first();
  const h = await header.boundingBox();
  const s = await slot.boundingBox();
  if (!h || !s) throw new Error('slot not found');
  return { x: h.x + h.width / 2, y: s.y + s.height / 2 };
};

/** Drags with the mouse in small steps, as FullCalendar needs to see the pointer move. */
const drag = async (page: Page, from: Locator, target: () => Promise<{ x: number; y: number }>) => {
  await from.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const to = await target();
  const box = await from.boundingBox();
  if (!box) throw new Error('nothing to drag');
  const start = { x: box.x + box.width / 2, y: box.y + Math.min(10, box.height / 2) };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  const steps = 12;
  for (let i = 1; i <= steps; i++)
    await page.mouse.move(start.x + ((to.x - start.x) * i) / steps, start.y + ((to.y - start.y) * i) / steps);
  await page.mouse.up();
};

test.describe('Calendario', () => {
  test('a weekly appointment, one occurrence moved, the following ones changed', async ({ page, request }, info) => {
    const owner = await createOwner(request);
    await seedPatient(request, owner);
    const logs: string[] = [];
    page.on('console', (m) => logs.push(m.text()));

    await openSignedIn(page, owner, `/calendar?view=week&date=${monday}`);
    await expect(page.getByRole('heading', { name: 'Calendario', level: 1 })).toBeVisible();
    await expect(page.getByTestId('calendar-title')).toHaveText('1 – 7 febbraio 2027');
    await expectNoSidewaysScroll(page);
    await shot(page, info, 'calendar-01-empty-week');

    // — a new appointment: the patient fills the title, weekly for 10 times
    await page.getByRole('button', { name: 'Nuovo appuntamento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuovo appuntamento' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Paziente').fill('Rossi');
    await page.getByRole('option', { name: /Rossi Mario/ }).click();
    await expect(dialog.getByLabel('Titolo')).toHaveValue('Rossi Mario');
    await setTime(dialog, 'Ora inizio', '10', '00');
    await setTime(dialog, 'Ora fine', '11', '00');
    await dialog.getByRole('radio', { name: 'Azzurro' }).click();
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Ripetizione' }), 'Ogni settimana');
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Termina' }), 'Dopo un numero di volte');
    await dialog.getByLabel('Numero di volte').fill('10');
    await shot(page, info, 'calendar-02-new-weekly');
    await dialog.getByRole('button', { name: 'Crea appuntamento' }).click();
    await expect(successToast(page, 'Appuntamento creato')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(calendarEvents(page)).toHaveCount(1);
    await expect(calendarEvents(page).first()).toContainText('Rossi Mario');
    await shot(page, info, 'calendar-03-weekly-created');

    const series = await eventsOf(request, owner, monday, '2027-04-30');
    expect(series).toHaveLength(10);
    expect(series.map((e) => romeTime(e.start))).toEqual(Array(10).fill('10:00'));
    const first = series[0] as CalendarEvent;

    // — dragging an occurrence asks the scope; closing without a choice puts it back ("Abort update", spec §8)
    const tuesdayNoon = () => slotPoint(page, 1, '11:00:00');
    await drag(page, eventOn(page, first.id), tuesdayNoon);
    const scope = page.getByRole('dialog', { name: 'Aggiorna evento ricorrente' });
    await expect(scope).toBeVisible();
    await expect(scope.getByRole('radio', { name: 'Questo evento', exact: true })).toBeVisible();
    await expect(scope.getByRole('radio', { name: 'Questo evento e quelli successivi' })).toBeVisible();
    await shot(page, info, 'calendar-04-recurring-update');
    await scope.getByRole('button', { name: 'Chiudi' }).click();
    await expect(scope).toBeHidden();
    expect(logs).toContain('Abort update');
    expect((await eventsOf(request, owner, monday, monday)).map((e) => romeTime(e.start))).toEqual(['10:00']);

    // — the same drag, "Questo evento": only this Monday moves to Tuesday 12:00
    await drag(page, eventOn(page, first.id), tuesdayNoon);
    await scope.getByRole('radio', { name: 'Questo evento', exact: true }).check();
    await scope.getByRole('button', { name: 'Conferma' }).click();
    await expect(successToast(page, 'Appuntamento aggiornato')).toBeVisible();
    await expect.poll(async () => (await eventsOf(request, owner, '2027-02-02', '2027-02-02')).length).toBe(1);
    const moved = (await eventsOf(request, owner, '2027-02-02', '2027-02-02'))[0] as CalendarEvent;
    expect(romeTime(moved.start)).toBe('11:00');
    expect(romeTime(moved.end)).toBe('12:00');
    expect(await eventsOf(request, owner, monday, monday)).toHaveLength(0);
    expect(await eventsOf(request, owner, '2027-02-08', '2027-04-30')).toHaveLength(9);
    await expect(calendarEvents(page)).toHaveCount(1);
    await shot(page, info, 'calendar-05-occurrence-moved');

    // — the third week: from this one on, 15:00–16:00 ("Questo evento e quelli successivi")
    await page.getByRole('button', { name: 'Periodo successivo' }).click();
    await page.getByRole('button', { name: 'Periodo successivo' }).click();
    await expect(page.getByTestId('calendar-title')).toHaveText('15 – 21 febbraio 2027');
    await calendarEvents(page).first().click();
    const edit = page.getByRole('dialog', { name: 'Modifica appuntamento' });
    await expect(edit).toBeVisible();
    await expect(edit.getByText('Si ripete ogni settimana, 10 volte')).toBeVisible();
    await setTime(edit, 'Ora inizio', '15', '00');
    await setTime(edit, 'Ora fine', '16', '00');
    await shot(page, info, 'calendar-06-edit-occurrence');
    await edit.getByRole('button', { name: 'Salva' }).click();
    await expect(scope).toBeVisible();
    await scope.getByRole('radio', { name: 'Questo evento e quelli successivi' }).check();
    await scope.getByRole('button', { name: 'Conferma' }).click();
    await expect(successToast(page, 'Appuntamento aggiornato')).toBeVisible();
    await expect(edit).toBeHidden();
    const after = await eventsOf(request, owner, monday, '2027-04-30');
    expect(after.map((e) => `${e.start.slice(0, 10)} ${romeTime(e.start)}`)).toEqual([
      '2027-02-02 11:00',
      '2027-02-08 10:00',
      '2027-02-15 15:00',
      '2027-02-22 15:00',
      '2027-03-01 15:00',
      '2027-03-08 15:00',
      '2027-03-15 15:00',
      '2027-03-22 15:00',
      '2027-03-29 15:00',
      '2027-04-05 15:00',
    ]);
    await expect(calendarEvents(page).first()).toContainText('15:00');
    await shot(page, info, 'calendar-07-following-changed');
  });

  test('a month exported to CSV, then one patient’s events deleted with the acknowledgement', async ({
    page,
    request,
  }, info) => {
    const owner = await createOwner(request);
    const rossi = await seedPatient(request, owner);
    const { calendars } = await apiGet<{ calendars: { id: string }[] }>(request, '/calendars', owner.token);
    const calendarId = calendars[0]?.id as string;
    const appointment = (day: string, hour: string, summary: string, pazienteId: string | null) =>
      apiPost(
        request,
        '/events',
        {
          calendarId,
          summary,
          start: new Date(`${day}T${hour}:00+01:00`).toISOString(),
          end: new Date(`${day}T${hour}:45+01:00`).toISOString(),
          pazienteId,
        },
        owner.token,
      );
    await appointment('2027-03-02', '09', 'Rossi Mario', rossi.id);
    await appointment('2027-03-16', '09', 'Rossi Mario', rossi.id);
    await appointment('2027-03-10', '11', 'Riunione di studio', null);
    await appointment('2027-03-24', '15', 'Formazione', null);

    await openSignedIn(page, owner, '/calendar?view=month&date=2027-03-01');
    await expect(page.getByTestId('calendar-title')).toHaveText('marzo 2027');
    await expect(calendarEvents(page)).toHaveCount(4);
    await expectNoSidewaysScroll(page);
    await shot(page, info, 'calendar-08-month');

    // — export: the form's checks, then March
    await page.getByRole('button', { name: 'Altre azioni' }).click();
    await page.getByRole('menuitem', { name: 'Esporta eventi…' }).click();
    const exporter = page.getByRole('dialog', { name: 'Esporta eventi calendario' });
    await expect(exporter.getByText('Lascia vuoto per esportare eventi di tutti i pazienti')).toBeVisible();
    await exporter.getByLabel('Data inizio').fill('31-3-2027');
    await exporter.getByLabel('Data fine').fill('1-3-2027');
    await exporter.getByLabel('Data inizio').click();
    await expect(exporter.getByLabel('Data fine')).toHaveValue('01-03-2027');
    await expect(exporter.getByText('La data di fine deve essere successiva alla data di inizio')).toBeVisible();
    await expect(exporter.getByRole('button', { name: 'Cerca Eventi' })).toBeDisabled();
    await exporter.getByLabel('Data inizio').fill('1-1-2027');
    await exporter.getByLabel('Data fine').fill('2-1-2028');
    await exporter.getByLabel('Data inizio').click();
    await expect(exporter.getByText('Il range di date non può superare 365 giorni')).toBeVisible();
    await exporter.getByLabel('Data inizio').fill('01-04-2027');
    await exporter.getByLabel('Data fine').fill('30-04-2027');
    await exporter.getByRole('button', { name: 'Cerca Eventi' }).click();
    await expect(exporter.getByText('Nessun evento trovato per i criteri selezionati')).toBeVisible();
    await exporter.getByLabel('Data inizio').fill('1-3-2027');
    await exporter.getByLabel('Data fine').fill('31-3-2027');
    await exporter.getByLabel('Data inizio').click();
    await expect(exporter.getByLabel('Data fine')).toHaveValue('31-03-2027');
    await shot(page, info, 'calendar-09-export-form');
    await exporter.getByRole('button', { name: 'Cerca Eventi' }).click();
    await expect(exporter.getByText('Stai per esportare 4 eventi')).toBeVisible();
    await expect(exporter.getByText('dal 1 marzo 2027 al 31 marzo 2027')).toBeVisible();
    await shot(page, info, 'calendar-10-export-summary');
    const download = page.waitForEvent('download');
    await exporter.getByRole('button', { name: 'Esporta 4 Eventi' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('eventi-2027030120270331.csv');
    const bytes = readFileSync(await file.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain('Rossi Mario');
    // spec part 1 §4: the download starts by itself and the dialog closes
    await expect(exporter).toBeHidden();
    await expect(page.getByText('Il download del file è iniziato.')).toBeVisible();
    await shot(page, info, 'calendar-11-exported');

    // — bulk delete of Rossi's March: the acknowledgement is required, the backup goes to the local outbox
    await page.getByRole('button', { name: 'Altre azioni' }).click();
    await page.getByRole('menuitem', { name: 'Elimina eventi…' }).click();
    const deleter = page.getByRole('dialog', { name: 'Elimina eventi calendario' });
    await expect(deleter.getByText('Lascia vuoto per eliminare eventi di tutti i pazienti')).toBeVisible();
    await deleter.getByLabel('Data inizio').fill('1-3-2027');
    await deleter.getByLabel('Data fine').fill('31-3-2027');
    await deleter.getByLabel('Paziente').fill('Rossi');
    await page.getByRole('option', { name: /Rossi Mario/ }).click();
    await shot(page, info, 'calendar-12-delete-form');
    await deleter.getByRole('button', { name: 'Cerca Eventi' }).click();
    await expect(deleter.getByText('Stai per eliminare 2 eventi')).toBeVisible();
    await expect(deleter.getByText('dal 1 marzo 2027 al 31 marzo 2027')).toBeVisible();
    await expect(deleter.getByText('Paziente: Rossi Mario')).toBeVisible();
    await expect(deleter.getByText('Email di backup obbligatoria')).toBeVisible();
    await expect(deleter.getByText('Operazione irreversibile')).toBeVisible();
    const confirm = deleter.getByRole('button', { name: 'Elimina 2 Eventi' });
    await expect(confirm).toBeDisabled();
    await deleter
      .getByRole('checkbox', { name: "Ho capito che l'operazione è irreversibile e riceverò il backup via email." })
      .check();
    // "Indietro" clears the acknowledgement (spec part 1 §4)
    await deleter.getByRole('button', { name: 'Indietro' }).click();
    await deleter.getByRole('button', { name: 'Cerca Eventi' }).click();
    await expect(confirm).toBeDisabled();
    await deleter
      .getByRole('checkbox', { name: "Ho capito che l'operazione è irreversibile e riceverò il backup via email." })
      .check();
    await shot(page, info, 'calendar-13-delete-summary');
    await confirm.click();
    await expect(
      successToast(page, '2 eventi eliminati. Il backup è nella posta locale (Impostazioni → Posta in uscita)'),
    ).toBeVisible();
    await expect(deleter).toBeHidden();
    await expect(calendarEvents(page)).toHaveCount(2);
    const left = await eventsOf(request, owner, '2027-03-01', '2027-03-31');
    expect(left.map((e) => e.summary).sort()).toEqual(['Formazione', 'Riunione di studio']);
    await shot(page, info, 'calendar-14-deleted');
  });

  test('calendar settings: a service, a room and a device, the phone link; then the staff view and the filters', async ({
    page,
    request,
  }, info) => {
    const owner = await createOwner(request);
    await openSignedIn(page, owner, '/calendar/settings');
    await expect(page.getByRole('heading', { name: 'Impostazioni calendario', level: 1 })).toBeVisible();

    // — a service: duration shown h:mm, prices in euros
    await page.getByRole('button', { name: 'Nuova prestazione' }).click();
    const product = page.getByRole('dialog', { name: 'Nuova prestazione' });
    await product.getByLabel('Nome').fill('Fisioterapia');
    await product.getByLabel('Durata (minuti)').fill('45');
    await product.getByLabel('Prezzo netto').fill('50');
    await product.getByLabel('Prezzo lordo').fill('61');
    // a service is a health service (SP) for the Sistema TS unless the studio says otherwise
    await expect(product.getByRole('combobox', { name: 'Tipo di spesa (Sistema TS)' })).toHaveValue(
      'SP - Prestazioni sanitarie',
    );
    await product.getByRole('button', { name: 'Salva' }).click();
    await expect(successToast(page, 'Prestazione creata')).toBeVisible();
    const row = page.getByTestId('product-row').filter({ hasText: 'Fisioterapia' });
    await expect(row).toContainText('0:45');
    await expect(row).toContainText('61,00');
    await expectNoSidewaysScroll(page);
    await shot(page, info, 'calendar-15-settings-services');

    // — a room and a medical device
    await page.getByRole('tab', { name: 'Stanze e dispositivi' }).click();
    await page.getByRole('button', { name: 'Aggiungi stanza' }).click();
    await page.getByRole('dialog', { name: 'Aggiungi stanza' }).getByLabel('Nome').fill('Stanza 1');
    await page.getByRole('dialog', { name: 'Aggiungi stanza' }).getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByRole('list', { name: 'Stanze' }).getByText('Stanza 1')).toBeVisible();
    await page.getByRole('button', { name: 'Aggiungi dispositivo' }).click();
    await page.getByRole('dialog', { name: 'Aggiungi dispositivo' }).getByLabel('Nome').fill('Tecar');
    await page.getByRole('dialog', { name: 'Aggiungi dispositivo' }).getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByRole('list', { name: 'Dispositivi medici' }).getByText('Tecar')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot(page, info, 'calendar-16-settings-resources');

    // — the phone subscription link, shown once with its QR code, then turned off; Google not configured
    await page.getByRole('tab', { name: 'Calendari' }).click();
    await page.getByRole('button', { name: 'Iscriviti dal telefono a Calendario principale' }).click();
    const feed = page.getByRole('dialog', { name: 'Iscriviti dal telefono a Calendario principale' });
    await expect(feed.getByText('Nessun link attivo.')).toBeVisible();
    await feed.getByRole('button', { name: 'Crea link' }).click();
    await expect(feed.getByTestId('feed-url')).toContainText('/app/api/public/calendar-feeds/');
    await expect(feed.getByRole('img', { name: 'Codice QR del link di iscrizione' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await toastsGone(page);
    await shot(page, info, 'calendar-17-phone-link');
    const ics = await request.get((await feed.getByTestId('feed-url').innerText()).trim());
    expect(ics.ok()).toBe(true);
    expect(await ics.text()).toContain('BEGIN:VCALENDAR');
    await feed.getByRole('button', { name: 'Disattiva link' }).click();
    await page
      .getByRole('dialog', { name: 'Disattivare il link?' })
      .getByRole('button', { name: 'Disattiva link' })
      .click();
    await expect(feed.getByText('Nessun link attivo.')).toBeVisible();
    await feed.getByRole('button', { name: 'Chiudi' }).click();
    await shot(page, info, 'calendar-18-settings-calendars');
    // without Google credentials on the server the link says plainly that it is not configured
    await page.getByRole('tab', { name: 'Google Calendar' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Google Calendar non configurato' })).toBeVisible();
    await shot(page, info, 'calendar-18b-settings-google');

    // — the staff view: the owner's column and "Senza operatore"
    const staff = await apiGet<{ id: string }[]>(request, '/staff', owner.token);
    const { calendars } = await apiGet<{ calendars: { id: string }[] }>(request, '/calendars', owner.token);
    const at = (hour: string) => new Date(`2027-02-03T${hour}:00+01:00`).toISOString();
    await apiPost(
      request,
      '/events',
      {
        calendarId: calendars[0]?.id,
        summary: 'Bianchi Laura',
        start: at('09'),
        end: at('10'),
        staffMemberId: staff[0]?.id,
        isPagato: true,
      },
      owner.token,
    );
    await apiPost(
      request,
      '/events',
      { calendarId: calendars[0]?.id, summary: 'Riunione', start: at('11'), end: at('12') },
      owner.token,
    );
    await page.goto('/calendar?view=staff&date=2027-02-03');
    await expect(page.getByTestId('staff-column')).toHaveCount(2);
    await expect(page.getByRole('region', { name: 'Giulia Bianchi' }).getByTestId('calendar-event')).toContainText(
      'Bianchi Laura',
    );
    await expect(page.getByRole('region', { name: 'Senza operatore' }).getByTestId('calendar-event')).toContainText(
      'Riunione',
    );
    await expectNoSidewaysScroll(page);
    await shot(page, info, 'calendar-19-staff-view');

    // — a service fills the end and the price
    await page.getByRole('button', { name: 'Nuovo appuntamento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuovo appuntamento' });
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Prestazione' }), 'Fisioterapia · 0:45');
    await expect(dialog.getByLabel('Ora fine, minuti')).toHaveValue('45');
    await expect(dialog.getByLabel('Prezzo')).toHaveValue('61');
    await dialog.getByRole('button', { name: 'Annulla' }).click();

    // — filters: paid appointments only
    await page.getByRole('button', { name: 'Filtri' }).click();
    const filters = page.getByTestId('calendar-filters');
    await expect(filters.getByRole('checkbox', { name: 'Calendario principale' })).toBeChecked();
    await filters.getByText('Pagati', { exact: true }).click();
    await expect(page.getByTestId('calendar-event')).toHaveCount(1);
    await shot(page, info, 'calendar-20-filters');

    // — the day and list views of the same day
    await page.goto('/calendar?view=day&date=2027-02-03');
    await expect(page.getByTestId('calendar-event')).toHaveCount(2);
    await expectNoSidewaysScroll(page);
    await shot(page, info, 'calendar-21-day');
    await page.goto('/calendar?view=list&date=2027-02-03');
    await expect(page.getByTestId('calendar-event')).toHaveCount(2);
    await expectNoSidewaysScroll(page);
    await shot(page, info, 'calendar-22-list');
  });
});
