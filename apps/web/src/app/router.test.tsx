import { MantineProvider } from '@mantine/core';
import { currentLegalVersions, legalMessages } from '@studiolo/domain/legal';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show }, Notifications: () => null }));

import { resetConfigCache } from '../lib/config.ts';
import { configureHttp } from '../lib/http.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { getStoredUser, reloadSession, setStoredUser } from '../lib/session.ts';
import { routes } from './router.tsx';
import { WelcomePage } from './routes/welcome.tsx';

const studioId = '11111111-1111-4111-8111-111111111111';
const user = (idsStudio: string[]) => ({
  id: '22222222-2222-4222-8222-222222222222',
  username: 'giulia@studio.it',
  nome: 'Giulia',
  cognome: 'Bianchi',
  idsStudio,
  role: 'ROLE_USER',
  studioRole: idsStudio.length ? 'ROLE_USER' : null,
  totpEnabled: false,
  emailVerified: true,
  subscription: { plan: 'TRIAL' },
  supportMode: null,
});
const studio = {
  id: studioId,
  logo: { assetUrl: null },
  tipologiaPersona: 'FISICA',
  nome: 'Giulia',
  cognome: 'Bianchi',
  ragioneSociale: null,
  sesso: 'D',
  codiceFiscale: 'RSSMRA85T10A562S',
  partitaIva: '12345678903',
  iscrizioneAlbo: null,
  professione: 'Fisioterapista',
  contatti: { email: 'giulia@studio.it', cellulare: '3331234567', telefono: null, pec: null },
  residenza: { indirizzo: null, cap: null, comune: null, provincia: null },
  coordinateBancarie: { intestatario: null, nomeBanca: null, iban: null, bicSwift: null },
  tassazione: { regimeFiscale: 'RF_19' },
  stripeSubStatus: null,
  stripeSubEndDate: null,
  requireStaffTwoFactor: false,
};

type Api = Record<string, (init: RequestInit) => { status?: number; body: unknown }>;
const ok = (response: unknown, answer?: string) => ({
  body: { code: 'SUCCESS', response, ...(answer ? { answer } : {}) },
});
let api: Api;
const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
  const path = url.replace('/app/api', '').split('?')[0] ?? '';
  const handler = api[`${init.method ?? 'GET'} ${path}`];
  const reply = handler ? handler(init) : { status: 404, body: { code: 'ERROR', answer: 'Risorsa non trovata' } };
  return new Response(JSON.stringify(reply.body), {
    status: reply.status ?? 200,
    headers: { 'content-type': 'application/json' },
  });
});

const renderApp = (path: string) => {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  configureHttp({ navigate: (to) => void router.navigate(to, { replace: true }) });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
};
const whereIs = (router: ReturnType<typeof createMemoryRouter>) =>
  `${router.state.location.pathname}${router.state.location.search}`;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  reloadSession();
  resetConfigCache();
  show.mockReset();
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  api = {
    'GET /config': () =>
      ok({ turnstileSiteKey: null, mailTransport: 'local-outbox', supportEmail: 'a@b.it', database: 'pglite' }),
  };
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('pages after a mailed link', () => {
  it('say where the message is when the installation sends no mail (local outbox), and only then', async () => {
    renderApp('/confirmationPassword');
    expect(await screen.findByText('Posta locale: i messaggi non vengono inviati')).toBeTruthy();
    cleanup();
    resetConfigCache();
    api['GET /config'] = () =>
      ok({ turnstileSiteKey: null, mailTransport: 'smtp', supportEmail: 'a@b.it', database: 'pglite' });
    fetchMock.mockClear();
    renderApp('/confirmationPassword');
    expect(await screen.findByRole('heading', { name: 'Controlla la tua email' })).toBeTruthy();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/config'))).toBe(true));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByText('Posta locale: i messaggi non vengono inviati')).toBeNull();
  });
});

describe('guarded main app', () => {
  it('sends a visitor without a token from /customers to /signIn with the page as returnUrl', async () => {
    const router = renderApp('/customers');
    await waitFor(() => expect(whereIs(router)).toBe('/signIn?returnUrl=%2Fcustomers'));
    expect(await screen.findByRole('button', { name: 'Accedi' })).toBeTruthy();
  });

  it('keeps the query string in the return address', async () => {
    const router = renderApp('/impostazioni?tab=1');
    await waitFor(() => expect(whereIs(router)).toBe('/signIn?returnUrl=%2Fimpostazioni%3Ftab%3D1'));
  });

  it('sends a signed-in user without a studio to on-boarding', async () => {
    setStoredUser({ token: 'tok', username: 'giulia@studio.it' });
    api['GET /user/getUser'] = () => ok(user([]));
    const router = renderApp('/customers');
    await waitFor(() => expect(router.state.location.pathname).toBe('/on-boarding'));
    expect(await screen.findByRole('heading', { name: 'Configura il tuo studio' })).toBeTruthy();
  });

  it('shows the shell with the studio name and the navigation for a user with a studio', async () => {
    setStoredUser({ token: 'tok', username: 'giulia@studio.it' });
    api['GET /user/getUser'] = () => ok(user([studioId]));
    api['GET /studio'] = () => ok(studio);
    renderApp('/customers');
    expect(await screen.findByRole('heading', { name: 'Pazienti' })).toBeTruthy();
    expect((await screen.findAllByText('Bianchi Giulia')).length).toBeGreaterThan(0);
    for (const name of [
      'Pazienti',
      'Calendario',
      'Fatturazione',
      'Statistiche',
      'Moduli',
      'Abbonamento',
      'Impostazioni',
    ])
      expect(screen.getByRole('link', { name })).toBeTruthy();
  });

  it('signs out from the user menu to a plain /signIn, then guards /customers with a returnUrl again', async () => {
    setStoredUser({ token: 'tok', username: 'giulia@studio.it' });
    api['GET /user/getUser'] = () => ok(user([studioId]));
    api['GET /studio'] = () => ok(studio);
    const router = renderApp('/customers');
    const ue = userEvent.setup();
    await ue.click(await screen.findByRole('button', { name: /Menu utente/ }));
    await ue.click(await screen.findByRole('menuitem', { name: 'Esci' }));
    await waitFor(() => expect(whereIs(router)).toBe('/signIn'));
    expect(getStoredUser()).toBeNull();
    await screen.findByRole('button', { name: 'Accedi' });
    await act(() => router.navigate('/customers'));
    await waitFor(() => expect(whereIs(router)).toBe('/signIn?returnUrl=%2Fcustomers'));
  });

  it('opens the user menu from the keyboard although the menu is fetched after the first screen (issue 17 item 11)', async () => {
    setStoredUser({ token: 'tok', username: 'giulia@studio.it' });
    api['GET /user/getUser'] = () => ok(user([studioId]));
    api['GET /studio'] = () => ok(studio);
    renderApp('/customers');
    const standIn = await screen.findByRole('button', { name: /Menu utente/ });
    expect(standIn.getAttribute('aria-expanded')).toBe('false');
    act(() => standIn.focus());
    const ue = userEvent.setup();
    await ue.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Profilo' })).toBeTruthy();
    const target = screen.getByRole('button', { name: /Menu utente/ });
    expect(target.getAttribute('aria-expanded')).toBe('true');
    await ue.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Profilo' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(target));
    // from then on it is Mantine's menu, opened and closed as usual
    await ue.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Esci' })).toBeTruthy();
  });

  it('logs out and returns to sign-in when the token is refused (401)', async () => {
    setStoredUser({ token: 'scaduto', username: 'giulia@studio.it' });
    api['GET /user/getUser'] = () => ({ status: 401, body: { code: 'ERROR', answer: 'Sessione scaduta' } });
    const router = renderApp('/calendar');
    await waitFor(() => expect(whereIs(router)).toBe('/signIn?returnUrl=%2Fcalendar'));
    expect(getStoredUser()).toBeNull();
  });
});

describe('sections by role', () => {
  const collaborator = {
    ...user([studioId]),
    role: 'ROLE_STAFF_COLLABORATORE',
    studioRole: 'ROLE_STAFF_COLLABORATORE',
  };
  const sectionsShown = () =>
    within(screen.getByRole('navigation', { name: 'Sezioni' }))
      .getAllByRole('link')
      .map((a) => a.textContent);

  beforeEach(() => {
    setStoredUser({ token: 'tok', username: 'marco@studio.it' });
    api['GET /studio'] = () => ok(studio);
  });

  it('offers a collaborator only the sections of the role: no invoices, statistics or subscription', async () => {
    api['GET /user/getUser'] = () => ok(collaborator);
    renderApp('/customers');
    await screen.findByRole('heading', { name: 'Pazienti' });
    expect(sectionsShown()).toEqual(['Pazienti', 'Calendario', 'Moduli', 'Impostazioni']);
  });

  it('offers an accountant invoices and statistics but not the forms or the subscription', async () => {
    api['GET /user/getUser'] = () => ok({ ...collaborator, studioRole: 'ROLE_STAFF_CONTABILE' });
    renderApp('/customers');
    await screen.findByRole('heading', { name: 'Pazienti' });
    expect(sectionsShown()).toEqual(['Pazienti', 'Calendario', 'Fatturazione', 'Statistiche', 'Impostazioni']);
  });

  it('goes by the role in the studio, not the account role, when both are given', async () => {
    api['GET /user/getUser'] = () => ok({ ...collaborator, role: 'ROLE_USER' });
    renderApp('/customers');
    await screen.findByRole('heading', { name: 'Pazienti' });
    expect(sectionsShown()).not.toContain('Abbonamento');
  });

  it('shows "Non hai accesso a questa sezione" inside the shell when a collaborator types the address of one', async () => {
    api['GET /user/getUser'] = () => ok(collaborator);
    const router = renderApp('/financial-analytics');
    expect(await screen.findByRole('heading', { name: 'Non hai accesso a questa sezione', level: 1 })).toBeTruthy();
    // still in the app, at the address typed, with the menu to go elsewhere
    expect(router.state.location.pathname).toBe('/financial-analytics');
    expect(screen.getByRole('button', { name: /Menu utente/ })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Statistiche' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Vai a Pazienti' }).getAttribute('href')).toBe('/customers');
  });

  it('guards the pages inside a section too (an invoice, the subscription)', async () => {
    api['GET /user/getUser'] = () => ok(collaborator);
    renderApp('/accounting/fattura');
    expect(await screen.findByRole('heading', { name: 'Non hai accesso a questa sezione' })).toBeTruthy();
  });

  it('opens the section for the owner', async () => {
    api['GET /user/getUser'] = () => ok(user([studioId]));
    renderApp('/financial-analytics');
    expect(await screen.findByRole('heading', { name: 'Statistiche', level: 1 })).toBeTruthy();
    expect(screen.queryByText('Non hai accesso a questa sezione')).toBeNull();
  });
});

describe('sign-in', () => {
  it('stores the token and goes back to the returnUrl', async () => {
    api['POST /user/login'] = () => ok({ token: 'nuovo-token', username: 'giulia@studio.it' });
    api['GET /user/getUser'] = () => ok(user([studioId]));
    api['GET /studio'] = () => ok(studio);
    const router = renderApp('/signIn?returnUrl=%2Fcalendar');
    const ue = userEvent.setup();
    await ue.type(await screen.findByLabelText('Email'), 'giulia@studio.it');
    await ue.type(screen.getByLabelText('Password'), 'una password lunga');
    await ue.click(screen.getByRole('button', { name: 'Accedi' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendar'));
    expect(getStoredUser()).toEqual({ token: 'nuovo-token', username: 'giulia@studio.it' });
  });

  it('asks for the authenticator code when the answer says twoFactor REQUIRED', async () => {
    api['POST /user/login'] = () =>
      ok({ username: 'giulia@studio.it', twoFactor: 'REQUIRED', challengeToken: 'c'.repeat(40) });
    api['POST /user/login/2fa'] = (init) => {
      expect(JSON.parse(String(init.body))).toEqual({ challengeToken: 'c'.repeat(40), code: '123456' });
      return ok({ token: 'tok-2fa', username: 'giulia@studio.it' });
    };
    api['GET /user/getUser'] = () => ok(user([studioId]));
    api['GET /studio'] = () => ok(studio);
    const router = renderApp('/signIn');
    const ue = userEvent.setup();
    await ue.type(await screen.findByLabelText('Email'), 'giulia@studio.it');
    await ue.type(screen.getByLabelText('Password'), 'una password lunga');
    await ue.click(screen.getByRole('button', { name: 'Accedi' }));
    await ue.type(await screen.findByLabelText('Codice di verifica'), '123456');
    await ue.click(screen.getByRole('button', { name: 'Verifica e accedi' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers'));
    expect(getStoredUser()?.token).toBe('tok-2fa');
  });

  it('shows the shared schema messages without calling the server when fields are empty', async () => {
    renderApp('/signIn');
    const ue = userEvent.setup();
    await ue.click(await screen.findByRole('button', { name: 'Accedi' }));
    expect(await screen.findByText('Email non valida')).toBeTruthy();
    expect(screen.getByText('Campo obbligatorio')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/user/login'))).toBe(false);
  });

  it('does not follow a returnUrl that leaves the site', async () => {
    api['POST /user/login'] = () => ok({ token: 't', username: 'giulia@studio.it' });
    api['GET /user/getUser'] = () => ok(user([studioId]));
    api['GET /studio'] = () => ok(studio);
    const router = renderApp('/signIn?returnUrl=%2F%2Fevil.example');
    const ue = userEvent.setup();
    await ue.type(await screen.findByLabelText('Email'), 'giulia@studio.it');
    await ue.type(screen.getByLabelText('Password'), 'una password lunga');
    await ue.click(screen.getByRole('button', { name: 'Accedi' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers'));
  });
});

describe('sign-up', () => {
  it('sends the invitation token with the sign-up and enters the studio', async () => {
    const inviteToken = 'i'.repeat(30);
    api['POST /user/signup'] = (init) => {
      expect(JSON.parse(String(init.body))).toMatchObject({
        email: 'marco@studio.it',
        nome: 'Marco',
        cognome: 'Verdi',
        inviteToken,
        legal: currentLegalVersions(),
      });
      return ok({ token: 'tok', username: 'marco@studio.it' }, 'Registrazione completata');
    };
    api['GET /user/getUser'] = () => ok(user([studioId]));
    api['GET /studio'] = () => ok(studio);
    const router = renderApp(`/signUp?inviteToken=${inviteToken}`);
    const ue = userEvent.setup();
    await ue.type(await screen.findByRole('textbox', { name: 'Nome' }), 'Marco');
    await ue.type(screen.getByRole('textbox', { name: 'Cognome' }), 'Verdi');
    await ue.type(screen.getByLabelText('Email'), 'marco@studio.it');
    await ue.type(screen.getByLabelText('Password'), 'una password lunga');
    await ue.click(screen.getByRole('checkbox', { name: /Ho letto e accetto i Termini di servizio/ }));
    await ue.click(screen.getByRole('button', { name: 'Registrati' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers'));
  });

  it('asks to accept the legal documents before sending anything (decision 043)', async () => {
    renderApp('/signUp');
    const ue = userEvent.setup();
    await ue.type(await screen.findByRole('textbox', { name: 'Nome' }), 'Marco');
    await ue.type(screen.getByRole('textbox', { name: 'Cognome' }), 'Verdi');
    await ue.type(screen.getByLabelText('Email'), 'marco@studio.it');
    await ue.type(screen.getByLabelText('Password'), 'una password lunga');
    await ue.click(screen.getByRole('button', { name: 'Registrati' }));
    expect(await screen.findByText(legalMessages.signupCheckboxRequired)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/user/signup'))).toBe(false);
    const termini = screen.getByRole('link', { name: 'Termini di servizio' });
    expect(termini.getAttribute('href')).toBe('/documenti-legali#termini');
    expect(termini.getAttribute('target')).toBe('_blank');
  });
});

describe('other routes', () => {
  it('sends an unknown path to sign-in', async () => {
    const router = renderApp('/non-esiste');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signIn'));
  });

  it('sends the empty path to /customers when signed in', async () => {
    setStoredUser({ token: 'tok', username: 'giulia@studio.it' });
    api['GET /user/getUser'] = () => ok(user([studioId]));
    api['GET /studio'] = () => ok(studio);
    const router = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers'));
  });

  it('shows the landing page at the empty path when signed out (issue 38)', async () => {
    api['GET /plans'] = () => ok([]);
    const router = renderApp('/');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Il gestionale per fisioterapisti e professionisti sanitari',
      }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('welcome page', () => {
  it('shows the "Inizia ora" button only after 3.5 seconds', async () => {
    vi.useFakeTimers();
    const router = createMemoryRouter([{ path: '/welcome', Component: WelcomePage }], { initialEntries: ['/welcome'] });
    render(
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>,
    );
    expect(screen.getByText('Stiamo preparando la tua dashboard…')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(3499));
    expect(screen.queryByRole('link', { name: 'Inizia ora' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('link', { name: 'Inizia ora' }).getAttribute('href')).toBe('/customers');
  });
});

describe('support mode', () => {
  const admin = { ...user([studioId]), username: 'operatore@studiolo.it', role: 'ROLE_ADMIN' };
  const assisted = { ...user([studioId]), username: 'cliente@studio.it' };
  const actAsOf = (init: RequestInit) => (init.headers as Record<string, string> | undefined)?.ActAs;

  const enterSupport = async (email: string) => {
    const ue = userEvent.setup();
    await ue.click(await screen.findByRole('button', { name: /Menu utente/ }));
    await ue.click(await screen.findByRole('menuitem', { name: 'Modalità support' }));
    await ue.type(await screen.findByLabelText("Email dell'utente"), email);
    await ue.type(screen.getByLabelText('Secret di supporto'), 'segreto-di-supporto');
    await ue.click(screen.getByRole('button', { name: 'Attiva modalità support' }));
    return ue;
  };

  beforeEach(() => {
    setStoredUser({ token: 'tok', username: 'operatore@studiolo.it' });
    api['GET /studio'] = () => ok(studio);
  });

  it('is not offered to a studio owner', async () => {
    api['GET /user/getUser'] = () => ok(user([studioId]));
    renderApp('/customers');
    const ue = userEvent.setup();
    await ue.click(await screen.findByRole('button', { name: /Menu utente/ }));
    await screen.findByRole('menuitem', { name: 'Esci' });
    expect(screen.queryByRole('menuitem', { name: 'Modalità support' })).toBeNull();
  });

  it('sends ActAs and ActAsSecret, keeps them in the session and shows the banner', async () => {
    api['GET /user/getUser'] = (init) => ok(actAsOf(init) === 'cliente@studio.it' ? assisted : admin);
    renderApp('/customers');
    await enterSupport('Cliente@Studio.it');
    expect(await screen.findByText('Modalità support attiva: loggato come cliente@studio.it')).toBeTruthy();
    // the header comes back with the assisted user, its menu closed (it opens only on a click)
    expect(await screen.findByRole('button', { name: /cliente@studio\.it.*Menu utente/ })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Esci' })).toBeNull();
    expect(JSON.parse(sessionStorage.getItem('studiolo.support') ?? 'null')).toEqual({
      email: 'cliente@studio.it',
      secret: 'segreto-di-supporto',
    });
    const last = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/user/getUser')).at(-1);
    expect(last?.[1]?.headers).toMatchObject({ ActAs: 'cliente@studio.it', ActAsSecret: 'segreto-di-supporto' });
  });

  it('exits support mode when the fetched user is not the one entered', async () => {
    api['GET /user/getUser'] = () => ok(admin);
    renderApp('/customers');
    await enterSupport('cliente@studio.it');
    await waitFor(() => expect(sessionStorage.getItem('studiolo.support')).toBeNull());
    expect(screen.queryByText(/Modalità support attiva/)).toBeNull();
  });

  it('leaves support mode from the banner and returns to the site root', async () => {
    api['GET /user/getUser'] = (init) => ok(actAsOf(init) === 'cliente@studio.it' ? assisted : admin);
    const router = renderApp('/impostazioni');
    const ue = await enterSupport('cliente@studio.it');
    await ue.click(await screen.findByRole('button', { name: 'Esci dalla modalità support' }));
    await waitFor(() => expect(sessionStorage.getItem('studiolo.support')).toBeNull());
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers'));
    expect(screen.queryByText(/Modalità support attiva/)).toBeNull();
  });
});
