import { expect, test } from '@playwright/test';
import { mailedLink } from '../support/mailbox.ts';
import { screen, uniqueEmail } from '../support/screens.ts';
import { acceptLegalDocuments } from '../support/studio-owner.ts';

const password = 'una-password-sicura';

test('a newcomer signs up, sets up the studio, enters the app, signs out and back in where they were', async ({
  page,
}, info) => {
  const email = uniqueEmail();

  // "/" is the landing page for a visitor (issue 38), with the way in and the way to sign up
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Il gestionale per fisioterapisti e professionisti sanitari',
  );
  await expect(page.getByRole('link', { name: 'Accedi' }).first()).toHaveAttribute('href', '/signIn');
  await screen(page, info, '01-landing');

  await page.getByRole('link', { name: 'Prova gratis' }).first().click();
  await expect(page).toHaveURL(/\/signUp$/);
  await page.getByLabel('Nome', { exact: true }).fill('Giulia');
  await page.getByLabel('Cognome', { exact: true }).fill('Bianchi');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const confirm = page.getByLabel('Conferma password', { exact: true });
  if (await confirm.count()) await confirm.fill(password);
  await screen(page, info, '02-sign-up');
  await acceptLegalDocuments(page);
  await page.getByRole('button', { name: 'Registrati' }).click();

  // issue 25 item 8: the account starts from the mailed link (the answer is the same for a registered address)
  await expect(page.getByRole('heading', { name: 'Controlla la tua email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await screen(page, info, '02b-sign-up-check-email');
  await page.goto(mailedLink(email, 'verificaEmail'));

  await expect(page).toHaveURL(/\/on-boarding/);
  // an empty submit shows the spec's messages
  await page.getByRole('button', { name: 'Salva e continua' }).click();
  await expect(page.getByText('Campo obbligatorio').first()).toBeVisible();
  await screen(page, info, '03-on-boarding-errors');

  await page.getByLabel('Nome', { exact: true }).fill('Giulia');
  await page.getByLabel('Cognome', { exact: true }).fill('Bianchi');
  await page.getByLabel('Codice fiscale', { exact: true }).fill('rssmra85t10a562s');
  await page.getByLabel('Partita IVA', { exact: true }).fill('01234567897');
  await page.getByLabel('Professione', { exact: true }).fill('Fisioterapista');
  await page.getByLabel('Email', { exact: true }).fill('studio.bianchi@example.it');
  await page.getByLabel('Cellulare', { exact: true }).fill('+39 333 1234567');
  await page.getByLabel('Indirizzo', { exact: true }).fill('Via Roma 1');
  await page.getByLabel('Comune', { exact: true }).fill('Bologna');
  await page.getByLabel('CAP', { exact: true }).fill('40121');
  await page.getByLabel('Provincia', { exact: true }).fill('bo');
  // issue 26 item 2: the on-boarding offers the studio's first service (named after the profession when left empty)
  await expect(page.getByRole('switch', { name: 'Crea la mia prima prestazione' })).toBeChecked();
  await page.getByLabel('Durata (minuti)', { exact: true }).fill('45');
  await page.getByLabel('Prezzo', { exact: true }).fill('50');
  await screen(page, info, '04-on-boarding-filled');
  await page.getByRole('button', { name: 'Salva e continua' }).click();

  await expect(page).toHaveURL(/\/welcome/);
  await screen(page, info, '05-welcome');
  // "Inizia ora" appears only after 3.5 s
  await expect(page.getByRole('link', { name: 'Inizia ora' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Inizia ora' })).toBeVisible({ timeout: 6_000 });
  await page.getByRole('link', { name: 'Inizia ora' }).click();

  await expect(page).toHaveURL(/\/customers$/);
  await screen(page, info, '06-main-app');

  await page.goto('/calendar/settings');
  await expect(page.getByText('Seduta di fisioterapia').first()).toBeVisible();
  await expect(page.getByText(/0:45/).first()).toBeVisible();
  await page.goto('/customers');

  // issue 25 item 10: signing out ends the session on the server too, not only in this browser
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('studiolo.user') ?? '{}').token as string);
  await page.getByRole('button', { name: 'Menu utente' }).click();
  const loggedOut = page.waitForResponse((r) => r.url().endsWith('/app/api/user/logout'));
  await page.getByRole('menuitem', { name: 'Esci' }).click();
  await expect(page).toHaveURL(/\/signIn/);
  expect((await loggedOut).status()).toBe(200);
  const after = await page.request.get('/app/api/user/getUser', { headers: { Authorization: `Bearer ${token}` } });
  expect(after.status(), 'the signed-out token').toBe(401);

  await page.goto('/customers');
  await expect(page).toHaveURL(/\/signIn\?returnUrl=%2Fcustomers$/);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await screen(page, info, '07-back-in');
});

test('a wrong password shows the Italian error and keeps the person on the sign-in page', async ({ page }, info) => {
  await page.goto('/signIn');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('nessuno'));
  await page.getByLabel('Password', { exact: true }).fill('password-sbagliata');
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByText('Email o password non corretti').first()).toBeVisible();
  await expect(page).toHaveURL(/\/signIn/);
  await screen(page, info, '08-sign-in-error');
});

test('an unknown path leads to sign-in', async ({ page }) => {
  await page.goto('/una/pagina/che/non/esiste');
  await expect(page).toHaveURL(/\/signIn/);
});
