import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// forms typed field by field: long on the shared machine (as patient-form.test.tsx)
vi.setConfig({ testTimeout: 20_000 });
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() }, Notifications: () => null }));

import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { signInTestUser, testUser as user } from '../../../components/testing/signed-in.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { reloadSession } from '../../../lib/session.ts';
import { bookingServicesTexts as sx } from './booking-services-form.tsx';
import { bookingSettingsTexts as x } from './booking-settings-form.tsx';
import { BookingSettingsPanel } from './booking-settings-panel.tsx';
import { bookingStaffTexts as hx } from './booking-staff-form.tsx';

const visitId = '33333333-3333-4333-8333-333333333333';
const annaId = '55555555-5555-4555-8555-555555555555';
const roomId = '88888888-8888-4888-8888-888888888888';

const answer = {
  settings: {
    enabled: false,
    slug: 'studio-rossi',
    minNoticeMinutes: 720,
    horizonDays: 60,
    slotStepMinutes: 15,
    bufferMinutes: 0,
    cancelLimitHours: 24,
    confirmationMode: 'STUDIO',
    closedOnHolidays: true,
    pageText: null,
    embedOrigins: [],
  },
  publicUrl: 'https://app.example.it/prenota/studio-rossi',
  services: [
    {
      productId: visitId,
      name: 'Prima visita',
      priceCents: 6000,
      bookable: false,
      showPrice: true,
      durationMinutes: 45,
      staffMemberIds: [],
      clinicRoomIds: [],
      medicalDeviceIds: [],
    },
  ],
  staff: [
    {
      memberId: annaId,
      name: 'Anna',
      lastname: 'Verdi',
      hours: [{ weekday: 1, start: '09:00', end: '13:00' }],
      exceptions: [],
    },
  ],
};

type Answer = { status?: number; body: unknown };
let answers: Record<string, Answer>;
const calls: { method: string; path: string; body: unknown }[] = [];
const ok = (response: unknown) => ({ body: { code: 'SUCCESS', response } });

beforeEach(() => {
  signInTestUser();
  calls.length = 0;
  answers = {
    'GET /user/getUser': ok(user),
    'GET /settings/booking': ok(answer),
    'PUT /settings/booking': ok(answer.settings),
    [`PUT /settings/booking/services/${visitId}`]: ok(null),
    [`PUT /settings/booking/staff/${annaId}`]: ok(null),
  };
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:qr', revokeObjectURL: () => undefined }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const path = url.pathname.replace('/app/api', '');
      calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (path === '/settings/booking/qr.png') return new Response(new Blob(['png']), { status: 200 });
      const found = answers[`${method} ${path}`] ?? {
        status: 404,
        body: { code: 'ERROR', answer: 'Risorsa non trovata' },
      };
      return new Response(JSON.stringify(found.body), {
        status: found.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  reloadSession();
});

const renderPanel = () =>
  renderWithProviders(
    <QueryClientProvider client={createQueryClient()}>
      <BookingSettingsPanel
        studioName="Studio Rossi"
        rooms={[{ value: roomId, label: 'Sala 1' }]}
        devices={[]}
        canEdit
      />
    </QueryClientProvider>,
  );

describe('Impostazioni › Prenotazioni online', () => {
  it('shows the public link with copy, the QR code fetched with the session and the website snippets', async () => {
    renderPanel();
    expect(await screen.findByText(answer.publicUrl)).toBeTruthy();
    expect(screen.getByRole('button', { name: x.copyLink })).toBeTruthy();
    expect(await screen.findByRole('img', { name: x.qrAlt })).toBeTruthy();
    expect(calls.some((c) => c.path === '/settings/booking/qr.png')).toBe(true);
    expect(screen.getByText(/<iframe src="https:\/\/app\.example\.it\/prenota\/studio-rossi"/)).toBeTruthy();
    expect(screen.getByRole('button', { name: x.copyButtonCode })).toBeTruthy();
  });

  it('refuses a bad address, a reserved one and a site that is not a web address, and sends nothing', async () => {
    const { user: u } = renderPanel();
    const slug = await screen.findByLabelText(x.slug);
    await u.clear(slug);
    await u.type(slug, '-Rossi-');
    await u.type(screen.getByLabelText(x.embedOrigins), 'www.studiorossi.it');
    await u.click(screen.getByRole('button', { name: x.save }));
    expect(await screen.findByText(x.slugInvalid)).toBeTruthy();
    expect(screen.getByText(x.embedOriginInvalid('www.studiorossi.it'))).toBeTruthy();
    await u.clear(slug);
    await u.type(slug, 'annulla');
    await u.click(screen.getByRole('button', { name: x.save }));
    expect(await screen.findByText(x.slugReserved)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves the settings with the notice in minutes and one embedding site a line', async () => {
    const { user: u } = renderPanel();
    await u.click(await screen.findByRole('switch', { name: new RegExp(x.enabled) }));
    const notice = screen.getByLabelText(x.minNotice);
    await u.clear(notice);
    await u.type(notice, '2');
    await u.type(screen.getByLabelText(x.embedOrigins), 'https://www.studiorossi.it/\nhttps://rossi.example');
    await u.click(screen.getByRole('radio', { name: x.confirmationOptions.AUTO }));
    await u.click(screen.getByRole('button', { name: x.save }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT' && c.path === '/settings/booking')).toBeTruthy());
    expect(calls.find((c) => c.path === '/settings/booking' && c.method === 'PUT')?.body).toMatchObject({
      enabled: true,
      slug: 'studio-rossi',
      minNoticeMinutes: 120,
      confirmationMode: 'AUTO',
      embedOrigins: ['https://www.studiorossi.it', 'https://rossi.example'],
      pageText: null,
    });
  });

  it('asks a professional for a bookable service, then saves it with its room', async () => {
    const { user: u } = renderPanel();
    const card = await screen.findByRole('region', { name: 'Prima visita' });
    await u.click(within(card).getByRole('switch', { name: sx.bookable }));
    await u.click(within(card).getByRole('button', { name: sx.saveOf('Prima visita') }));
    expect(await within(card).findByText(sx.staffRequired)).toBeTruthy();
    await u.click(within(card).getByRole('combobox', { name: sx.staff }));
    await u.click(await screen.findByRole('option', { name: 'Anna Verdi' }));
    await u.click(within(card).getByRole('combobox', { name: sx.rooms }));
    await u.click(await screen.findByRole('option', { name: 'Sala 1' }));
    await u.click(within(card).getByRole('button', { name: sx.saveOf('Prima visita') }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === `/settings/booking/services/${visitId}`)?.body).toEqual({
        bookable: true,
        showPrice: true,
        durationMinutes: 45,
        staffMemberIds: [annaId],
        clinicRoomIds: [roomId],
        medicalDeviceIds: [],
      }),
    );
  });

  it('checks the weekly hours (end after start, no overlap) and saves several windows a day and an exception', async () => {
    const { user: u } = renderPanel();
    await u.click(await screen.findByRole('button', { name: hx.addWindowOf('Lunedì') }));
    // the new window starts where the first ends; an end before it is refused
    // 24-hour fields (Mantine's TimePicker: an hours and a minutes input, never AM/PM)
    const setTime = async (label: string, hhmm: string) => {
      const [hh, mm] = hhmm.split(':') as [string, string];
      const hours = screen.getByLabelText(`${label}, ore`);
      const minutes = screen.getByLabelText(`${label}, minuti`);
      await u.clear(hours);
      await u.type(hours, hh);
      await u.clear(minutes);
      await u.type(minutes, mm);
    };
    expect(screen.queryByText(/AM|PM/)).toBeNull();
    await setTime(hx.toOf('Lunedì', 2), '12:00');
    await u.click(screen.getByRole('button', { name: hx.save }));
    expect(await screen.findByText(hx.endAfterStart)).toBeTruthy();
    await setTime(hx.fromOf('Lunedì', 2), '11:00');
    await setTime(hx.toOf('Lunedì', 2), '15:00');
    await u.click(screen.getByRole('button', { name: hx.save }));
    expect(await screen.findByText(hx.overlap)).toBeTruthy();
    await setTime(hx.fromOf('Lunedì', 2), '14:00');
    await setTime(hx.toOf('Lunedì', 2), '18:00');
    await u.click(screen.getByRole('button', { name: hx.addException }));
    // the day typed the Italian way (the date field of the whole app, not the browser's own)
    await u.type(screen.getByLabelText(hx.date), '24-12-2026');
    await u.tab();
    await u.click(screen.getByRole('button', { name: hx.save }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === `/settings/booking/staff/${annaId}`)?.body).toEqual({
        hours: [
          { weekday: 1, start: '09:00', end: '13:00' },
          { weekday: 1, start: '14:00', end: '18:00' },
        ],
        exceptions: [{ date: '2026-12-24', kind: 'CLOSED', start: null, end: null, note: null }],
      }),
    );
  });
});
