import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { screen } from '../support/screens.ts';
import { apiGet, apiPost, apiPut, createOwner, enableBooking, type Owner } from '../support/studio-owner.ts';

/*
 * Issue 38 (decision 047): the public pages arrive drawn by the server. With JavaScript off each shows its content and
 * its forms, and the booking page's choices work as plain forms; with JavaScript on each hydrates with no mismatch (the
 * console is watched) and works as before.
 */

/** A signing link for a consent form, made through the API the studio's dialog calls. */
const signingLink = async (request: APIRequestContext, owner: Owner) => {
  const patient = await apiPost<{ id: string }>(
    request,
    '/pazienti',
    {
      datiGenerali: { tipologiaPersona: 'FISICA', nome: 'Mario', cognome: 'Rossi', codiceFiscale: 'RSSMRA85T10A562S' },
      contatti: { cellulare: '+39 333 7654321', email: 'mario@example.it' },
      residenza: { indirizzo: 'Via Roma 1', cap: '40121', comune: 'Bologna', provincia: 'BO' },
    },
    owner.token,
  );
  const template = await apiPost<{ id: string }>(
    request,
    '/form-template',
    { title: 'Consenso informato', content: '<p>Acconsento al trattamento presso {{studio.nome}}.</p>' },
    owner.token,
  );
  const created = await apiPost<{ signUrl: string }>(
    request,
    '/signature',
    { pazienteId: patient.id, templateIds: [template.id] },
    owner.token,
  );
  const url = new URL(created.signUrl);
  return url.pathname + url.search;
};

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
const inDays = (n: number) => {
  const d = new Date(`${today()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const onlyProductId = async (request: APIRequestContext, slug: string) =>
  (
    (await (await request.get(`/app/api/booking/${slug}`)).json()) as {
      response: { services: { productId: string }[] };
    }
  ).response.services[0]?.productId ?? '';

/** The console's errors and warnings from now on (a hydration mismatch is one). */
const watchConsole = (page: Page) => {
  const messages: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') messages.push(m.text());
  });
  page.on('pageerror', (e) => messages.push(e.message));
  return messages;
};

/** Hydrated: React has attached to the server's HTML, and nothing was said about a mismatch. */
const expectHydrated = async (page: Page, messages: string[]) => {
  await expect
    .poll(() =>
      page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__react'))),
    )
    .toBe(true);
  await page.waitForLoadState('networkidle');
  expect(messages.filter((m) => /hydrat|did not match|mismatch/i.test(m))).toEqual([]);
};

/**
 * The controls of the page that act only through its script (every button but those of a plain GET form) and are not
 * disabled: before the script has run such a control would take a tap and do nothing, or submit a form to the address.
 */
const scriptOnlyControlsEnabled = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLButtonElement | HTMLInputElement>('button, input[type="submit"]')]
      .filter((b) => !b.disabled && b.closest('form[method="get"]') === null)
      .map((b) => b.getAttribute('aria-label') ?? b.textContent?.trim() ?? b.outerHTML.slice(0, 80)),
  );

const pages = [
  { path: '/', heading: 'Il gestionale per fisioterapisti e professionisti sanitari', name: 'home' },
  { path: '/signIn', heading: 'Accedi', name: 'sign-in' },
  { path: '/signUp', heading: 'Crea il tuo account', name: 'sign-up' },
  { path: '/forgotPassword', heading: 'Password dimenticata?', name: 'forgot-password' },
  { path: '/verifica-firma', heading: 'Verifica un documento firmato', name: 'verifica-firma' },
  { path: '/documenti-legali', heading: 'Documenti legali', name: 'documenti-legali' },
  { path: '/landing-page', heading: 'Il gestionale per fisioterapisti e professionisti sanitari', name: 'landing' },
  { path: '/confirmationPassword', heading: 'Controlla la tua email', name: 'confirmation-password' },
  { path: `/resetPassword?token=${'t'.repeat(43)}`, heading: 'Scegli una nuova password', name: 'reset-password' },
  { path: '/prenota', heading: 'Prenota un appuntamento', name: 'prenota' },
  // a link whose token is unknown: the API's answer, drawn by the server as the browser would show it
  { path: `/prenota/annulla?token=${'x'.repeat(43)}`, heading: 'La tua prenotazione', name: 'prenota-annulla' },
  { path: `/appuntamento?t=${'x'.repeat(43)}`, heading: 'Il tuo appuntamento', name: 'appuntamento' },
];

test('the HTML itself carries each page’s content, as curl sees it', async ({ request }) => {
  const owner = await createOwner(request, { nome: 'Elena', cognome: 'Riva' });
  const slug = await enableBooking(request, owner);
  const html = async (path: string, status = 200) => {
    const res = await request.get(path, { headers: { accept: 'text/html' } });
    expect(res.status(), path).toBe(status);
    return await res.text();
  };
  const booking = await html(`/prenota/${slug}`);
  expect(booking).toContain('<h1');
  expect(booking).toContain(owner.studioName);
  // the first free times, in the page (the slots the API gives this visitor, the first day open)
  const slots = (
    (await (
      await request.get(`/app/api/booking/${slug}/slots`, {
        params: { productId: await onlyProductId(request, slug), from: today(), to: inDays(27) },
      })
    ).json()) as {
      response: { days: { date: string; slots: { start: string }[] }[] };
    }
  ).response.days.find((d) => d.slots.length > 0);
  const first = new Intl.DateTimeFormat('it-IT', {
    timeZone: 'Europe/Rome',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(slots?.slots[0]?.start ?? ''));
  expect(booking).toContain(`>${first}</`);
  expect(booking).toContain(`data-date="${slots?.date}"`);
  expect(await html(await signingLink(request, owner))).toContain('Consenso informato');
  const signIn = await html('/signIn');
  expect(signIn).toContain('<form');
  expect(signIn).toContain('type="password"');
  expect(await html('/')).toContain('Il gestionale per fisioterapisti e professionisti sanitari');
  // a page that never existed and one whose studio turned booking off: the same 404 page
  const never = await html('/prenota/nessuno-studio-cosi', 404);
  const settings = await apiGet<{ settings: Record<string, unknown> }>(request, '/settings/booking', owner.token);
  await apiPut(request, '/settings/booking', { ...settings.settings, enabled: false }, owner.token);
  const off = await html(`/prenota/${slug}`, 404);
  expect(off.replaceAll(slug, 'x')).toBe(never.replaceAll('nessuno-studio-cosi', 'x'));
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('each public page shows its content and its form as the server sent them', async ({ page }, info) => {
    for (const { path, heading, name } of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(await scriptOnlyControlsEnabled(page), path).toEqual([]);
      await screen(page, info, `ssr-${name}-noscript`);
    }
    await page.goto('/signIn');
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Prova gratis' }).first()).toHaveAttribute('href', '/signUp');
  });

  test('the booking page: studio, days and times are there, and choosing a day and a time works as plain forms', async ({
    page,
    request,
  }, info) => {
    const owner = await createOwner(request, { nome: 'Anna', cognome: 'Neri' });
    const slug = await enableBooking(request, owner);
    await page.goto(`/prenota/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: owner.studioName })).toBeVisible();
    await expect(page.getByRole('link', { name: '+39 333 1234567' })).toHaveAttribute('href', 'tel:+393331234567');
    // the only service is chosen: the first day with free times is open with its times
    await expect(page.getByText('Seduta di fisioterapia', { exact: false })).toBeVisible();
    const days = page.getByRole('group', { name: 'Giorni con orari liberi' });
    await expect(days.getByRole('button').first()).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { name: 'Mattina' })).toBeVisible();
    expect(await scriptOnlyControlsEnabled(page)).toEqual([]);
    await screen(page, info, 'ssr-prenota-noscript');
    const third = days.getByRole('button').nth(2);
    const date = (await third.getAttribute('data-date')) ?? '';
    await third.click();
    await expect(page).toHaveURL(new RegExp(`giorno=${date}`));
    await expect(days.locator(`[data-date="${date}"]`)).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: '10:00', exact: true }).click();
    await expect(page).toHaveURL(/ora=10%3A00|ora=10:00/);
    await expect(page.getByRole('heading', { level: 2, name: 'I tuoi dati' })).toBeVisible();
    // sending the code needs the script (the bot check and the API): the page says so
    await expect(page.getByRole('button', { name: 'Acconsento, inviami il codice' })).toBeDisabled();
    await expect(page.getByText(/serve JavaScript/)).toBeVisible();
    expect(await scriptOnlyControlsEnabled(page)).toEqual([]);
    await screen(page, info, 'ssr-prenota-details-noscript');
    // "Informativa completa": the studio's own notice for its patients, drawn from its data (below)
    await expect(page.getByRole('link', { name: 'Informativa completa' })).toHaveAttribute(
      'href',
      `/prenota/${slug}/informativa`,
    );
    // "Cambia" is a link to the address without the time: back to the day's times
    await page.getByRole('link', { name: 'Cambia giorno e orario' }).click();
    await expect(page.getByRole('heading', { name: 'Mattina' })).toBeVisible();
    await expect(page).not.toHaveURL(/ora=/);
    await page.goto(`/prenota/${slug}/informativa`);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Informativa sul trattamento dei dati personali dei pazienti' }),
    ).toBeVisible();
    await expect(page.getByText(`Titolare del trattamento è ${owner.studioName} (`)).toBeVisible();
    await expect(page.getByText('+39 333 1234567', { exact: false }).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'I tuoi diritti' })).toBeVisible();
    await screen(page, info, 'ssr-prenota-informativa-noscript');
    await page.goto('/prenota/nessuno-studio-cosi');
    await expect(page.getByRole('heading', { name: 'Pagina di prenotazione non trovata' })).toBeVisible();
  });

  test('each page drawn with its inline rules alone looks as it does with the whole stylesheet', async ({
    page,
    request,
  }) => {
    // what a phone paints before the stylesheet arrives must be what it paints after: no restyle, no shift
    const owner = await createOwner(request, { nome: 'Marta', cognome: 'Gallo' });
    const slug = await enableBooking(request, owner);
    for (const path of ['/signIn', '/signUp', '/forgotPassword', `/prenota/${slug}`, '/verifica-firma']) {
      const html = await (await request.get(path)).text();
      const inlineOnly = html
        .replace(/<link rel="stylesheet"[^>]*media="print"[^>]*>/g, '')
        .replace(/<noscript>.*?<\/noscript>/s, '');
      const inline = /<style>([\s\S]*?)<\/style><link rel="stylesheet"[^>]*media="print"/.exec(html)?.[1] ?? '';
      expect(inline.length, path).toBeGreaterThan(1000);
      const shots: Buffer[] = [];
      for (const document of [inlineOnly, html]) {
        await page.route(`**${path}`, (route) => route.fulfill({ body: document, contentType: 'text/html' }));
        await page.goto(path);
        shots.push(await page.screenshot({ fullPage: true }));
        await page.unrouteAll();
      }
      expect(shots[0]?.equals(shots[1] as Buffer), path).toBe(true);
    }
  });

  test('a signing link shows the document to sign', async ({ page, request }, info) => {
    const owner = await createOwner(request);
    await page.goto(await signingLink(request, owner));
    await expect(page.getByRole('heading', { level: 1, name: 'Firma documenti' })).toBeVisible();
    await expect(page.getByText('Consenso informato').first()).toBeVisible();
    expect(await scriptOnlyControlsEnabled(page)).toEqual([]);
    await screen(page, info, 'ssr-sign-noscript');
  });
});

test.describe('with JavaScript on', () => {
  test('each public page hydrates the server’s HTML without a mismatch', async ({ page }, info) => {
    const messages = watchConsole(page);
    for (const { path, heading, name } of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectHydrated(page, messages);
      await screen(page, info, `ssr-${name}-script`);
    }
  });

  test('what a person types before the script has run is what the form sends once it has', async ({
    page,
    request,
  }) => {
    // a slow phone: the page is there, its script not yet; the person fills the form meanwhile
    const owner = await createOwner(request);
    const { promise: scriptHeld, resolve: release } = Promise.withResolvers<void>();
    await page.route('**/assets/**/*.js', async (route) => {
      await scriptHeld;
      await route.continue();
    });
    await page.goto('/signIn', { waitUntil: 'commit' });
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    // until the script runs, "Accedi" cannot be pressed (it would do nothing, or send the form to the address)
    await expect(page.getByRole('button', { name: 'Accedi' })).toBeDisabled();
    release();
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page).toHaveURL(/\/customers/);
    expect(page.url()).not.toContain(encodeURIComponent(owner.email));
  });

  test('the booking page hydrates, and its choices then change the address without reloading', async ({
    page,
    request,
  }, info) => {
    const owner = await createOwner(request, { nome: 'Luca', cognome: 'Conti' });
    const slug = await enableBooking(request, owner, {
      services: ['Seduta di fisioterapia', 'Valutazione posturale'],
    });
    const messages = watchConsole(page);
    await page.goto(`/prenota/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: owner.studioName })).toBeVisible();
    await expectHydrated(page, messages);
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.getByRole('button', { name: /Valutazione posturale/ }).click();
    await expect(page).toHaveURL(/servizio=/);
    const days = page.getByRole('group', { name: 'Giorni con orari liberi' });
    await days.getByRole('button').nth(1).click();
    await expect(days.getByRole('button').nth(1)).toHaveAttribute('aria-pressed', 'true');
    await page
      .getByRole('button', { name: /^\d\d:\d\d$/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 2, name: 'I tuoi dati' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Acconsento, inviami il codice' })).toBeEnabled();
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
    // Back goes one step back: the day's times again
    await page.goBack();
    await expect(page.getByRole('heading', { level: 2, name: 'Scegli giorno e orario' })).toBeVisible();
    await screen(page, info, 'ssr-prenota-script');
    // a page opened on a chosen time is drawn at that step
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Scegli giorno e orario' })).toBeVisible();
    await expectHydrated(page, messages);
  });

  test('a signing link hydrates and the document opens', async ({ page, request }, info) => {
    const owner = await createOwner(request);
    const messages = watchConsole(page);
    await page.goto(await signingLink(request, owner));
    await expect(page.getByRole('heading', { level: 1, name: 'Firma documenti' })).toBeVisible();
    await expectHydrated(page, messages);
    await expect(page.getByRole('checkbox', { name: 'Ho letto il documento' })).toBeDisabled();
    await screen(page, info, 'ssr-sign-script');
  });
});
