import { expect, type Locator, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import {
  createOwner,
  goToSection,
  openSignedIn,
  openTab,
  shot,
  signOutFromMenu,
  successToast,
} from '../support/studio-owner.ts';

/** Where an element is on the page; it must be there. */
const boxOf = async (locator: Locator) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} has no box on the page`);
  return box;
};

/** What the person's authenticator app would show for this secret. */
const authenticator = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });

/**
 * A code the server takes after one used at `usedAt`: a code is good once (RFC 6238 §5.2), so within the
 * same 30-second step as the last one used, the next step's code (the server accepts one step either side).
 */
const codeAfter = (totp: TOTP, usedAt: number) => totp.generate({ timestamp: Math.max(Date.now(), usedAt + 30_000) });

/** A six-digit code that is certainly wrong: none of the codes the server accepts around now (±1 period). */
const wrongCodeFor = (totp: TOTP) => {
  const now = Date.now();
  const accepted = [-30_000, 0, 30_000].map((shift) => totp.generate({ timestamp: now + shift }));
  for (let n = 0; ; n++) {
    const candidate = String((Number(accepted[1]) + 111_111 * (n + 1)) % 1_000_000).padStart(6, '0');
    if (!accepted.includes(candidate)) return candidate;
  }
};

test('the owner turns on two-step sign-in; from then on signing in asks for the code, and a wrong one is refused', async ({
  page,
  request,
}, info) => {
  const owner = await createOwner(request, { nome: 'Elena', cognome: 'Conti' });
  await openSignedIn(page, owner);
  await goToSection(page, info, 'Impostazioni');
  await openTab(page, 'Sicurezza');
  await expect(page).toHaveURL(/\/impostazioni\?tab=2$/);

  const card = page
    .getByRole('heading', { name: 'Verifica in due passaggi' })
    .locator('xpath=ancestor::div[contains(@class,"mantine-Paper-root")]');
  await expect(card.getByText('Non attiva', { exact: true })).toBeVisible();
  // the owner also sees the studio-wide switch
  await expect(page.getByRole('heading', { name: 'Sicurezza dello studio' })).toBeVisible();
  await shot(page, info, 'security-01-off');

  await page.getByRole('button', { name: 'Attiva la verifica in due passaggi' }).click();
  const secretShown = page.getByLabel('Chiave segreta');
  await expect(secretShown).toBeVisible();
  // the key is shown in groups of four, to be typed by hand
  await expect(secretShown).toHaveText(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  const secret = (await secretShown.innerText()).replace(/\s+/g, '');
  const otpauth = await page.getByLabel('Indirizzo di configurazione (otpauth)').innerText();
  expect(otpauth).toMatch(/^otpauth:\/\/totp\//);
  expect(new URL(otpauth).searchParams.get('secret')).toBe(secret);
  await expect(page.getByRole('link', { name: "aprire direttamente l'app" })).toHaveAttribute('href', otpauth);
  // a QR code of that address to scan with the phone's app, drawn in the page, whole on the screen and centred
  const qr = page.getByRole('img', { name: "Codice QR da inquadrare con l'app di autenticazione" });
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(qr).toHaveJSProperty('complete', true);
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
  await expect(
    page.getByText("Inquadra il codice con l'app di autenticazione, oppure inserisci la chiave a mano."),
  ).toBeVisible();
  const box = await boxOf(qr);
  const column = await boxOf(qr.locator('xpath=..'));
  const viewportWidth = page.viewportSize()?.width ?? 0;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewportWidth);
  // square and at least 200 px wide, to scan from a screen; centred in its column; above the key
  expect(Math.abs(box.width - box.height)).toBeLessThan(1);
  expect(box.width).toBeGreaterThanOrEqual(200);
  expect(Math.abs(box.x + box.width / 2 - (column.x + column.width / 2))).toBeLessThan(2);
  expect(box.y + box.height).toBeLessThan((await boxOf(page.getByText('Chiave segreta', { exact: true }))).y);
  await shot(page, info, 'security-02-setup');

  const totp = authenticator(secret);
  // a wrong code does not turn it on
  await page.getByLabel('Codice di verifica', { exact: true }).fill(wrongCodeFor(totp));
  await page.getByRole('button', { name: 'Attiva la verifica', exact: true }).click();
  await expect(page.getByLabel('Codice di verifica', { exact: true })).toHaveAccessibleDescription(
    'Codice di verifica non valido',
  );
  await expect(card.getByText('Non attiva', { exact: true })).toBeVisible();
  await shot(page, info, 'security-03-setup-wrong-code');

  const enabledAt = Date.now();
  await page.getByLabel('Codice di verifica', { exact: true }).fill(totp.generate({ timestamp: enabledAt }));
  await page.getByRole('button', { name: 'Attiva la verifica', exact: true }).click();
  await expect(successToast(page, 'Verifica in due passaggi attivata')).toBeVisible();
  await expect(card.getByText('Attiva', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Disattiva' })).toBeVisible();
  await expect(page.getByLabel('Chiave segreta')).toHaveCount(0);
  await shot(page, info, 'security-04-on');

  await signOutFromMenu(page);

  // — signing in now takes a second step
  await page.getByLabel('Email', { exact: true }).fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByRole('heading', { name: 'Verifica in due passaggi' })).toBeVisible();
  await expect(
    page.getByText('Inserisci il codice di 6 cifre generato dalla tua app di autenticazione.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/signIn/);
  await shot(page, info, 'security-05-sign-in-asks-code');

  await page.getByLabel('Codice di verifica', { exact: true }).fill(wrongCodeFor(totp));
  await page.getByRole('button', { name: 'Verifica e accedi' }).click();
  await expect(page.getByLabel('Codice di verifica', { exact: true })).toHaveAccessibleDescription(
    'Codice di verifica non valido',
  );
  await expect(page).toHaveURL(/\/signIn/);
  await shot(page, info, 'security-06-sign-in-wrong-code');

  // not the code that turned it on: that one is spent
  await page.getByLabel('Codice di verifica', { exact: true }).fill(codeAfter(totp, enabledAt));
  await page.getByRole('button', { name: 'Verifica e accedi' }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await goToSection(page, info, 'Impostazioni');
  await openTab(page, 'Sicurezza');
  await expect(card.getByText('Attiva', { exact: true })).toBeVisible();
  await shot(page, info, 'security-07-back-in');
});

test('a code left empty or too short is refused on the spot, without asking the server', async ({
  page,
  request,
}, info) => {
  const owner = await createOwner(request, { nome: 'Paolo', cognome: 'Marino' });
  await openSignedIn(page, owner, '/impostazioni?tab=2');
  const enableCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/app/api/user/2fa/enable')) enableCalls.push(r.url());
  });
  await page.getByRole('button', { name: 'Attiva la verifica in due passaggi' }).click();
  await expect(page.getByLabel('Chiave segreta')).toBeVisible();
  const code = page.getByLabel('Codice di verifica', { exact: true });

  // empty: the field is required
  await page.getByRole('button', { name: 'Attiva la verifica', exact: true }).click();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(code).toHaveAccessibleDescription('Campo obbligatorio');

  // not six digits: not a code
  await code.fill('123');
  await page.getByRole('button', { name: 'Attiva la verifica', exact: true }).click();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(code).toHaveAccessibleDescription('Codice di verifica non valido');
  await shot(page, info, 'security-08-setup-short-code');
  expect(enableCalls).toEqual([]);

  // giving up leaves it off
  await page.getByRole('button', { name: 'Annulla' }).click();
  await expect(page.getByRole('button', { name: 'Attiva la verifica in due passaggi' })).toBeVisible();
  await expect(page.getByText('Non attiva', { exact: true })).toBeVisible();
});
