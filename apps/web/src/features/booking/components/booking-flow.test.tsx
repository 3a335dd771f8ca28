import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// forms typed field by field: long on the shared machine (as patient-form.test.tsx)
vi.setConfig({ testTimeout: 20_000 });
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() }, Notifications: () => null }));

import { notifications } from '@mantine/notifications';
import { LocationDisplay, renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { resetConfigCache } from '../../../lib/config.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { needsTurnstile } from '../../../lib/turnstile.ts';
import { bookingPageTexts as t } from '../booking.texts.ts';
import { addDays, formatWhen, romeToday } from '../booking-dates.ts';
import { BookingFlow } from './booking-flow.tsx';

const slug = 'studio-rossi';
const visitId = '33333333-3333-4333-8333-333333333333';
const massageId = '44444444-4444-4444-8444-444444444444';
const annaId = '55555555-5555-4555-8555-555555555555';
const lucaId = '66666666-6666-4666-8666-666666666666';
const requestId = '77777777-7777-4777-8777-777777777777';

const page = {
  studio: { name: 'Studio Rossi', logoUrl: null, address: 'Via Roma 1, Milano', phone: null, email: null },
  pageText: 'Parcheggio in cortile.\nSuonare al citofono.',
  cancelLimitHours: 24,
  confirmationMode: 'STUDIO',
  services: [
    {
      productId: visitId,
      name: 'Prima visita',
      durationMinutes: 45,
      priceCents: 6000,
      staffMemberIds: [annaId, lucaId],
    },
    { productId: massageId, name: 'Massaggio', durationMinutes: 30, priceCents: null, staffMemberIds: [annaId] },
  ],
  staff: [
    { memberId: annaId, displayName: 'Dott.ssa Anna Verdi' },
    { memberId: lucaId, displayName: 'Dott. Luca Neri' },
  ],
};

// two days ahead, so no notice rule of the test clock matters; 07:00 and 14:00 UTC are morning and afternoon in Rome
const day = addDays(romeToday(), 2);
const later = addDays(romeToday(), 3);
const morning = `${day}T07:00:00.000Z`;
const afternoon = `${day}T14:00:00.000Z`;
const slots = {
  days: [
    { date: day, slots: [morning, afternoon].map((start) => ({ start, staffMemberIds: [annaId, lucaId] })) },
    { date: later, slots: [{ start: `${later}T08:00:00.000Z`, staffMemberIds: [lucaId] }] },
  ],
};
const booking = {
  status: 'STUDIO_PENDING_CONFIRMATION',
  studio: {
    name: 'Studio Rossi',
    logoUrl: null,
    address: 'Via Roma 1, 40121 Bologna (BO)',
    phone: '+39 051 123 4567',
    email: 'info@studiorossi.it',
  },
  serviceName: 'Prima visita',
  staffDisplayName: 'Dott.ssa Anna Verdi',
  start: morning,
  end: `${day}T07:45:00.000Z`,
  cancelUrl: 'http://localhost/prenota/annulla?token=abcdefghijklmnopqrstuvwxyz',
  icsUrl: '/app/api/appointments/paziente/booking.ics?token=abcdefghijklmnopqrstuvwxyz',
  cancellable: true,
  cancelLimitHours: 24,
  cancelUntil: `${addDays(day, -1)}T07:00:00.000Z`,
};

type Answer = { status?: number; body: unknown };
let answers: Record<string, Answer | Answer[]>;
const calls: { method: string; path: string; search: string; body: unknown }[] = [];
const ok = (response: unknown) => ({ body: { code: 'SUCCESS', response } });
const fail = (status: number, answer: string, data?: unknown) => ({
  status,
  body: { code: 'ERROR', answer, ...(data ? { response: data } : {}) },
});

beforeEach(() => {
  resetConfigCache();
  calls.length = 0;
  vi.mocked(notifications.show).mockClear();
  answers = {
    [`GET /booking/${slug}`]: ok(page),
    [`GET /booking/${slug}/slots`]: ok(slots),
    'POST /appointments/paziente/book/code': {
      status: 202,
      body: {
        code: 'SUCCESS',
        response: { requestId, sentTo: 'm•••@esempio.it', smsSentTo: '•••• 567', expiresAt: '' },
      },
    },
    'POST /appointments/paziente/book': { status: 201, body: { code: 'SUCCESS', response: booking } },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const path = url.pathname.replace('/app/api', '');
      calls.push({ method, path, search: url.search, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const listed = answers[`${method} ${path}`];
      const answer = (Array.isArray(listed) ? listed.shift() : listed) ?? fail(404, 'Risorsa non trovata');
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const renderPage = (initialEntries?: string[]) =>
  renderWithProviders(
    <QueryClientProvider client={createQueryClient()}>
      <BookingFlow slug={slug} />
      <LocationDisplay />
    </QueryClientProvider>,
    { initialEntries },
  );
const address = () => new URLSearchParams(screen.getByRole('status', { name: 'Indirizzo' }).textContent?.split('?')[1]);

/** Service, "Chiunque", the morning time of the first day: the details form is open. */
const reachDetails = async (user: ReturnType<typeof renderPage>['user']) => {
  await user.click(await screen.findByRole('button', { name: /Prima visita/ }));
  await user.click(await screen.findByRole('button', { name: new RegExp(t.anyStaff) }));
  await user.click(await screen.findByRole('button', { name: /^(08|09):00$/ }));
  await screen.findByRole('heading', { name: t.detailsStep });
};

const fillPatient = async (user: ReturnType<typeof renderPage>['user']) => {
  await user.type(screen.getByLabelText(t.nome), 'Mario');
  await user.type(screen.getByLabelText(t.cognome), 'Bianchi');
  await user.type(screen.getByLabelText(t.cellulare), '3331234567');
  await user.type(screen.getByLabelText(t.email), 'mario@esempio.it');
};

describe('public booking page /prenota/:slug', () => {
  it('keeps the choices up to the time in the address (decision 047), never the patient’s details', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: /Prima visita/ }));
    expect(address().get('servizio')).toBe(visitId);
    await user.click(await screen.findByRole('button', { name: new RegExp(t.anyStaff) }));
    expect(address().get('operatore')).toBe('chiunque');
    await user.click(await screen.findByRole('button', { name: '08:00' }));
    await screen.findByRole('heading', { name: t.detailsStep });
    expect(Object.fromEntries(address())).toEqual({
      servizio: visitId,
      operatore: 'chiunque',
      giorno: day,
      ora: '08:00',
    });
    await fillPatient(user);
    expect(screen.getByRole('status', { name: 'Indirizzo' }).textContent).not.toMatch(/Mario|mario/);
  });

  it('opens at the step its address names: the time chosen, the details form', async () => {
    renderPage([`/?servizio=${visitId}&operatore=${lucaId}&giorno=${later}&ora=09:00`]);
    expect(await screen.findByRole('heading', { name: t.detailsStep })).toBeTruthy();
    expect(screen.getByText(formatWhen(`${later}T08:00:00.000Z`))).toBeTruthy();
    expect(screen.getByText('Dott. Luca Neri')).toBeTruthy();
    expect(calls.find((c) => c.path === `/booking/${slug}/slots`)?.search).toContain(`staffMemberId=${lucaId}`);
  });

  it('a time no longer free in the address falls back to the day’s free times', async () => {
    renderPage([`/?servizio=${visitId}&operatore=chiunque&giorno=${day}&ora=11:30`]);
    expect(await screen.findByRole('button', { name: '08:00' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: t.slotStep })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: t.detailsStep })).toBeNull();
  });

  it('remembers the patient’s details on this phone only when asked, without the notes, and fills them next time', async () => {
    const first = renderPage();
    await reachDetails(first.user);
    await fillPatient(first.user);
    await first.user.type(screen.getByLabelText(t.note), 'Dolore alla spalla');
    await first.user.click(screen.getByRole('button', { name: t.sendCode }));
    await screen.findByLabelText(t.codeLabel);
    // not asked: nothing kept
    expect(localStorage.getItem('studiolo.booking.patient')).toBeNull();
    first.unmount();

    const second = renderPage();
    await reachDetails(second.user);
    expect((screen.getByLabelText(t.nome) as HTMLInputElement).value).toBe('');
    await fillPatient(second.user);
    await second.user.type(screen.getByLabelText(t.note), 'Dolore alla spalla');
    await second.user.click(screen.getByRole('checkbox', { name: new RegExp(t.remember) }));
    await second.user.click(screen.getByRole('button', { name: t.sendCode }));
    await screen.findByLabelText(t.codeLabel);
    expect(JSON.parse(localStorage.getItem('studiolo.booking.patient') ?? 'null')).toEqual({
      nome: 'Mario',
      cognome: 'Bianchi',
      cellulare: '3331234567',
      email: 'mario@esempio.it',
      codiceFiscale: '',
    });
    second.unmount();

    // next time: the form opens filled, the box ticked; unticking it and sending forgets them
    const third = renderPage();
    await reachDetails(third.user);
    await waitFor(() => expect((screen.getByLabelText(t.nome) as HTMLInputElement).value).toBe('Mario'));
    expect((screen.getByLabelText(t.email) as HTMLInputElement).value).toBe('mario@esempio.it');
    expect((screen.getByLabelText(t.note) as HTMLInputElement).value).toBe('');
    const remember = screen.getByRole('checkbox', { name: new RegExp(t.remember) }) as HTMLInputElement;
    expect(remember.checked).toBe(true);
    await third.user.click(remember);
    await third.user.click(screen.getByRole('button', { name: t.sendCode }));
    await screen.findByLabelText(t.codeLabel);
    expect(localStorage.getItem('studiolo.booking.patient')).toBeNull();
  });

  it('shows the studio’s phone as a link to call it', async () => {
    answers[`GET /booking/${slug}`] = ok({ ...page, studio: { ...page.studio, phone: '+39 02 1234 567' } });
    renderPage();
    const phone = await screen.findByRole('link', { name: '+39 02 1234 567' });
    expect(phone.getAttribute('href')).toBe('tel:+39021234567');
  });

  it('with one bookable service done by one professional, opens on the days with the first one open', async () => {
    answers[`GET /booking/${slug}`] = ok({ ...page, services: [page.services[1]] });
    renderPage();
    const strip = await screen.findByRole('group', { name: t.daysLabel });
    expect(within(strip).getAllByRole('button')[0]?.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Massaggio · 30 min')).toBeTruthy();
    // nothing else to choose: no "Cambia prestazione"
    expect(screen.queryByRole('button', { name: t.changeService })).toBeNull();
    expect(calls.find((c) => c.path === `/booking/${slug}/slots`)?.search).toContain(`staffMemberId=${annaId}`);
  });

  it('shows the studio, its services with duration and price (when shown) and the page text as plain text', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Studio Rossi' })).toBeTruthy();
    expect(screen.getByText('Via Roma 1, Milano')).toBeTruthy();
    // no phone given: no phone line
    expect(screen.queryByRole('link', { name: /^\+39/ })).toBeNull();
    expect(screen.getByText(/Parcheggio in cortile\.\s+Suonare al citofono\./)).toBeTruthy();
    const visit = screen.getByRole('button', { name: /Prima visita/ });
    expect(visit.textContent).toMatch(/45 min · 60,00\s€/);
    expect(screen.getByRole('button', { name: /Massaggio/ }).textContent).toBe('Massaggio30 min');
  });

  it('goes from the service to the professional, the day strip and the times grouped by Mattina and Pomeriggio', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: /Prima visita/ }));
    expect(await screen.findByRole('heading', { name: t.staffStep })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: new RegExp(t.anyStaff) }));
    const strip = await screen.findByRole('group', { name: t.daysLabel });
    expect(within(strip).getAllByRole('button')).toHaveLength(2);
    expect(within(strip).getAllByRole('button')[0]?.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('heading', { name: t.morning })).toBeTruthy();
    expect(screen.getByRole('heading', { name: t.afternoon })).toBeTruthy();
    // "Chiunque": no staffMemberId in the query
    const query = calls.find((c) => c.path === `/booking/${slug}/slots`)?.search ?? '';
    expect(query).toContain(`productId=${visitId}`);
    expect(query).not.toContain('staffMemberId');
    // the next day has one time only, in the morning
    await user.click(within(strip).getAllByRole('button')[1] as HTMLElement);
    expect(screen.queryByRole('heading', { name: t.afternoon })).toBeNull();
  });

  it('skips the professional when only one gives the service, and asks slots for that one', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: /Massaggio/ }));
    expect(await screen.findByRole('heading', { name: t.slotStep })).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((c) => c.path === `/booking/${slug}/slots`)?.search).toContain(`staffMemberId=${annaId}`),
    );
  });

  it('checks the data (codice fiscale by the domain rules) before sending the code, the consent in the button’s words', async () => {
    const { user } = renderPage();
    await reachDetails(user);
    await fillPatient(user);
    await user.type(screen.getByLabelText(t.codiceFiscale), 'RSSMRA80A01H501X');
    await user.click(screen.getByRole('button', { name: t.sendCode }));
    expect(await screen.findByText('Codice fiscale non valido')).toBeTruthy();
    expect(screen.getByText(t.consentStatement)).toBeTruthy();
    expect(calls.some((c) => c.path === '/appointments/paziente/book/code')).toBe(false);
  });

  it('sends the request, takes the code and shows the booking with its status, .ics and cancellation link', async () => {
    const { user } = renderPage();
    await reachDetails(user);
    await fillPatient(user);
    await user.click(screen.getByRole('button', { name: t.sendCode }));

    // the studio has SMS credit: the code went by SMS too
    expect(
      await screen.findByText('Ti abbiamo inviato un codice a m•••@esempio.it e per SMS al numero •••• 567.'),
    ).toBeTruthy();
    // before confirming: the studio's limit for cancelling online
    expect(screen.getByText('Potrai annullare online fino a 24 ore prima dell’appuntamento.')).toBeTruthy();
    const sent = calls.find((c) => c.path === '/appointments/paziente/book/code')?.body;
    expect(sent).toEqual({
      slug,
      productId: visitId,
      staffMemberId: null,
      start: morning,
      patient: {
        nome: 'Mario',
        cognome: 'Bianchi',
        cellulare: '3331234567',
        email: 'mario@esempio.it',
        codiceFiscale: null,
        note: null,
      },
      privacyAccepted: true,
    });
    // these calls carry the bot check's token when it is configured (spec part 2 §7)
    expect(needsTurnstile('POST', '/app/api/appointments/paziente/book/code')).toBe(true);
    expect(needsTurnstile('POST', '/app/api/appointments/paziente/book')).toBe(true);

    // the sixth digit sends the code by itself, once
    await user.type(screen.getByLabelText(t.codeLabel), '123456');
    expect(await screen.findByRole('heading', { name: t.doneTitle })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/appointments/paziente/book').map((c) => c.body)).toEqual([
      { requestId, code: '123456' },
    ]);
    expect(screen.getByText('In attesa di conferma dallo studio')).toBeTruthy();
    expect(screen.getByText(formatWhen(morning))).toBeTruthy();
    // the confirmation says until when the patient can cancel online, with the studio's limit
    expect(screen.getByText(t.cancelUntil(formatWhen(booking.cancelUntil), 24))).toBeTruthy();
    expect(screen.getByRole('link', { name: t.addToCalendar }).getAttribute('href')).toBe(booking.icsUrl);
    expect(screen.getByRole('link', { name: t.cancelLink }).getAttribute('href')).toBe(booking.cancelUrl);
  });

  it('says a wrong code in place, without a toast, and sends a new code on request', async () => {
    answers['POST /appointments/paziente/book'] = [
      fail(400, 'Codice non valido'),
      fail(400, 'Troppi tentativi: richiedi un nuovo codice'),
    ];
    const { user } = renderPage();
    await reachDetails(user);
    await fillPatient(user);
    await user.click(screen.getByRole('button', { name: t.sendCode }));
    const code = await screen.findByLabelText(t.codeLabel);

    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: t.confirm }));
    expect(await screen.findByText(t.codeFormat)).toBeTruthy();

    await user.type(code, 'ab3456');
    expect((code as HTMLInputElement).value).toBe('123456');
    expect(await screen.findByText('Codice non valido')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: t.confirm }));
    expect(await screen.findByText('Troppi tentativi: richiedi un nuovo codice')).toBeTruthy();
    expect(notifications.show).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: t.resend }));
    expect(await screen.findByText(t.resent)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/appointments/paziente/book/code')).toHaveLength(2);
  });

  it('on 409 says the time is no longer free and offers the next free times, keeping the patient’s data', async () => {
    const next = [{ start: afternoon, staffMemberIds: [lucaId] }];
    answers['POST /appointments/paziente/book'] = fail(409, 'L’orario scelto non è più disponibile', {
      nextSlots: next,
    });
    const { user } = renderPage();
    await reachDetails(user);
    await fillPatient(user);
    await user.click(screen.getByRole('button', { name: t.sendCode }));
    await user.type(await screen.findByLabelText(t.codeLabel), '123456');

    expect(await screen.findByRole('heading', { name: t.slotTakenTitle })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(t.slotTaken);
    await user.click(screen.getByRole('button', { name: /^(15|16):00$/ }));
    expect(await screen.findByRole('heading', { name: t.detailsStep })).toBeTruthy();
    expect((screen.getByLabelText(t.nome) as HTMLInputElement).value).toBe('Mario');
    await user.click(screen.getByRole('button', { name: t.sendCode }));
    await screen.findByLabelText(t.codeLabel);
    const requests = calls.filter((c) => c.path === '/appointments/paziente/book/code');
    expect(requests.at(-1)?.body).toMatchObject({ start: afternoon });
  });

  it('answers an unknown or switched-off page with "Pagina di prenotazione non trovata"', async () => {
    answers[`GET /booking/${slug}`] = fail(404, 'Pagina di prenotazione non trovata');
    renderPage();
    expect(await screen.findByRole('heading', { name: t.notFoundTitle })).toBeTruthy();
    expect(notifications.show).not.toHaveBeenCalled();
  });
});
