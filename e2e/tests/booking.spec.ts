import { expect, type Page, test } from '@playwright/test';
import { mailedCode, mailedLink, mailsTo } from '../support/mailbox.ts';
import { uniqueEmail } from '../support/screens.ts';
import { apiGet, apiPost, createOwner, isPhone, openSignedIn, openTab, shot } from '../support/studio-owner.ts';

/*
 * Issue 28, online booking (decision 035), on a phone first: the studio sets booking up in Impostazioni › Prenotazioni
 * online, a patient books on the public page with the code from the outbox, the studio sees the booking pending in
 * the calendar and confirms it, the patient gets the e-mail, cancels through its link, and the time is free again.
 */

type SettingsAnswer = { settings: { slug: string }; publicUrl: string };

test.beforeEach(async ({ page }, info) => {
  // issue 28: a phone of 412×823 (the desktop project keeps its own screen)
  if (isPhone(info)) await page.setViewportSize({ width: 412, height: 823 });
});

const step = (page: Page) => page.getByRole('heading', { level: 2 });

test('a studio sets booking up, a patient books with the code, the studio confirms, the patient cancels', async ({
  page,
  browser,
  request,
}, info) => {
  test.setTimeout(240_000);
  const owner = await createOwner(request, { nome: 'Chiara', cognome: 'Ferri' });
  // the price list is the calendar's (one service); everything else is set up on the screen
  await apiPost(
    request,
    '/products',
    { name: 'Seduta di fisioterapia', price: 50, grossPrice: 50, duration: 45 },
    owner.token,
  );

  // --- the studio: Impostazioni › Prenotazioni online
  await openSignedIn(page, owner, '/impostazioni');
  await openTab(page, 'Prenotazioni online');
  const general = page.getByRole('form', { name: 'Prenotazioni online' });
  await expect(general.getByText('/prenota/', { exact: true })).toBeVisible();
  await general.getByRole('switch', { name: /Prenotazioni online attive/ }).check();
  const slug = `ferri-${Date.now().toString(36)}`;
  await general.getByLabel('Indirizzo della pagina').fill(slug);
  await general.getByRole('button', { name: 'Salva' }).click();
  await expect(general.getByText(new RegExp(`/prenota/${slug}$`))).toBeVisible();
  await expect(page.getByRole('img', { name: 'Codice QR del link di prenotazione' })).toBeVisible();

  const service = page.getByRole('region', { name: 'Seduta di fisioterapia' });
  await service.getByRole('switch', { name: 'Prenotabile online' }).check();
  await service.getByRole('combobox', { name: 'Professionisti' }).click();
  await page.getByRole('option', { name: /Chiara Ferri|Ferri/ }).click();
  await service.getByRole('combobox', { name: 'Professionisti' }).press('Escape');
  await service.getByRole('button', { name: 'Salva Seduta di fisioterapia' }).click();
  await expect(service.getByText('Online', { exact: true })).toBeVisible();

  // 09:00–13:00 every day of the week (the first window a day gets)
  for (const day of ['Lunedì', 'Martedì', 'Mercoledì', 'Giovedì', 'Venerdì', 'Sabato', 'Domenica'])
    await page.getByRole('button', { name: `Aggiungi fascia – ${day}` }).click();
  await page.getByRole('button', { name: 'Salva gli orari' }).click();
  await expect(page.getByRole('button', { name: 'Salva gli orari' })).toBeEnabled();
  await expect
    .poll(
      async () =>
        (await apiGet<{ staff: { hours: unknown[] }[] }>(request, '/settings/booking', owner.token)).staff[0]?.hours
          .length,
    )
    .toBe(7);
  await shot(page, info, 'booking-01-settings');

  const { settings } = await apiGet<SettingsAnswer>(request, '/settings/booking', owner.token);
  expect(settings.slug).toBe(slug);

  // --- the patient, on their own phone (no session)
  const patientContext = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    baseURL: info.project.use.baseURL,
  });
  const patient = await patientContext.newPage();
  await patient.goto(`/prenota/${slug}`);
  await expect(patient.getByRole('heading', { level: 1, name: owner.studioName })).toBeVisible();
  // one service with one professional (decision 047): the page opens on its days, the first one with free times open
  await expect(patient.getByText('Seduta di fisioterapia · 45 min · 50,00 €')).toBeVisible();
  await shot(patient, info, 'booking-02-services');
  await expect(step(patient).filter({ hasText: 'Scegli giorno e orario' })).toBeVisible();
  const days = patient.getByRole('group', { name: 'Giorni con orari liberi' });
  await expect(days.getByRole('button').first()).toHaveAttribute('aria-pressed', 'true');
  await expect(patient.getByRole('heading', { name: 'Mattina' })).toBeVisible();
  await shot(patient, info, 'booking-03-slots');
  // the third free day: beyond the 24 hours of the cancellation limit, so the patient may cancel online
  const day = days.getByRole('button').nth(2);
  const chosenDay = (await day.getAttribute('data-date')) ?? '';
  await day.click();
  await expect(day).toHaveAttribute('aria-pressed', 'true');
  const firstTime = patient.getByRole('button', { name: /^\d\d:\d\d$/ }).first();
  const chosenTime = (await firstTime.textContent()) ?? '';
  await firstTime.click();

  const patientEmail = uniqueEmail('paziente');
  await expect(step(patient).filter({ hasText: 'I tuoi dati' })).toBeVisible();
  await patient.getByLabel('Nome', { exact: true }).fill('Marco');
  await patient.getByLabel('Cognome', { exact: true }).fill('Galli');
  await patient.getByLabel('Cellulare').fill('+39 347 1234567');
  await patient.getByLabel('Email').fill(patientEmail);
  await patient.getByLabel('Note per lo studio (facoltative)').fill('Dolore alla spalla destra');
  // the consent is the button's own words (issue 39)
  await expect(patient.getByText(/^Premendo «Acconsento, inviami il codice» dichiari/)).toBeVisible();
  await shot(patient, info, 'booking-04-details');
  await patient.getByRole('button', { name: 'Acconsento, inviami il codice' }).click();

  // the server's toast says it too: the page's own words are in the code form
  const codeForm = patient.getByRole('form', { name: 'Conferma con il codice' });
  await expect(codeForm.getByText(/Ti abbiamo inviato un codice a p•••@example\.it/)).toBeVisible();
  // the sixth digit sends the code by itself (issue 39)
  await patient.getByLabel('Codice di conferma').fill('000000');
  await expect(patient.getByText('Codice non valido')).toBeVisible();
  await shot(patient, info, 'booking-05-code');
  await patient.getByLabel('Codice di conferma').fill(mailedCode(patientEmail));

  await expect(patient.getByRole('heading', { name: 'Prenotazione ricevuta' })).toBeVisible();
  await expect(patient.getByText('In attesa di conferma dallo studio', { exact: true })).toBeVisible();
  // the appointment's time ends its line; the line after it says until when it can be cancelled (decision 035)
  await expect(patient.getByText(new RegExp(`ore ${chosenTime}$`))).toBeVisible();
  await expect(patient.getByText(/^Puoi annullare fino a .+ \(24 ore prima dell’appuntamento\)\.$/)).toBeVisible();
  const ics = patient.getByRole('link', { name: 'Aggiungi al calendario' });
  const download = patient.waitForEvent('download');
  await ics.click();
  expect(await (await download).path()).toBeTruthy();
  await shot(patient, info, 'booking-06-done');

  // --- the studio sees it pending in the calendar and confirms it
  await openSignedIn(page, owner, '/calendar');
  await page.getByRole('button', { name: 'Da confermare: 1 prenotazione online' }).click();
  const pending = page.getByRole('list', { name: 'Prenotazioni da confermare' });
  await expect(pending.getByRole('listitem')).toHaveCount(1);
  await expect(pending.getByText('Galli Marco').or(pending.getByText('Marco Galli'))).toBeVisible();
  await expect(pending.getByText('Dolore alla spalla destra')).toBeVisible();
  await shot(page, info, 'booking-07-pending');
  await pending.getByRole('button', { name: /^Conferma la prenotazione di/ }).click();
  await expect(page.getByText('Nessuna prenotazione da confermare.')).toBeVisible();

  // the patient's e-mail says it is confirmed and carries the link to cancel
  await expect.poll(() => mailsTo(patientEmail).length).toBeGreaterThanOrEqual(3);
  const cancelLink = mailedLink(patientEmail, 'prenota/annulla');

  // --- the patient cancels through the link
  await patient.goto(cancelLink);
  await expect(patient.getByText('Confermato', { exact: true })).toBeVisible();
  await expect(patient.getByText(/^Puoi annullare fino a /)).toBeVisible();
  await shot(patient, info, 'booking-08-cancel-page');
  await patient.getByRole('button', { name: 'Annulla prenotazione' }).click();
  await patient.getByRole('dialog').getByRole('button', { name: 'Sì, annulla' }).click();
  await expect(patient.getByText('Annullato dal paziente', { exact: true })).toBeVisible();
  // once cancelled, whom to call to book again: the studio's phone as a tel: link
  await expect(
    patient.getByRole('region', { name: 'Contatti dello studio' }).getByRole('link', { name: '+39 333 1234567' }),
  ).toHaveAttribute('href', 'tel:+393331234567');
  await shot(patient, info, 'booking-09-cancelled');

  // --- the time is free again: the same day offers the same time
  await patient.goto(`/prenota/${slug}`);
  await days.locator(`[data-date="${chosenDay}"]`).click();
  await expect(patient.getByRole('button', { name: chosenTime, exact: true })).toBeVisible();
  await patientContext.close();
});

test('a page whose studio has booking off answers "Pagina di prenotazione non trovata"', async ({ page }, info) => {
  await page.goto('/prenota/nessuno-studio-cosi');
  await expect(page.getByRole('heading', { name: 'Pagina di prenotazione non trovata' })).toBeVisible();
  await shot(page, info, 'booking-10-not-found');
  await page.goto('/prenota');
  await expect(page.getByText(/Chiedi allo studio il suo link di prenotazione/)).toBeVisible();
});
