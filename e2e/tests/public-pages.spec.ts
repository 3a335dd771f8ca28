import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import {
  currentLegalVersion,
  currentLegalVersions,
  type LegalStatus,
  legalDocumentIds,
  legalDocuments,
  legalMessages,
} from '@studiolo/domain/legal';
import { mailedLink } from '../support/mailbox.ts';
import { screen, uniqueEmail } from '../support/screens.ts';
import { acceptLegalDocuments, apiGet, createOwner, openSignedIn, password } from '../support/studio-owner.ts';

/**
 * Issue 30 item 4 (decision 043): the landing page and the legal documents read on a desktop and on a phone; the
 * versions accepted at sign-up recorded; a changed version shown to accept again.
 */

const seriousViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
};
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('the landing page says what Studiolo does, shows the product and the prices of the plans, and leads to sign-up', async ({
  page,
  request,
}, info) => {
  await page.goto('/landing-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Il gestionale per fisioterapisti e professionisti sanitari',
  );
  await expect(page).toHaveTitle(/Il gestionale per il tuo studio sanitario/);
  for (const feature of [
    'Pazienti',
    'Agenda',
    'Consensi firmati sul telefono',
    'Cartella clinica',
    'Fatture elettroniche allo SDI',
    'Sistema Tessera Sanitaria',
    'Prenotazioni online',
    'Promemoria SMS',
  ])
    await expect(page.getByRole('heading', { name: feature, exact: true })).toBeVisible();

  // the prices are the ones the server answers (the same list /billing shows)
  const plans = (
    (await (await request.get('/app/api/plans')).json()) as { response: { plan: string; unitAmount: number }[] }
  ).response;
  expect(plans.length).toBe(3);
  for (const plan of plans) {
    const euros = (plan.unitAmount / 100).toFixed(2).replace('.', ',');
    await expect(page.getByTestId(`piano-${plan.plan}`)).toContainText(euros);
  }

  // every screenshot loads once scrolled to (the ones below the first screen are lazy)
  for (const img of await page.locator('img[src^="/landing/"]:visible').all()) {
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  }
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screen(page, info, 'public-01-landing');

  await page.getByRole('main').getByRole('link', { name: 'Prova gratis' }).click();
  await expect(page).toHaveURL(/\/signUp$/);
});

test('the legal documents are read with their versions, the sub-processors of this install and the storage used', async ({
  page,
}, info) => {
  await page.goto('/landing-page');
  await page.getByRole('link', { name: legalDocuments.privacy.title }).click();
  await expect(page).toHaveURL(/\/documenti-legali#privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Documenti legali' })).toBeVisible();
  for (const id of legalDocumentIds) {
    const article = page.getByRole('article', { name: legalDocuments[id].title });
    const { version, date } = currentLegalVersion(id);
    await expect(article.getByText(legalMessages.version(version, date))).toBeVisible();
  }
  // this install configures no provider: each adapter is its local simulator, said as such
  // a table on a desktop, a card each on a phone
  const subProcessors = page.getByLabel('Sub-responsabili di questa installazione').locator('visible=true');
  for (const name of ['Posta locale', 'SMS locali', 'Simulatore SDI', 'Pagamenti simulati', 'Simulatore Sistema TS'])
    await expect(subProcessors.getByText(name, { exact: true })).toBeVisible();
  await expect(subProcessors.getByText(/Simulatore locale/).first()).toBeVisible();
  const storage = page.getByLabel('Cookie e memoria locale').locator('visible=true');
  for (const key of ['studiolo.user', 'studiolo.support', 'studiolo.banner.dismissed', 'studiolo_google_oauth'])
    await expect(storage.getByText(key, { exact: true })).toBeVisible();
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screen(page, info, 'public-02-legal-documents');
});

test('sign-up records the versions accepted on the form', async ({ page }, info) => {
  const email = uniqueEmail('legale');
  await page.goto('/signUp');
  await page.getByLabel('Nome', { exact: true }).fill('Marta');
  await page.getByLabel('Cognome', { exact: true }).fill('Verdi');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Registrati' }).click();
  await expect(page.getByText(legalMessages.signupCheckboxRequired)).toBeVisible();
  await screen(page, info, 'public-03-sign-up-needs-acceptance');
  await acceptLegalDocuments(page);
  await page.getByRole('button', { name: 'Registrati' }).click();
  await expect(page.getByRole('heading', { name: 'Controlla la tua email' })).toBeVisible();
  await page.goto(mailedLink(email, 'verificaEmail'));
  await expect(page).toHaveURL(/\/on-boarding/);

  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('studiolo.user') ?? '{}').token as string);
  const status = await apiGet<LegalStatus>(page.request, '/legal/acceptances', token);
  expect(status.pending).toEqual([]);
  expect(status.accepted.map((a) => `${a.document} ${a.version}`).sort()).toEqual(
    Object.entries(currentLegalVersions())
      .map(([id, v]) => `${id} ${v}`)
      .sort(),
  );
  expect(Date.now() - new Date(status.accepted[0]?.acceptedAt ?? 0).getTime()).toBeLessThan(5 * 60_000);
});

test('a document whose version changed since it was accepted is shown to accept again', async ({
  page,
  request,
}, info) => {
  // an owner who accepted the earlier version of the privacy notice and of the terms
  const owner = await createOwner(request, { legal: { ...currentLegalVersions(), privacy: '1.0', termini: '1.0' } });
  await openSignedIn(page, owner, '/customers');
  const dialog = page.getByRole('dialog', { name: legalMessages.gateTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: legalDocuments.privacy.title })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: legalDocuments.termini.title })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: legalDocuments.cookie.title })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await screen(page, info, 'public-04-accept-again');

  const accept = dialog.getByRole('button', { name: legalMessages.gateAccept });
  await expect(accept).toBeDisabled();
  await dialog.getByRole('checkbox', { name: legalMessages.gateCheckbox }).check();
  await accept.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Pazienti', level: 1 })).toBeVisible();

  const status = await apiGet<LegalStatus>(request, '/legal/acceptances', owner.token);
  expect(status.pending).toEqual([]);
  expect(status.accepted.filter((a) => a.document === 'privacy').map((a) => a.version)).toEqual([
    '1.0',
    currentLegalVersion('privacy').version,
  ]);
  // accepted once: the next visit goes straight to the page
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Pazienti', level: 1 })).toBeVisible();
  await expect(dialog).toHaveCount(0);
});
