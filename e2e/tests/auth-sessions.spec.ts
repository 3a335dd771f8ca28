import { expect, test } from '@playwright/test';
import { screen } from '../support/screens.ts';
import {
  acceptLegalDocuments,
  apiPost,
  closeToasts,
  createOwner,
  openSignedIn,
  password,
  settled,
} from '../support/studio-owner.ts';

/** Issue 25 items 8, 10, 11: sessions the server ends, a sign-up that does not reveal accounts, a safe returnUrl. */

test('"Esci da tutti i dispositivi" in the profile signs out this browser and every other session', async ({
  page,
  request,
}, info) => {
  const owner = await createOwner(request, { nome: 'Marta', cognome: 'Galli' });
  // another device of the same person
  const other = await apiPost<{ token: string }>(request, '/user/login', { username: owner.email, password });
  await openSignedIn(page, owner);
  await page.getByRole('button', { name: 'Menu utente' }).click();
  await page.getByRole('menuitem', { name: 'Profilo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Il tuo profilo' });
  await expect(dialog.getByRole('button', { name: 'Esci da tutti i dispositivi' })).toBeVisible();
  // a confirmed address shows no warning
  await expect(dialog.getByText('Indirizzo email da confermare')).toBeHidden();
  await dialog.getByRole('button', { name: 'Esci da tutti i dispositivi' }).scrollIntoViewIfNeeded();
  await settled(page);
  await screen(page, info, 'auth-01-profile-devices');
  await dialog.getByRole('button', { name: 'Esci da tutti i dispositivi' }).click();
  await expect(page).toHaveURL(/\/signIn$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Sei uscito da tutti i dispositivi' })).toBeVisible();
  await screen(page, info, 'auth-02-signed-out-everywhere');
  for (const token of [owner.token, other.token]) {
    const res = await request.get('/app/api/user/getUser', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(401);
  }
  // and signing in again works
  await closeToasts(page);
  await page.getByLabel('Email', { exact: true }).fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page).toHaveURL(/\/customers$/);
});

test('signing up with a registered address answers as for a new one and opens nothing', async ({
  page,
  request,
}, info) => {
  const owner = await createOwner(request, { nome: 'Paolo', cognome: 'Riva' });
  await page.goto('/signUp');
  await page.getByLabel('Nome', { exact: true }).fill('Qualcuno');
  await page.getByLabel('Cognome', { exact: true }).fill('Altro');
  await page.getByLabel('Email', { exact: true }).fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill('una-password-diversa');
  await acceptLegalDocuments(page);
  await page.getByRole('button', { name: 'Registrati' }).click();
  await expect(page.getByRole('heading', { name: 'Controlla la tua email' })).toBeVisible();
  await expect(page.getByText('Esiste già un account')).toBeHidden();
  await screen(page, info, 'auth-03-sign-up-registered-address');
  // the owner's account is untouched
  const res = await request.get('/app/api/user/getUser', { headers: { Authorization: `Bearer ${owner.token}` } });
  expect(res.status()).toBe(200);
});

test('a used or wrong confirmation link says so and offers the way in', async ({ page }, info) => {
  await page.goto(`/verificaEmail?token=${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'Link non valido' })).toBeVisible();
  await expect(page.getByRole('link', { name: "Vai all'accesso" })).toBeVisible();
  await screen(page, info, 'auth-04-confirmation-link-invalid');
});

test('a returnUrl hiding another site behind %09 or %0A stays in the app', async ({ page, request }) => {
  const owner = await createOwner(request, { nome: 'Luca', cognome: 'Conti' });
  for (const hidden of ['%09', '%0A']) {
    await page.goto(`/signIn?returnUrl=/${hidden}/example.org`);
    await page.getByLabel('Email', { exact: true }).fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/customers$/);
    await page.evaluate(() => localStorage.removeItem('studiolo.user'));
  }
});
