import { expect, type Locator, type Page, test } from '@playwright/test';
import { currentLegalVersions } from '@studiolo/domain/legal';
import { Secret, TOTP } from 'otpauth';
import { mailedToken } from '../support/mailbox.ts';
import { uniqueEmail } from '../support/screens.ts';
import {
  apiPost,
  createOwner,
  inviteByApi,
  isPhone,
  joinedStaffMember,
  openSignedIn,
  password,
  shot,
  successToast,
} from '../support/studio-owner.ts';

/*
 * Defects found while writing the settings tests, now fixed: each test states the right behaviour, so that the
 * defect cannot come back unnoticed.
 */

/** Whether the element's text is clipped by its own box (an ellipsis or a cut label). */
const isCut = (el: Locator) => el.evaluate((node) => node.scrollWidth > node.clientWidth + 1);

/**
 * The text pieces inside the element that a line break splits in two: an e-mail address may break only between
 * its pieces (after the "@", before a dot), a key only between its groups of four.
 */
const piecesSplitAcrossLines = (el: Locator) =>
  el.evaluate((node) => {
    const split: string[] = [];
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(text);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (lines.size > 1) split.push(text.textContent ?? '');
    }
    return split;
  });

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

const longEmail = () => uniqueEmail('massimiliano.dellavalle.castiglioni');

/** Opens the main menu on a phone (behind the burger); on a desktop it is always there. */
const mainMenu = async (page: Page, phone: boolean) => {
  const nav = page.getByRole('navigation', { name: 'Sezioni' });
  if (phone) {
    await page.getByRole('button', { name: 'Apri il menu' }).click();
    await expect(nav.getByRole('link').first()).toBeInViewport();
  }
  return nav;
};

test('the role list of the invitation dialog opens under its field and holds still, so a role can be tapped', async ({
  page,
  request,
}, info) => {
  // staff-invite-dialog.tsx on phones: the list opened half a field to the right, widened the page and hid and
  // reopened in a loop (app/theme.ts, comboboxDefaults). The dialog is full-screen on a phone.
  const owner = await createOwner(request, { nome: 'Sara', cognome: 'Galli' });
  await openSignedIn(page, owner, '/impostazioni?tab=1');
  await page.getByRole('button', { name: 'Invita membro' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invita un membro dello staff' });
  const role = dialog.getByRole('combobox', { name: 'Ruolo' });
  await role.click();
  const contabile = page.getByRole('option', { name: 'Contabile', exact: true });
  await expect(contabile).toBeVisible();
  await shot(page, info, 'regression-01-invite-role-list');
  // the list stays within the screen, right under its field and as wide as it…
  expect(await pageWidth(page)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  const field = await role.boundingBox();
  const list = await page.getByRole('listbox').boundingBox();
  expect(field && list).toBeTruthy();
  if (field && list) {
    expect(list.x).toBeGreaterThanOrEqual(field.x - 1);
    expect(list.x + list.width).toBeLessThanOrEqual(field.x + field.width + 1);
    expect(list.y).toBeGreaterThanOrEqual(field.y + field.height);
  }
  // …and stands still long enough to be tapped
  await contabile.click({ timeout: 5_000 });
  await expect(role).toHaveValue('Contabile');
});

test('the status of an outgoing e-mail is readable in full, and a long address wraps between its parts', async ({
  page,
  request,
}, info) => {
  // outbox-panel.tsx, desktop table: a long address with nowhere to break took the width and the Stato badge
  // shrank to "Solo l…"; on phones the address broke in the middle of a word.
  const owner = await createOwner(request, { nome: 'Chiara', cognome: 'Fontana' });
  const email = longEmail();
  await inviteByApi(request, owner, {
    name: 'Massimiliano',
    lastname: 'Della Valle Castiglioni',
    email,
    role: 'ROLE_STAFF_COLLABORATORE',
  });
  await openSignedIn(page, owner, '/impostazioni?tab=3');
  const status = page.getByText('Solo locale', { exact: true }).filter({ visible: true });
  await expect(status).toBeVisible();
  await shot(page, info, 'regression-02-outbox-status');
  expect(await isCut(status)).toBe(false);
  const address = page.getByText(email, { exact: true }).filter({ visible: true });
  await expect(address).toBeVisible();
  expect(await piecesSplitAcrossLines(address)).toEqual([]);
  expect(await pageWidth(page)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
});

test('the two-step set-up shows the whole "Copia chiave" label and a key that breaks only between its groups', async ({
  page,
  request,
}, info) => {
  // two-factor-setup.tsx, phones: the key and the button shared a row that could not wrap, the button read
  // "Copia", and the key broke in the middle of a group of four.
  const owner = await createOwner(request, { nome: 'Elena', cognome: 'Conti' });
  await openSignedIn(page, owner, '/impostazioni?tab=2');
  await page.getByRole('button', { name: 'Attiva la verifica in due passaggi' }).click();
  const copy = page.getByRole('button', { name: 'Copia chiave' });
  await expect(copy).toBeVisible();
  await shot(page, info, 'regression-03-copy-key');
  expect(await isCut(copy.locator('.mantine-Button-label'))).toBe(false);
  const secret = page.getByLabel('Chiave segreta');
  await expect(secret).toHaveText(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  expect(await piecesSplitAcrossLines(secret)).toEqual([]);
  expect(await pageWidth(page)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
});

test('the role of a staff member is readable in full in the staff list, and so is a long address', async ({
  page,
  request,
}, info) => {
  // staff-list.tsx: the role select was 220 px wide and read "Amministratore dello stu" (desktop and phone).
  const owner = await createOwner(request, { nome: 'Chiara', cognome: 'Fontana' });
  const email = longEmail();
  await inviteByApi(request, owner, { name: 'Lucia', lastname: 'Neri', email, role: 'ROLE_STAFF_ADMIN' });
  await openSignedIn(page, owner, '/impostazioni?tab=1');
  const role = page.getByRole('combobox', { name: 'Ruolo di Lucia Neri' });
  await expect(role).toHaveValue('Amministratore dello studio');
  await shot(page, info, 'regression-04-staff-role');
  expect(await isCut(role)).toBe(false);
  const address = page.getByRole('list', { name: 'Membri dello staff' }).getByText(email, { exact: true });
  expect(await piecesSplitAcrossLines(address)).toEqual([]);
  expect(await pageWidth(page)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
});

test('right after a save the header stays usable: the toast does not cover the menus, and it closes by name', async ({
  page,
  request,
}, info) => {
  // provider.tsx: toasts sat at the top right, over the user menu (and on phones over the burger) for 5–10 s;
  // lib/http.ts: their close button had no name.
  const owner = await createOwner(request, { nome: 'Giulia', cognome: 'Bianchi' });
  await openSignedIn(page, owner, '/impostazioni');
  await page.getByLabel('Professione', { exact: true }).fill('Osteopata');
  await page.getByRole('button', { name: 'Salva modifiche' }).click();
  const toast = successToast(page, 'Dati dello studio aggiornati');
  await expect(toast).toBeVisible();
  await shot(page, info, 'regression-05-toast-away-from-header');
  // a trial click checks that the button, not something over it, would get the tap
  await page.getByRole('button', { name: 'Menu utente' }).click({ trial: true, timeout: 2_000 });
  if (isPhone(info)) await page.getByRole('button', { name: 'Apri il menu' }).click({ trial: true, timeout: 2_000 });
  const header = await page.getByRole('banner').boundingBox();
  const box = await toast.boundingBox();
  expect(header && box && box.y >= header.y + header.height).toBe(true);
  await toast.getByRole('button', { name: 'Chiudi' }).click();
  await expect(toast).toBeHidden();
});

test('the main menu offers a collaborator only the sections of the role, and the others answer "no access"', async ({
  page,
  request,
}, info) => {
  // app-layout.tsx showed every section to every role; a collaborator's typed address of one crashed into
  // the server's 403s.
  const owner = await createOwner(request, { nome: 'Giulia', cognome: 'Bianchi' });
  const marco = await joinedStaffMember(request, owner, {
    nome: 'Marco',
    cognome: 'Verdi',
    role: 'ROLE_STAFF_COLLABORATORE',
  });
  await openSignedIn(page, marco, '/customers');
  const nav = await mainMenu(page, isPhone(info));
  await expect(nav.getByRole('link')).toHaveText(['Pazienti', 'Calendario', 'Moduli', 'Impostazioni']);
  await shot(page, info, 'regression-06-collaborator-menu');

  for (const path of ['/financial-analytics', '/accounting', '/billing']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Non hai accesso a questa sezione', level: 1 })).toBeVisible();
    // inside the app, with the header and a way back
    await expect(page.getByRole('button', { name: 'Menu utente' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Vai a Pazienti' })).toBeVisible();
  }
  await shot(page, info, 'regression-07-no-access');
  await page.getByRole('link', { name: 'Vai a Pazienti' }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.getByRole('heading', { name: 'Pazienti', level: 1 })).toBeVisible();
});

test('a collaborator reads the studio’s data in the normal colour, is told why it cannot be changed, and sees no made-up examples', async ({
  page,
  request,
}, info) => {
  // studio-form.tsx: the disabled fields were pale grey, the example "Es. Albo dei Fisioterapisti…" looked like
  // the studio's own data, and nothing said why nothing could be changed.
  const owner = await createOwner(request, { nome: 'Giulia', cognome: 'Bianchi' });
  const marco = await joinedStaffMember(request, owner, {
    nome: 'Marco',
    cognome: 'Verdi',
    role: 'ROLE_STAFF_COLLABORATORE',
  });
  await openSignedIn(page, marco, '/impostazioni');
  await expect(
    page.getByText('Solo il titolare o un amministratore dello studio può modificare questi dati.'),
  ).toBeVisible();
  const professione = page.getByLabel('Professione', { exact: true });
  await expect(professione).toHaveValue('Fisioterapista');
  await expect(professione).not.toBeEditable();
  // the value in the colour of the page's text, not greyed out
  const colours = await professione.evaluate((input) => ({
    value: getComputedStyle(input).color,
    text: getComputedStyle(document.body).color,
    opacity: getComputedStyle(input).opacity,
  }));
  expect(colours.value).toBe(colours.text);
  expect(colours.opacity).toBe('1');
  await expect(page.getByLabel("Iscrizione all'albo", { exact: true })).not.toHaveAttribute('placeholder');
  await expect(page.getByText(/Albo dei Fisioterapisti/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Salva modifiche' })).toHaveCount(0);
  await shot(page, info, 'regression-08-read-only-studio');
  // why: on the field itself
  await professione.focus();
  await expect(page.getByRole('tooltip')).toHaveText('Campo non modificabile.');
});

test('on any screen the fiscal regime is readable in full', async ({ page, request }, info) => {
  // studio-form.tsx on phones: the field read "RF19 · Regime forfettario (art. 1, c" with the rest cut off.
  const owner = await createOwner(request, { nome: 'Giulia', cognome: 'Bianchi' });
  await openSignedIn(page, owner, '/impostazioni');
  const regime = page.getByRole('combobox', { name: 'Regime fiscale' });
  await expect(regime).toHaveValue('RF19 · Regime forfettario (art. 1, c. 54-89, L. 190/2014)');
  await regime.scrollIntoViewIfNeeded();
  if (isPhone(info)) {
    // too long for a phone's field: it ends with "…" and the whole name is written under it
    await expect(regime).toHaveAccessibleDescription('Regime forfettario (art. 1, c. 54-89, L. 190/2014)');
    const whole = page.getByText('Regime forfettario (art. 1, c. 54-89, L. 190/2014)', { exact: true });
    await expect(whole).toBeInViewport();
    expect(await isCut(whole)).toBe(false);
  } else {
    expect(await isCut(regime)).toBe(false);
  }
  // the example of the professional register is not cut either
  const example = page.getByText('Es. Albo dei Fisioterapisti di Milano n. 1234');
  await expect(example).toBeVisible();
  expect(await isCut(example)).toBe(false);
  await shot(page, info, 'regression-09-fiscal-regime');
});

test('a two-step code cannot be used twice', async ({ request }) => {
  // RFC 6238 §5.2: the code that turned the verification on (or one seen over someone's shoulder) must not
  // sign in again within its minute (fixed on the server: the last time step used is kept).
  const email = uniqueEmail('replay');
  await apiPost(request, '/user/signup', {
    email,
    password,
    nome: 'Rita',
    cognome: 'Sala',
    legal: currentLegalVersions(),
  });
  const { token } = await apiPost<{ token: string }>(request, '/user/verify-email', {
    token: mailedToken(email, 'verificaEmail'),
  });
  const { secret } = await apiPost<{ secret: string }>(request, '/user/2fa/setup', {}, token);
  const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
  await apiPost(request, '/user/2fa/enable', { code }, token);
  const { challengeToken } = await apiPost<{ challengeToken: string }>(request, '/user/login', {
    username: email,
    password,
  });
  expect(challengeToken).toBeTruthy();
  const again = await request.post('/app/api/user/login/2fa', { data: { challengeToken, code } });
  expect(again.status(), 'the code already used to turn the verification on').toBeGreaterThanOrEqual(400);
  expect(await again.json()).toMatchObject({ code: 'ERROR', fields: { code: 'Codice di verifica non valido' } });
});

test('the app’s own script files do not count against the requests-per-minute limit', async ({ request }) => {
  // apps/server/src/app.ts counted every file of the built app against the global limit (600 a minute per
  // address): an office opening the app together got 429 on scripts and "Qualcosa è andato storto".
  const html = await request.get('/signIn');
  expect(html.ok()).toBe(true);
  const script = /<script[^>]*\ssrc="([^"]*\/assets\/[^"]+\.js)"/.exec(await html.text())?.[1];
  expect(script, 'the built page loads a script from /assets/').toBeTruthy();
  const asset = await request.get(script ?? '');
  expect(asset.ok()).toBe(true);
  expect(asset.headers()['x-ratelimit-remaining'], 'the script was counted by the rate limiter').toBeUndefined();
});
