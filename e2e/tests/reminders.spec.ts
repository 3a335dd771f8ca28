import { expect, type Page, test } from '@playwright/test';
import { apiGet, apiPost, createOwner, openSignedIn, openTab, shot } from '../support/studio-owner.ts';

/**
 * Appointment reminders (issue 29, decision 036), as a studio and its patient live them: the owner buys SMS credit
 * through the local payment simulator and turns reminders on; tomorrow's appointment gets its reminder by SMS (the
 * server's pass runs every 2 seconds and the E2E server has no quiet hours, playwright.config.ts), one credit taken
 * and "Inviato" on the appointment; the patient opens the link of the SMS on a phone and confirms; the studio sees
 * "Confermato dal paziente" on the appointment; moved by the studio, the patient is asked to confirm the new time.
 */

const romeDate = (instant: number) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant));

const openAppointment = async (page: Page, date: string) => {
  await page.goto(`/calendar?view=day&date=${date}`);
  await expect(page.getByTestId('calendar-event')).toHaveCount(1);
  await page.getByTestId('calendar-event').first().click();
  const dialog = page.getByRole('dialog', { name: 'Modifica appuntamento' });
  await expect(dialog).toBeVisible();
  return dialog;
};

test.describe('Promemoria degli appuntamenti (issue 29, decision 036)', () => {
  test('an SMS reminder leaves with one credit, and the patient confirms from its link', async ({
    page,
    browser,
    request,
  }, info) => {
    test.setTimeout(120_000);
    const owner = await createOwner(request, { nome: 'Sara', cognome: 'Ferri' });

    // — credit: an SMS pack bought through the local simulator (as billing.spec.ts)
    await openSignedIn(page, owner, '/calendar/settings');
    await openTab(page, 'Promemoria');
    const buy = page.getByRole('button', { name: /^Acquista \d+ SMS/ }).first();
    const qty = Number(/Acquista (\d+) SMS/.exec((await buy.textContent()) ?? '')?.[1]);
    expect(qty).toBeGreaterThan(0);
    await buy.click();
    await page.waitForURL(/\/stripe-integration\/simulator\/checkout\//);
    await page.getByRole('button', { name: 'Paga' }).click();
    await page.waitForURL(/\/calendar\/settings/);
    await openTab(page, 'Promemoria');
    await expect(page.getByText(`Credito disponibile: ${qty} SMS`)).toBeVisible();

    // — reminders on, by SMS, 48 hours before (tomorrow's appointment is due at once), the text with the link
    // the SMS switch is saved at once (the box shows the server's state when it answers)
    const smsSwitch = page.getByRole('switch', { name: 'Invia i promemoria per SMS' });
    await smsSwitch.click();
    await expect(smsSwitch).toBeChecked();
    await page.getByRole('switch', { name: 'Invia promemoria automatici ai pazienti' }).check();
    await page.getByRole('combobox', { name: 'Quando' }).click();
    await page.getByRole('option', { name: '48 ore prima' }).click();
    const text = page.getByRole('textbox', { name: 'Testo del messaggio' });
    await text.fill('{nome}, appuntamento il {data} alle {ora}. Conferma o annulla: {link}');
    await expect(page.getByTestId('reminder-preview')).toContainText('/appuntamento?t=');
    await shot(page, info, 'reminders-01-settings');
    await page.getByRole('button', { name: 'Salva', exact: true }).click();
    await expect(page.getByText('Impostazioni dei promemoria salvate')).toBeVisible();

    // — tomorrow's appointment for a patient with a mobile (made through the API: the calendar's E2E makes them by hand)
    const tomorrow = romeDate(Date.now() + 86_400_000);
    const patient = await apiPost<{ id: string }>(
      request,
      '/pazienti',
      {
        datiGenerali: {
          tipologiaPersona: 'FISICA',
          nome: 'Marco',
          cognome: 'Neri',
          sesso: 'U',
          codiceFiscale: 'RSSMRA85T10A562S',
          nazionalita: 'IT',
        },
        contatti: { cellulare: '+39 347 7654321', telefono: null, email: null, pec: null },
        residenza: { indirizzo: 'Via Po 2', cap: '40121', comune: 'Bologna', provincia: 'BO' },
        datiSanitari: { numeroTesseraSanitaria: null, documentoIdentita: null, trasmissioneSistemaSanitario: true },
      },
      owner.token,
    );
    const { calendars } = await apiGet<{ calendars: { id: string }[] }>(request, '/calendars', owner.token);
    const appointment = await apiPost<{ id: string }>(
      request,
      '/events',
      {
        calendarId: calendars[0]?.id,
        summary: 'Seduta',
        start: `${tomorrow}T09:00:00.000Z`,
        end: `${tomorrow}T10:00:00.000Z`,
        pazienteId: patient.id,
      },
      owner.token,
    );

    // — the reminder leaves into the SMS outbox (the local SMS provider) within a few passes
    let sms: { text: string; to: string } | undefined;
    await expect
      .poll(
        async () => {
          sms = (await apiGet<{ text: string; to: string }[]>(request, '/sms/outbox', owner.token))[0];
          return sms?.to ?? null;
        },
        { timeout: 60_000, intervals: [1000] },
      )
      .toBe('+393477654321');
    const link = /https?:\/\/\S+\/appuntamento\?t=[A-Za-z0-9_%-]+/u.exec(sms?.text ?? '')?.[0];
    expect(link, sms?.text).toBeTruthy();
    expect(sms?.text).toMatch(
      /^Marco Neri, appuntamento il \d{2}-\d{2}-\d{4} alle \d{2}:\d{2}\. Conferma o annulla: /u,
    );

    await page.goto('/impostazioni');
    await page
      .getByRole('tablist', { name: 'Sezioni delle impostazioni' })
      .getByRole('tab', { name: 'SMS in uscita' })
      .click();
    await expect(page.getByText('+393477654321')).toBeVisible();
    await shot(page, info, 'reminders-02-sms-outbox');

    // — one credit taken, shown in the box
    await page.goto('/calendar/settings');
    await openTab(page, 'Promemoria');
    await expect(page.getByText(`Credito disponibile: ${qty - 1} SMS`)).toBeVisible();
    await shot(page, info, 'reminders-03-credit-taken');

    // — the appointment says the reminder left
    let dialog = await openAppointment(page, tomorrow);
    await expect(dialog.getByText('Inviato · SMS')).toBeVisible();
    await expect(dialog.getByText('Confermato dal paziente')).toHaveCount(0);
    await shot(page, info, 'reminders-04-appointment-sent');

    // — the patient opens the link on a phone and confirms
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'it-IT',
      timezoneId: 'Europe/Rome',
    });
    const patientPage = await phone.newPage();
    await patientPage.goto(link as string);
    await expect(patientPage.getByRole('heading', { name: 'Il tuo appuntamento' })).toBeVisible();
    await expect(patientPage.getByText('Ferri Sara').first()).toBeVisible();
    await expect(patientPage.getByText('Via Roma 1', { exact: false }).first()).toBeVisible();
    await expect(patientPage.getByRole('button', { name: 'Annulla' })).toBeVisible();
    await shot(patientPage, info, 'reminders-05-patient-link');
    await patientPage.getByRole('button', { name: 'Conferma' }).click();
    await expect(patientPage.getByText('Grazie, hai confermato l’appuntamento. Lo studio ti aspetta.')).toBeVisible();
    await expect(patientPage.getByRole('button', { name: 'Conferma' })).toHaveCount(0);
    await shot(patientPage, info, 'reminders-06-patient-confirmed');

    // the same link again: confirmed already, said so (the answer of a second confirmation is a 409)
    const again = await request.post('/app/api/appointments/paziente/promemoria/conferma', {
      data: { token: decodeURIComponent(new URL(link as string).searchParams.get('t') ?? '') },
    });
    expect(again.status()).toBe(409);
    await patientPage.reload();
    await expect(patientPage.getByText(/^Hai confermato l’appuntamento il /u)).toBeVisible();

    // — the studio sees the confirmation on the appointment
    dialog = await openAppointment(page, tomorrow);
    await expect(dialog.getByText('Confermato dal paziente')).toBeVisible();
    await shot(page, info, 'reminders-07-appointment-confirmed');

    // — the studio moves it two hours later: the confirmation was for the earlier time (decision 046)
    const moved = await request.put('/app/api/events', {
      headers: { Authorization: `Bearer ${owner.token}` },
      data: {
        id: appointment.id,
        calendarId: calendars[0]?.id,
        summary: 'Seduta',
        start: `${tomorrow}T11:00:00.000Z`,
        end: `${tomorrow}T12:00:00.000Z`,
        pazienteId: patient.id,
      },
    });
    expect(moved.ok()).toBe(true);
    dialog = await openAppointment(page, tomorrow);
    await expect(dialog.getByText('Confermato per l’orario precedente')).toBeVisible();
    await expect(dialog.getByText('Confermato dal paziente')).toHaveCount(0);
    await shot(page, info, 'reminders-07b-appointment-moved');
    await patientPage.reload();
    await expect(
      patientPage.getByText(/^Avevi confermato l’appuntamento del .*: conferma il nuovo orario\.$/u),
    ).toBeVisible();
    await shot(patientPage, info, 'reminders-07c-patient-moved');
    await patientPage.getByRole('button', { name: 'Conferma' }).click();
    await expect(patientPage.getByText('Grazie, hai confermato l’appuntamento. Lo studio ti aspetta.')).toBeVisible();
    await phone.close();
    dialog = await openAppointment(page, tomorrow);
    await expect(dialog.getByText('Confermato dal paziente')).toBeVisible();

    // — the patient's record: the opt-out switch, saved at once
    await page.goto(`/customers/add?id=${patient.id}`);
    const optOut = page.getByRole('switch', { name: /Non inviare promemoria degli appuntamenti/u });
    await expect(optOut).not.toBeChecked();
    await optOut.click();
    await expect(page.getByText('Preferenza del paziente sui promemoria salvata')).toBeVisible();
    await expect(optOut).toBeChecked();
    await shot(page, info, 'reminders-08-patient-opt-out');
  });
});
