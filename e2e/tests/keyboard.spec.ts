import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiPost, createOwner, isPhone, type Owner } from '../support/studio-owner.ts';

/*
 * Issue 20: a person who works from the keyboard alone signs in, finds a patient, opens them and books an
 * appointment in the calendar. Only page.keyboard is used (Tab, Shift+Tab, Enter, arrows, Page Down, Escape, typing
 * into the element that has focus); after every key the test checks that the focus shows (WCAG 2.4.7: a ring of at
 * least 2 px on the control or on the box of its field) and is not hidden behind something else (2.4.11). Dialogs
 * keep the focus inside (Tab from the last control comes back to the first) and give it back to the control that
 * opened them when closed with Escape.
 */

type FocusState = {
  /** What has focus, for the failure message. */
  what: string;
  onPage: boolean;
  focusVisible: boolean;
  ring: boolean;
  covered: boolean;
};

/** Reads where the focus is and whether a person can see it. */
const focusState = (page: Page): Promise<FocusState> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body)
      return { what: 'body', onPage: false, focusVisible: false, ring: false, covered: false };
    const label =
      el.getAttribute('aria-label') ??
      (el as HTMLInputElement).labels?.[0]?.textContent ??
      el.textContent?.trim().slice(0, 40) ??
      '';
    const what = `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${label}"`;
    const shows = (n: Element) => {
      const r = n.getBoundingClientRect();
      const s = getComputedStyle(n);
      return r.width >= 4 && r.height >= 4 && s.visibility !== 'hidden' && Number(s.opacity) > 0.1;
    };
    const hasRing = (n: Element) => {
      const s = getComputedStyle(n);
      if (s.outlineStyle === 'auto') return true;
      return s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) >= 2 && !/,\s*0\)$/.test(s.outlineColor);
    };
    // where the ring may be drawn: the control, the box of its field (a password or time field wraps its inputs),
    // and for a hidden native input (switch, segmented control) the element drawn in its place
    const candidates = [
      el,
      el.closest('.mantine-Input-input'),
      ...(shows(el) ? [] : [el.nextElementSibling, (el as HTMLInputElement).labels?.[0] ?? null]),
    ].filter((n): n is Element => n !== null && shows(n));
    const indicator = candidates.find(hasRing) ?? null;
    // not covered: the middle of the part of it that shows (inside the window and the areas that clip it) is the
    // control itself or what draws it
    const shown = (indicator ?? el).getBoundingClientRect();
    let [left, top, right, bottom] = [shown.left, shown.top, shown.right, shown.bottom];
    const clip = (r: { left: number; top: number; right: number; bottom: number }) => {
      [left, top, right, bottom] = [
        Math.max(left, r.left),
        Math.max(top, r.top),
        Math.min(right, r.right),
        Math.min(bottom, r.bottom),
      ];
    };
    for (let n = el.parentElement; n; n = n.parentElement) {
      if (getComputedStyle(n).overflow !== 'visible') clip(n.getBoundingClientRect());
    }
    clip({ left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight });
    // what is drawn over it there, in front of it: covered if any of it paints a background (a fixed header, a
    // sticky bar); FullCalendar's transparent layers over its grid hide nothing
    const stack =
      right > left && bottom > top ? document.elementsFromPoint((left + right) / 2, (top + bottom) / 2) : [];
    const own = (n: Element) => el.contains(n) || n.contains(el) || (indicator?.contains(n) ?? false);
    const at = stack.findIndex(own);
    const cover =
      at < 0
        ? null
        : stack.slice(0, at).find((n) => {
            const s = getComputedStyle(n);
            return !/transparent|rgba\(.*,\s*0\)$/.test(s.backgroundColor) || s.backgroundImage !== 'none';
          });
    const mine = at >= 0 && !cover;
    const coveredBy = mine
      ? ''
      : cover
        ? ` covered by ${cover.tagName.toLowerCase()}.${[...cover.classList].join('.')}`
        : ' off screen';
    return {
      what: what + coveredBy,
      onPage: true,
      focusVisible: el.matches(':focus-visible'),
      ring: indicator !== null,
      covered: !mine,
    };
  });

/** The focus is on the page, shown by a ring, and not covered (once the page has scrolled it into view). */
const expectFocusShown = async (page: Page) =>
  expect
    .poll(async () => {
      const s = await focusState(page);
      return s.onPage && s.focusVisible && s.ring && !s.covered ? 'shown' : `not shown: ${JSON.stringify(s)}`;
    })
    .toBe('shown');

/**
 * Presses `key` until `target` has focus, checking the focus after every press. Tab past the last control of the
 * page goes to the browser's own bar once (the page's body has focus) before coming back to the first.
 */
const pressUntilFocused = async (page: Page, target: Locator, key = 'Tab', max = 80) => {
  await expect(target).toBeVisible();
  let leftThePage = 0;
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) {
      await expectFocusShown(page);
      return;
    }
    await page.keyboard.press(key);
    const state = await focusState(page);
    if (!state.onPage) {
      leftThePage++;
      expect(leftThePage, 'the focus left the page more than once while looking for the control').toBeLessThan(2);
      continue;
    }
    leftThePage = 0;
    await expectFocusShown(page);
  }
  throw new Error(`${target} not reached with ${key} in ${max} presses`);
};

/** The element with focus is inside `container`. */
const focusInside = (container: Locator) => container.evaluate((c) => c.contains(document.activeElement));

const seedPatients = async (request: Parameters<typeof createOwner>[0], owner: Owner) => {
  for (const [nome, cognome, codiceFiscale] of [
    ['Mario', 'Rossi', 'RSSMRA85T10A562S'],
    ['Laura', 'Bianchi', 'BNCLRA90A41H501F'],
  ] as const) {
    await apiPost(
      request,
      '/pazienti',
      { datiGenerali: { tipologiaPersona: 'FISICA', nome, cognome, codiceFiscale } },
      owner.token,
    );
  }
};

test.describe('keyboard only', () => {
  test('signs in, finds a patient, opens them and books an appointment with the keyboard alone, the focus always shown', async ({
    page,
    request,
  }, info) => {
    test.setTimeout(120_000);
    const owner = await createOwner(request);
    await seedPatients(request, owner);

    // — sign in
    await page.goto('/signIn');
    await pressUntilFocused(page, page.getByLabel('Email', { exact: true }));
    await page.keyboard.type(owner.email);
    await pressUntilFocused(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(owner.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/customers$/);
    await expect(page.getByTestId('patient-row')).toHaveCount(2);

    // — find the patient
    await pressUntilFocused(page, page.getByRole('searchbox', { name: 'Cerca pazienti' }));
    await page.keyboard.type('Rossi');
    await expect(page.getByTestId('patient-row')).toHaveCount(1);
    const patientLink = page.getByRole('link', { name: 'Rossi Mario', exact: true });
    await pressUntilFocused(page, patientLink);
    await page.keyboard.press('Enter');

    // — the record
    await expect(page).toHaveURL(/\/customers\/add\?id=[0-9a-f-]+/);
    await expect(page.getByRole('heading', { name: 'Rossi Mario', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Codice fiscale', { exact: true })).toHaveValue('RSSMRA85T10A562S');

    // — to the calendar, back up through the page to the main menu (behind the burger on a phone)
    const nav = page.getByRole('navigation', { name: 'Sezioni' });
    if (isPhone(info)) {
      await pressUntilFocused(page, page.getByRole('button', { name: 'Apri il menu' }), 'Shift+Tab');
      await page.keyboard.press('Enter');
      await pressUntilFocused(page, nav.getByRole('link', { name: 'Calendario' }));
    } else {
      await pressUntilFocused(page, nav.getByRole('link', { name: 'Calendario' }), 'Shift+Tab');
    }
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/calendar/);
    await expect(page.getByRole('heading', { name: 'Calendario', level: 1 })).toBeVisible();

    // — the grid's scrolling area is reached with Tab (no appointment in it yet) and scrolled with Page Down
    const grid = page.getByRole('grid').first();
    await expect(grid).toBeVisible();
    for (let i = 0; i < 40 && !(await focusInside(grid)); i++) {
      await page.keyboard.press('Tab');
      if ((await focusState(page)).onPage) await expectFocusShown(page);
    }
    expect(await focusInside(grid), 'Tab reaches the calendar grid').toBe(true);
    const scrollOfFocus = () =>
      page.evaluate(() => {
        let n = document.activeElement?.parentElement ?? null;
        while (n && !(n.scrollHeight > n.clientHeight && /auto|scroll/.test(getComputedStyle(n).overflowY))) {
          n = n.parentElement;
        }
        return n?.scrollTop ?? -1;
      });
    const before = await scrollOfFocus();
    expect(before).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('PageDown');
    await expect.poll(scrollOfFocus).toBeGreaterThan(before);

    // — the new-appointment dialog keeps the focus and gives it back on Escape
    const newAppointment = page.getByRole('button', { name: 'Nuovo appuntamento' });
    await pressUntilFocused(page, newAppointment, 'Shift+Tab');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Nuovo appuntamento' });
    await expect(dialog).toBeVisible();
    await expect.poll(() => focusInside(dialog)).toBe(true);
    const create = dialog.getByRole('button', { name: 'Crea appuntamento' });
    await pressUntilFocused(page, create);
    await page.keyboard.press('Tab');
    await expectFocusShown(page);
    expect(await focusInside(dialog), 'Tab from the last control stays in the dialog').toBe(true);
    await expect(dialog.getByRole('button', { name: 'Chiudi' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(create).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(newAppointment).toBeFocused();
    await expectFocusShown(page);

    // — book it: the patient chosen from the list with the arrows, the title follows, saved with Enter
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    const patientField = dialog.getByRole('combobox', { name: 'Paziente' });
    await pressUntilFocused(page, patientField);
    await page.keyboard.type('Rossi');
    // the list narrowed to the one match (the search waits for a pause in the typing)
    await expect(page.getByRole('option')).toHaveCount(1);
    await expect(page.getByRole('option', { name: /Rossi Mario/ })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(patientField).toHaveValue(/Rossi Mario/);
    await expect(dialog.getByLabel('Titolo', { exact: true })).toHaveValue('Rossi Mario');
    // the times typed: the hours field moves on to its minutes once two digits are in
    await pressUntilFocused(page, dialog.getByRole('spinbutton', { name: 'Ora inizio, ore' }));
    await page.keyboard.type('1030');
    await expect(dialog.getByRole('spinbutton', { name: 'Ora inizio, minuti' })).toHaveValue('30');
    await pressUntilFocused(page, dialog.getByRole('spinbutton', { name: 'Ora fine, ore' }));
    await page.keyboard.type('1115');
    await expect(dialog.getByRole('spinbutton', { name: 'Ora fine, minuti' })).toHaveValue('15');
    await pressUntilFocused(page, create);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(newAppointment).toBeFocused();
    const booked = page.getByTestId('calendar-event').filter({ hasText: 'Rossi Mario' });
    await expect(booked).toHaveCount(1);
    await expect(booked).toContainText('10:30–11:15');

    // — the appointment itself is reached with Tab and opens with Enter; Escape comes back to it
    const bookedControl = page.getByRole('button', { name: /Rossi Mario/ }).filter({ has: booked });
    await pressUntilFocused(page, bookedControl);
    await page.keyboard.press('Enter');
    const edit = page.getByRole('dialog', { name: 'Modifica appuntamento' });
    await expect(edit).toBeVisible();
    await expect(edit.getByRole('combobox', { name: 'Paziente' })).toHaveValue(/Rossi Mario/);
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();
    await expect(bookedControl).toBeFocused();
    await expectFocusShown(page);
  });

  test("the patient form's errors are tied to their fields and read out where the focus lands", async ({
    page,
    request,
  }) => {
    const owner = await createOwner(request);
    await page.goto('/signIn');
    await pressUntilFocused(page, page.getByLabel('Email', { exact: true }));
    await page.keyboard.type(owner.email);
    await pressUntilFocused(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(owner.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/customers$/);
    await pressUntilFocused(page, page.getByRole('main').getByRole('link', { name: 'Nuovo paziente' }).first());
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Nuovo paziente', level: 1 })).toBeVisible();

    /** The text of the elements that describe a field (aria-describedby), which a screen reader reads with it. */
    const descriptionOf = (field: Locator) =>
      field.evaluate((el) =>
        (el.getAttribute('aria-describedby') ?? '')
          .split(/\s+/)
          .filter(Boolean)
          .map((id) => document.getElementById(id)?.textContent ?? `(missing #${id})`)
          .join(' | '),
      );

    // saved empty: every required field is marked, its message is its description, the focus goes to the first
    await pressUntilFocused(page, page.getByRole('button', { name: 'Crea paziente' }));
    await page.keyboard.press('Enter');
    const nome = page.getByLabel('Nome', { exact: true });
    await expect(nome).toBeFocused();
    await expectFocusShown(page);
    for (const label of ['Nome', 'Cognome', 'Codice fiscale']) {
      const field = page.getByLabel(label, { exact: true });
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(await descriptionOf(field), label).toContain('Campo obbligatorio');
      await expect(page.getByText('Campo obbligatorio').first()).toBeVisible();
    }

    // filled in, one wrong code: only that field stays in error, with the reason
    await page.keyboard.type('Mario');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Cognome', { exact: true })).toBeFocused();
    await page.keyboard.type('Rossi');
    const codice = page.getByLabel('Codice fiscale', { exact: true });
    await pressUntilFocused(page, codice);
    await page.keyboard.type('RSSMRA85T10A562T');
    await page.keyboard.press('Tab');
    await expect(nome).not.toHaveAttribute('aria-invalid', 'true');
    await expect(codice).toHaveAttribute('aria-invalid', 'true');
    await expect.poll(() => descriptionOf(codice)).toContain('Codice fiscale non valido');
    await pressUntilFocused(page, page.getByRole('button', { name: 'Crea paziente' }));
    await page.keyboard.press('Enter');
    await expect(codice).toBeFocused();
    await expectFocusShown(page);
    expect(await descriptionOf(codice)).toContain('Codice fiscale non valido');
  });
});
