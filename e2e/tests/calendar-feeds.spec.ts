import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  apiGet,
  apiPost,
  createOwner,
  goToSection,
  joinedStaffMember,
  type Owner,
  openSignedIn,
  openTab,
  shot,
  successToast,
} from '../support/studio-owner.ts';

/*
 * Impostazioni › Calendari pubblicati (issue 25 item 3): every live calendar feed with its author and a button to
 * revoke it, and what the feeds show, chosen by the studio ("Appuntamento" alone by default; never the notes).
 */

type Calendars = { calendars: { id: string; summary: string }[] };

/** Tomorrow at 10:00 Rome time, within the feed's window whenever the test runs. */
const tomorrowAt10 = () => {
  const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  return { start: new Date(`${day}T09:00:00Z`).toISOString(), end: new Date(`${day}T10:00:00Z`).toISOString() };
};

const seedAppointment = async (request: APIRequestContext, owner: Owner, calendarId: string) => {
  const patient = await apiPost<{ id: string }>(
    request,
    '/pazienti',
    {
      datiGenerali: { tipologiaPersona: 'FISICA', nome: 'Mario', cognome: 'Rossi', codiceFiscale: 'RSSMRA85T10A562S' },
      contatti: { cellulare: '+39 333 1234567', email: 'mario@example.it' },
      residenza: { indirizzo: 'Via Roma 1', cap: '40121', comune: 'Bologna', provincia: 'BO' },
    },
    owner.token,
  );
  await apiPost(
    request,
    '/events',
    {
      calendarId,
      summary: 'Rossi Mario',
      pazienteId: patient.id,
      note: 'diagnosi: lombalgia acuta',
      ...tomorrowAt10(),
    },
    owner.token,
  );
};

test('the studio lists its published calendars with their authors, chooses what they show and revokes one', async ({
  page,
  request,
}, info) => {
  const owner = await createOwner(request, { nome: 'Giulia', cognome: 'Bianchi' });
  const admin = await joinedStaffMember(request, owner, { nome: 'Paolo', cognome: 'Neri', role: 'ROLE_STAFF_ADMIN' });
  const { calendars } = await apiGet<Calendars>(request, '/calendars', owner.token);
  const main = calendars[0];
  if (!main) throw new Error('no calendar');
  const second = await apiPost<{ id: string }>(request, '/calendars', { summary: 'Domicili' }, owner.token);
  await seedAppointment(request, owner, main.id);
  const adminFeed = await apiPost<{ url: string }>(request, `/calendars/${main.id}/feed`, {}, admin.token);
  await apiPost(request, `/calendars/${second.id}/feed`, {}, owner.token);
  const feedPath = new URL(adminFeed.url).pathname;

  // the feed shows "Appuntamento" and the time, nothing of the patient or the notes
  const before = await (await request.get(feedPath)).text();
  expect(before).toContain('SUMMARY:Appuntamento');
  expect(before).not.toContain('Rossi');
  expect(before).not.toContain('diagnosi');

  await openSignedIn(page, owner);
  await goToSection(page, info, 'Impostazioni');
  await openTab(page, 'Calendari pubblicati');
  const list = page.getByRole('list', { name: 'Link attivi' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  const adminRow = list.getByRole('listitem').filter({ hasText: 'Calendario principale' });
  await expect(adminRow).toContainText(`Creato da Paolo Neri (${admin.email})`);
  await expect(list.getByRole('listitem').filter({ hasText: 'Domicili' })).toContainText(
    `Creato da Giulia Bianchi (${owner.email})`,
  );
  const content = page.getByRole('radiogroup', { name: 'Cosa mostrano gli appuntamenti' });
  await expect(content.getByRole('radio', { name: /^Solo l’orario/ })).toBeChecked();
  await shot(page, info, 'calendar-feeds-01-settings');

  // the studio chooses the patient's initials
  await content.getByRole('radio', { name: /le iniziali del paziente/ }).click();
  await expect(successToast(page, 'Contenuto dei calendari pubblicati salvato')).toBeVisible();
  await expect(content.getByRole('radio', { name: /le iniziali del paziente/ })).toBeChecked();
  const initials = await (await request.get(feedPath)).text();
  expect(initials).toContain('SUMMARY:Appuntamento – R. M.');
  expect(initials).not.toContain('diagnosi');

  // the owner revokes the administrator's feed
  await adminRow.getByRole('button', { name: 'Revoca il link di Calendario principale' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revocare il link di «Calendario principale»?' });
  await expect(confirm).toBeVisible();
  await shot(page, info, 'calendar-feeds-02-revoke');
  await confirm.getByRole('button', { name: 'Revoca' }).click();
  await expect(successToast(page, 'Link di iscrizione disattivato')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  expect((await request.get(feedPath)).status()).toBe(404);
  await shot(page, info, 'calendar-feeds-03-after-revoke');
});

test('a collaborator neither sees the published calendars nor can publish one', async ({ page, request }, info) => {
  const owner = await createOwner(request, { nome: 'Giulia', cognome: 'Bianchi' });
  const collaborator = await joinedStaffMember(request, owner, {
    nome: 'Marco',
    cognome: 'Verdi',
    role: 'ROLE_STAFF_COLLABORATORE',
  });
  const { calendars } = await apiGet<Calendars>(request, '/calendars', collaborator.token);
  const refused = await request.post(`/app/api/calendars/${calendars[0]?.id}/feed`, {
    headers: { authorization: `Bearer ${collaborator.token}` },
  });
  expect(refused.status()).toBe(403);

  await openSignedIn(page, collaborator, '/impostazioni');
  await expect(page.getByRole('tablist', { name: 'Sezioni delle impostazioni' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Calendari pubblicati' })).toHaveCount(0);
  await page.goto('/calendar/settings');
  const calendarsTab = page.getByRole('tab', { name: 'Calendari', exact: true });
  await calendarsTab.scrollIntoViewIfNeeded();
  await calendarsTab.click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Calendario principale' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Iscriviti dal telefono/ })).toHaveCount(0);
  await shot(page, info, 'calendar-feeds-04-collaborator-calendars');
});
