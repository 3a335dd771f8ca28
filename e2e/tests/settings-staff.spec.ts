import { expect, type Locator, type Page, test } from '@playwright/test';
import { uniqueEmail } from '../support/screens.ts';
import {
  acceptLegalDocuments,
  createOwner,
  goToSection,
  isPhone,
  openSignedIn,
  openTab,
  password,
  shot,
  signOutFromMenu,
  successToast,
} from '../support/studio-owner.ts';

/** Picks an option of a Mantine Select with a click (a tap on a phone), as a person would. */
const chooseOption = async (page: Page, select: Locator, option: string) => {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

test('the owner invites a collaborator, who joins the studio from the e-mail and may not manage the staff', async ({
  page,
  request,
  baseURL,
}, info) => {
  const owner = await createOwner(request, { nome: 'Giulia', cognome: 'Bianchi' });
  const collaboratorEmail = uniqueEmail('collaboratore');
  // in the e-mail a person reads the owner as "Giulia Bianchi", not the registry's "Bianchi Giulia"
  const inviter = `${owner.nome} ${owner.cognome}`;
  const subject = `Invito a collaborare con ${inviter} su Studiolo`;

  // — the owner invites Marco Verdi as a collaborator
  await openSignedIn(page, owner);
  await goToSection(page, info, 'Impostazioni');
  await openTab(page, 'Staff');
  await expect(page).toHaveURL(/\/impostazioni\?tab=1$/);
  const members = page.getByRole('list', { name: 'Membri dello staff' });
  await expect(members.getByRole('listitem')).toHaveCount(1);
  await expect(members.getByRole('listitem').first()).toContainText('Titolare');
  await shot(page, info, 'staff-01-owner-alone');

  await page.getByRole('button', { name: 'Invita membro' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invita un membro dello staff' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Nome', { exact: true }).fill('Marco');
  await dialog.getByLabel('Cognome', { exact: true }).fill('Verdi');
  await dialog.getByLabel('Email', { exact: true }).fill(collaboratorEmail);
  await chooseOption(page, dialog.getByRole('combobox', { name: 'Ruolo' }), 'Collaboratore');
  await expect(dialog.getByRole('combobox', { name: 'Ruolo' })).toHaveValue('Collaboratore');
  await shot(page, info, 'staff-02-invite-dialog');
  await dialog.getByRole('button', { name: 'Invia invito' }).click();
  await expect(dialog).toBeHidden();
  // no mail server here: the answer says the invitation waits in the local outbox, not that it was sent
  await expect(
    successToast(page, "Invito creato: l'email è nella posta in uscita locale e non è stata inviata"),
  ).toBeVisible();

  const invited = members.getByRole('listitem').filter({ hasText: 'Marco Verdi' });
  await expect(members.getByRole('listitem')).toHaveCount(2);
  await expect(invited).toContainText(collaboratorEmail);
  await expect(invited.getByText('Invito in attesa')).toBeVisible();
  await expect(invited.getByRole('combobox', { name: 'Ruolo di Marco Verdi' })).toHaveValue('Collaboratore');
  await expect(invited.getByRole('button', { name: "Invia di nuovo l'invito a Marco Verdi" })).toBeVisible();
  await expect(invited.getByRole('button', { name: 'Rimuovi Marco Verdi' })).toBeVisible();
  await shot(page, info, 'staff-03-invited');

  // — the invitation waits in the local outbox, marked as not sent
  await openTab(page, 'Posta in uscita');
  await expect(page.getByText('Posta locale: i messaggi non vengono inviati, restano qui')).toBeVisible();
  const entry = isPhone(info)
    ? page.getByRole('list', { name: 'Messaggi in uscita' }).getByRole('listitem').filter({ hasText: subject })
    : page.getByRole('table', { name: 'Messaggi in uscita' }).getByRole('row').filter({ hasText: subject });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(collaboratorEmail);
  await expect(entry).toContainText('Solo locale');
  await shot(page, info, 'staff-04-outbox');

  await entry.getByRole('button', { name: subject }).click();
  const message = page.getByRole('dialog', { name: subject });
  await expect(message).toBeVisible();
  await expect(message).toContainText(collaboratorEmail);
  await expect(message).toContainText('Ciao Marco,');
  await expect(message).toContainText(`${inviter} ti invita a collaborare su Studiolo.`);
  const signUpLink = message.getByRole('link', { name: /\/signUp\?inviteToken=/ });
  await expect(signUpLink).toBeVisible();
  await shot(page, info, 'staff-05-outbox-message');
  const href = await signUpLink.getAttribute('href');
  expect(href).toBeTruthy();
  const link = new URL(href ?? '');
  // the link leads to this very app
  expect(link.origin).toBe(new URL(baseURL ?? '').origin);
  expect(link.searchParams.get('inviteToken')?.length).toBeGreaterThanOrEqual(20);
  await message.getByRole('button', { name: 'Chiudi' }).click();
  await expect(message).toBeHidden();

  await signOutFromMenu(page);

  // — Marco opens the link and signs up
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Crea il tuo account' })).toBeVisible();
  await expect(page.getByText('Completa la registrazione per unirti allo studio.')).toBeVisible();
  await expect(
    page.getByText("Sei stato invitato a collaborare con uno studio. Usa l'email a cui è arrivato l'invito."),
  ).toBeVisible();
  await page.getByLabel('Nome', { exact: true }).fill('Marco');
  await page.getByLabel('Cognome', { exact: true }).fill('Verdi');
  await page.getByLabel('Email', { exact: true }).fill(collaboratorEmail);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await shot(page, info, 'staff-06-invited-sign-up');
  await acceptLegalDocuments(page);
  await page.getByRole('button', { name: 'Registrati' }).click();

  // he lands inside Giulia's studio, not on the on-boarding of a new one
  await expect(page).toHaveURL(/\/customers$/);
  if (isPhone(info)) {
    // on a phone the header is too narrow: the studio's name is at the foot of the menu
    await page.getByRole('button', { name: 'Apri il menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Menu principale' })).toContainText(owner.studioName);
    await shot(page, info, 'staff-07-collaborator-inside');
    await page.getByRole('button', { name: 'Chiudi il menu' }).click();
  } else {
    await expect(page.getByTestId('studio-name')).toHaveText(owner.studioName);
    await shot(page, info, 'staff-07-collaborator-inside');
  }
  await page.getByRole('button', { name: 'Menu utente' }).click();
  const userMenu = page.getByRole('menu');
  await expect(userMenu).toContainText('Marco Verdi');
  await expect(userMenu).toContainText(owner.studioName);
  await page.keyboard.press('Escape');
  await expect(userMenu).toBeHidden();

  // — as a collaborator, Impostazioni offers only what he may use
  await goToSection(page, info, 'Impostazioni');
  const tabs = page.getByRole('tablist', { name: 'Sezioni delle impostazioni' }).getByRole('tab');
  await expect(tabs).toHaveText([
    'Studio',
    'Staff',
    'Sicurezza',
    'Sistema TS',
    'Firma elettronica',
    'Cartella paziente',
    // read only, so he can give a patient the studio's booking link and QR code (decision 035)
    'Prenotazioni online',
    // read only: he sees when the studio's patients are reminded and with what text (decision 036)
    'Promemoria',
  ]);
  // the clinical record's sections can be read, not changed (a collaborator writes clinical notes, not the settings)
  await tabs.filter({ hasText: 'Cartella paziente' }).click();
  await expect(page.getByRole('checkbox', { name: 'Anamnesi', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Salva sezioni' })).toHaveCount(0);
  await tabs.filter({ hasText: 'Studio' }).click();

  // the studio's data can be read, not changed, and the page says so
  await expect(page.getByLabel('Professione', { exact: true })).toHaveValue('Fisioterapista');
  await expect(page.getByLabel('Professione', { exact: true })).not.toBeEditable();
  await expect(
    page.getByText('Solo il titolare o un amministratore dello studio può modificare questi dati.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salva modifiche' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /logo/i })).toHaveCount(0);
  await shot(page, info, 'staff-08-collaborator-studio');

  await openTab(page, 'Staff');
  const seen = page.getByRole('list', { name: 'Membri dello staff' }).getByRole('listitem');
  await expect(seen).toHaveCount(2);
  const me = seen.filter({ hasText: 'Marco Verdi' });
  await expect(me).toContainText('(tu)');
  await expect(me).toContainText('Collaboratore');
  // having signed up, he is no longer a pending invitation
  await expect(me.getByText('Invito in attesa')).toHaveCount(0);
  await expect(seen.filter({ hasText: 'Giulia Bianchi' })).toContainText('Titolare');
  await expect(page.getByRole('button', { name: 'Invita membro' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: /^Ruolo di / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Rimuovi / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Invia di nuovo l'invito/ })).toHaveCount(0);
  await shot(page, info, 'staff-09-collaborator-staff');

  await openTab(page, 'Sicurezza');
  await expect(page.getByRole('heading', { name: 'Verifica in due passaggi' })).toBeVisible();
  // the studio-wide switch is the owner's
  await expect(page.getByRole('heading', { name: 'Sicurezza dello studio' })).toHaveCount(0);
  await shot(page, info, 'staff-10-collaborator-security');

  // the Sistema TS credentials are read, not changed
  await openTab(page, 'Sistema TS');
  await expect(page.getByLabel('Codice fiscale di chi invia')).toBeDisabled();
  await expect(
    page.getByText('Solo il titolare o un amministratore dello studio può modificare questi dati.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Prova credenziali' })).toHaveCount(0);
  await shot(page, info, 'staff-10b-collaborator-sistema-ts');

  // the outbox tab is not offered, and its address shows the first tab instead
  await page.goto('/impostazioni?tab=3');
  await expect(page.getByRole('tab', { name: 'Studio', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Posta locale: i messaggi non vengono inviati, restano qui')).toHaveCount(0);
});

test('an invitation without name, surname and e-mail is not sent', async ({ page, request }, info) => {
  const owner = await createOwner(request, { nome: 'Anna', cognome: 'Russo' });
  await openSignedIn(page, owner, '/impostazioni?tab=1');
  await page.getByRole('button', { name: 'Invita membro' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invita un membro dello staff' });
  // an empty invitation is not sent
  await dialog.getByRole('button', { name: 'Invia invito' }).click();
  await expect(dialog.getByText('Campo obbligatorio').first()).toBeVisible();
  await shot(page, info, 'staff-11-invite-errors');
  await dialog.getByRole('button', { name: 'Annulla' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Membri dello staff' }).getByRole('listitem')).toHaveCount(1);
});
