import { type APIRequestContext, expect, type Page, type TestInfo } from '@playwright/test';
import { currentLegalVersions } from '@studiolo/domain/legal';
import { mailedToken } from './mailbox.ts';
import { screen, uniqueEmail } from './screens.ts';

export const password = 'una-password-sicura';

export type Owner = {
  email: string;
  password: string;
  token: string;
  nome: string;
  cognome: string;
  studioName: string;
};

type Envelope<T> = { code: string; answer?: unknown; response: T };

export const apiPost = async <T>(
  request: APIRequestContext,
  path: string,
  data: unknown,
  token?: string,
): Promise<T> => {
  const res = await request.post(`/app/api${path}`, {
    data,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  expect(res.ok(), `${path} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return ((await res.json()) as Envelope<T>).response;
};

export const apiGet = async <T>(request: APIRequestContext, path: string, token: string): Promise<T> => {
  const res = await request.get(`/app/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), `${path} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return ((await res.json()) as Envelope<T>).response;
};

export const apiPut = async (request: APIRequestContext, path: string, data: unknown, token: string) => {
  const res = await request.put(`/app/api${path}`, { data, headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), `${path} answered ${res.status()}: ${await res.text()}`).toBe(true);
};

/**
 * Online booking on for `owner`'s studio (issue 28): each service made and bookable with the owner, who is bookable
 * from 09:00 to `until` every day. Answers the page's slug.
 */
export const enableBooking = async (
  request: APIRequestContext,
  owner: Owner,
  { services = ['Seduta di fisioterapia'], until = '18:00' }: { services?: string[]; until?: string } = {},
) => {
  const booking = await apiGet<{ settings: { slug: string }; staff: { memberId: string }[] }>(
    request,
    '/settings/booking',
    owner.token,
  );
  const memberId = booking.staff[0]?.memberId;
  await apiPut(request, '/settings/booking', { ...booking.settings, enabled: true }, owner.token);
  for (const name of services) {
    const product = await apiPost<{ id: string }>(
      request,
      '/products',
      { name, price: 50, grossPrice: 50, duration: 45 },
      owner.token,
    );
    await apiPut(
      request,
      `/settings/booking/services/${product.id}`,
      {
        bookable: true,
        showPrice: true,
        durationMinutes: 45,
        staffMemberIds: [memberId],
        clinicRoomIds: [],
        medicalDeviceIds: [],
      },
      owner.token,
    );
  }
  const hours = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '09:00', end: until }));
  await apiPut(request, `/settings/booking/staff/${memberId}`, { hours, exceptions: [] }, owner.token);
  return booking.settings.slug;
};

/**
 * A studio owner made through the API (sign-up + initial set-up), to start a test already past on-boarding.
 * The studio is shown as "Cognome Nome" (studioDisplayName).
 */
export const createOwner = async (
  request: APIRequestContext,
  {
    nome = 'Giulia',
    cognome = 'Bianchi',
    professione = 'Fisioterapista',
    // the legal documents' versions accepted at sign-up (decision 043): those in force unless a test says otherwise
    legal = currentLegalVersions() as Record<string, string>,
  } = {},
): Promise<Owner> => {
  const email = uniqueEmail('titolare');
  // Sign-up mails a confirmation link that creates the account and answers its session (issue 25 item 8).
  await apiPost(request, '/user/signup', { email, password, nome, cognome, legal });
  const signup = await apiPost<{ token: string }>(request, '/user/verify-email', {
    token: mailedToken(email, 'verificaEmail'),
  });
  await apiPost(
    request,
    '/studio/initial-setup',
    {
      studio: {
        tipologiaPersona: 'FISICA',
        nome,
        cognome,
        sesso: 'D',
        codiceFiscale: 'RSSMRA85T10A562S',
        partitaIva: '01234567897',
        professione,
        contatti: { email, cellulare: '+39 333 1234567' },
        residenza: { indirizzo: 'Via Roma 1', cap: '40121', comune: 'Bologna', provincia: 'BO' },
        tassazione: { regimeFiscale: 'RF_19' },
      },
    },
    signup.token,
  );
  return { email, password, token: signup.token, nome, cognome, studioName: `${cognome} ${nome}` };
};

/** Puts the owner's session where the app keeps it (lib/session.ts, key studiolo.user) and opens `path`. */
export const openSignedIn = async (page: Page, owner: Owner, path = '/customers') => {
  await page.goto('/signIn');
  await page.evaluate(
    ([token, username]) => localStorage.setItem('studiolo.user', JSON.stringify({ token, username })),
    [owner.token, owner.email] as const,
  );
  await page.goto(path);
};

export const isPhone = (info: TestInfo) => info.project.name === 'phone';

/**
 * Goes to a section through the main menu, as a person would: on a phone the menu is behind the burger,
 * which must open it and close again once a section is chosen.
 */
export const goToSection = async (page: Page, info: TestInfo, section: string) => {
  const nav = page.getByRole('navigation', { name: 'Sezioni' });
  if (isPhone(info)) {
    await expect(nav.getByRole('link', { name: section })).not.toBeInViewport();
    await page.getByRole('button', { name: 'Apri il menu' }).click();
    await expect(nav.getByRole('link', { name: section })).toBeInViewport();
    await nav.getByRole('link', { name: section }).click();
    await expect(page.getByRole('button', { name: 'Apri il menu' })).toBeVisible();
    await expect(nav.getByRole('link', { name: section })).not.toBeInViewport();
  } else {
    await expect(page.getByRole('button', { name: 'Apri il menu' })).toBeHidden();
    await nav.getByRole('link', { name: section }).click();
  }
};

/** Opens one tab of Impostazioni and waits for it to be the selected one. */
export const openTab = async (page: Page, name: string) => {
  const tab = page.getByRole('tablist', { name: 'Sezioni delle impostazioni' }).getByRole('tab', { name, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
};

/** Signs out from the header's user menu and waits for the sign-in page. */
export const signOutFromMenu = async (page: Page) => {
  await page.getByRole('button', { name: 'Menu utente' }).click();
  await page.getByRole('menuitem', { name: 'Esci' }).click();
  await expect(page).toHaveURL(/\/signIn$/);
};

/** Invites a staff member through the API (the invitation e-mail lands in the local outbox). */
export const inviteByApi = (
  request: APIRequestContext,
  owner: Owner,
  member: {
    name: string;
    lastname: string;
    email: string;
    role: 'ROLE_STAFF_ADMIN' | 'ROLE_STAFF_COLLABORATORE' | 'ROLE_STAFF_CONTABILE';
  },
) => apiPost(request, '/staff', member, owner.token);

/**
 * A staff member who has joined the owner's studio, made through the API as a person would: the owner invites
 * them, and they sign up with the token of the link in the invitation (read from the local outbox).
 */
export const joinedStaffMember = async (
  request: APIRequestContext,
  owner: Owner,
  { nome, cognome, role }: { nome: string; cognome: string; role: Parameters<typeof inviteByApi>[2]['role'] },
): Promise<Owner> => {
  const email = uniqueEmail(`${nome}.${cognome}`.toLowerCase());
  await inviteByApi(request, owner, { name: nome, lastname: cognome, email, role });
  const outbox = await apiGet<{ id: string; to: string }[]>(request, '/outbox', owner.token);
  const invitation = outbox.find((m) => m.to === email);
  expect(invitation, `the invitation to ${email} is in the outbox`).toBeTruthy();
  const { text } = await apiGet<{ text: string }>(request, `/outbox/${invitation?.id}`, owner.token);
  const inviteToken = /inviteToken=([^\s&]+)/.exec(text)?.[1];
  expect(inviteToken, 'the invitation has a sign-up link').toBeTruthy();
  const { token } = await apiPost<{ token: string }>(request, '/user/signup', {
    email,
    password,
    nome,
    cognome,
    inviteToken,
    legal: currentLegalVersions(),
  });
  return { email, password, token, nome, cognome, studioName: owner.studioName };
};

/** Closes the toasts on screen (they may cover a button the test is about to press). */
export const closeToasts = async (page: Page) => {
  const close = page.getByRole('alert').getByRole('button', { name: 'Chiudi' });
  // Closing one moves the others and toasts also close by themselves: always the first one, and not for long.
  for (let tries = 0; tries < 10 && (await close.count()) > 0; tries++)
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
};

/** A success toast ("Successo") with the server's message. */
export const successToast = (page: Page, message: string) =>
  // the newest: two saves in a row stack two toasts with the same words while the first is still shown
  page.getByRole('alert').filter({ hasText: 'Successo' }).filter({ hasText: message }).last();

/** Waits until no transition or animation is running (menus sliding, dialogs fading in, toasts appearing). */
export const settled = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
  );

/**
 * The screenshot of what the person sees once the screen has settled. The page is scrolled back to the top
 * first: a full-page screenshot of a scrolled page draws the fixed header in the middle of it.
 */
export const shot = async (page: Page, info: TestInfo, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await settled(page);
  await screen(page, info, name);
};

/** Ticks the sign-up form's acceptance of the legal documents (decision 043). */
export const acceptLegalDocuments = (page: Page) =>
  page.getByRole('checkbox', { name: /Ho letto e accetto i Termini di servizio/ }).check();
