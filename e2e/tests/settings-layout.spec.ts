import { expect, type Page, test } from '@playwright/test';
import { uniqueEmail } from '../support/screens.ts';
import {
  createOwner,
  goToSection,
  inviteByApi,
  isPhone,
  openSignedIn,
  openTab,
  shot,
} from '../support/studio-owner.ts';

/**
 * Controls, headings and texts cut by the side of the screen (a cut button, an overflowing line),
 * leaving aside what sits in a container meant to scroll sideways (the tab bar, wide tables).
 */
const outsideTheScreen = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollsSideways = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o === 'auto' || o === 'scroll') return true;
      }
      return false;
    };
    const selector = 'button, a, input, textarea, [role="combobox"], [role="tab"], h1, h2, h3, p, label, td, th';
    return [...document.querySelectorAll(selector)]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) return false;
        if (getComputedStyle(el).visibility === 'hidden') return false;
        // wholly off the screen is a drawer put away (the phone menu), not a cut
        if (r.right <= 0 || r.left >= width) return false;
        return (r.right > width + 1 || r.left < -1) && !scrollsSideways(el);
      })
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
  });

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('every tab of Impostazioni fits the screen and can be reached from the menu', async ({ page, request }, info) => {
  const owner = await createOwner(request, { nome: 'Chiara', cognome: 'Fontana' });
  // a pending invitation, so the staff list and the outbox have something to show
  await inviteByApi(request, owner, {
    name: 'Massimiliano',
    lastname: 'Della Valle Castiglioni',
    email: uniqueEmail('massimiliano.dellavalle.castiglioni'),
    role: 'ROLE_STAFF_ADMIN',
  });
  await openSignedIn(page, owner);
  const viewport = page.viewportSize()?.width ?? 0;

  if (isPhone(info)) {
    // the menu is behind the burger and lists every section
    const burger = page.getByRole('button', { name: 'Apri il menu' });
    await expect(burger).toBeVisible();
    await burger.click();
    const nav = page.getByRole('navigation', { name: 'Sezioni' });
    for (const section of [
      'Pazienti',
      'Calendario',
      'Fatturazione',
      'Statistiche',
      'Moduli',
      'Abbonamento',
      'Impostazioni',
    ])
      await expect(nav.getByRole('link', { name: section })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Chiudi il menu' })).toBeVisible();
    await shot(page, info, 'layout-01-menu-open');
    await page.getByRole('button', { name: 'Chiudi il menu' }).click();
    await expect(nav.getByRole('link', { name: 'Impostazioni' })).not.toBeInViewport();
  }
  await goToSection(page, info, 'Impostazioni');
  await expect(page).toHaveURL(/\/impostazioni/);

  const tabs: { tab: string; shows: string; name: string }[] = [
    { tab: 'Studio', shows: 'Dati dello studio', name: 'layout-02-studio' },
    { tab: 'Staff', shows: 'Staff dello studio', name: 'layout-03-staff' },
    { tab: 'Sicurezza', shows: 'Verifica in due passaggi', name: 'layout-04-security' },
    { tab: 'Posta in uscita', shows: 'Posta in uscita', name: 'layout-05-outbox' },
  ];
  for (const { tab, shows, name } of tabs) {
    await openTab(page, tab);
    await expect(page.getByRole('heading', { name: shows, level: 2, exact: true })).toBeVisible();
    await expect
      .poll(() => pageWidth(page), { message: `the ${tab} tab is wider than the screen` })
      .toBeLessThanOrEqual(viewport);
    expect(await outsideTheScreen(page), `cut or overflowing in the ${tab} tab`).toEqual([]);
    await shot(page, info, name);
  }

  // the long name of the invited member wraps instead of pushing the row out of the screen
  await openTab(page, 'Staff');
  await expect(page.getByText('Massimiliano Della Valle Castiglioni')).toBeVisible();
  expect(await outsideTheScreen(page)).toEqual([]);

  // the invitation opens readable on any screen, and closes
  await openTab(page, 'Posta in uscita');
  await page.getByRole('button', { name: /^Invito a collaborare con Chiara Fontana su Studiolo/ }).click();
  const message = page.getByRole('dialog', { name: 'Invito a collaborare con Chiara Fontana su Studiolo' });
  await expect(message.getByRole('link', { name: /\/signUp\?inviteToken=/ })).toBeVisible();
  expect(await outsideTheScreen(page), 'cut or overflowing in the message').toEqual([]);
  await shot(page, info, 'layout-06-outbox-message');
  await message.getByRole('button', { name: 'Chiudi' }).click();
  await expect(message).toBeHidden();
});

test('the user menu opens on any screen and offers profile and sign-out', async ({ page, request }, info) => {
  const owner = await createOwner(request, { nome: 'Davide', cognome: 'Longo' });
  await openSignedIn(page, owner, '/impostazioni');
  await page.getByRole('button', { name: 'Menu utente' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Profilo' })).toBeInViewport();
  await expect(menu.getByRole('menuitem', { name: 'Esci' })).toBeInViewport();
  await expect(menu).toContainText('Davide Longo');
  await expect(menu).toContainText('Longo Davide');
  expect(await outsideTheScreen(page)).toEqual([]);
  await shot(page, info, 'layout-07-user-menu');
});
