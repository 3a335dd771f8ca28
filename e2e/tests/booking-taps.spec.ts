import { expect, type Locator, type Page, test } from '@playwright/test';
import { mailedCode } from '../support/mailbox.ts';
import { screen, uniqueEmail } from '../support/screens.ts';
import { createOwner, enableBooking } from '../support/studio-owner.ts';

/*
 * Issue 39 item 2: the taps a patient makes on a phone from opening the studio's link to the booking made, one
 * service with one professional (the studio's usual page). A tap is a press on a control, or on a field before
 * writing in it; the writing itself is not (the phone's one-time-code suggestion over the keyboard fills the code
 * with the tap into its field).
 */

const counted = () => {
  let taps = 0;
  return {
    tap: async (control: Locator) => {
      taps += 1;
      await control.tap();
    },
    write: async (field: Locator, text: string) => {
      taps += 1;
      await field.tap();
      await field.fill(text);
    },
    taps: () => taps,
  };
};

const bookedHeading = (page: Page) => page.getByRole('heading', { name: 'Prenotazione ricevuta' });
const firstTime = (page: Page) => page.getByRole('button', { name: /^\d\d:\d\d$/ }).first();
const sendCode = (page: Page) => page.getByRole('button', { name: 'Acconsento, inviami il codice' });
const codeField = (page: Page) => page.getByLabel('Codice di conferma');

/** A new patient, fields as they write them. */
const bookAsNew = async (page: Page, slug: string, email: string, { remember }: { remember: boolean }) => {
  const count = counted();
  await page.goto(`/prenota/${slug}`);
  await count.tap(firstTime(page));
  await count.write(page.getByLabel('Nome', { exact: true }), 'Sara');
  await count.write(page.getByLabel('Cognome', { exact: true }), 'Fontana');
  await count.write(page.getByLabel('Cellulare'), '+39 348 7654321');
  await count.write(page.getByLabel('Email'), email);
  if (remember) await count.tap(page.getByRole('checkbox', { name: 'Ricorda i miei dati su questo telefono' }));
  await count.tap(sendCode(page));
  await expect(codeField(page)).toBeVisible();
  await count.write(codeField(page), mailedCode(email));
  await expect(bookedHeading(page)).toBeVisible();
  return count.taps();
};

test('a new patient books in 7 taps, a returning one in 3', async ({ page, request }, info) => {
  const owner = await createOwner(request, { nome: 'Paolo', cognome: 'Serra' });
  const slug = await enableBooking(request, owner);

  expect(await bookAsNew(page, slug, uniqueEmail('nuovo'), { remember: false })).toBeLessThanOrEqual(7);
  await screen(page, info, 'booking-taps-new-booked');

  // a patient who chooses "Ricorda i miei dati" (one tap more, once) finds the form filled on this phone next time
  const email = uniqueEmail('ritorno');
  expect(await bookAsNew(page, slug, email, { remember: true })).toBe(8);
  const count = counted();
  await page.goto(`/prenota/${slug}`);
  await count.tap(firstTime(page));
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await screen(page, info, 'booking-taps-returning-filled');
  await count.tap(sendCode(page));
  await expect(codeField(page)).toBeVisible();
  await count.write(codeField(page), mailedCode(email));
  await expect(bookedHeading(page)).toBeVisible();
  expect(count.taps()).toBeLessThanOrEqual(4);
  expect(count.taps()).toBe(3);
});
