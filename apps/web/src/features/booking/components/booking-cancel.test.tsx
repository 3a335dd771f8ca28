import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 20_000 });
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() }, Notifications: () => null }));

import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { resetConfigCache } from '../../../lib/config.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { bookingPageTexts as t } from '../booking.texts.ts';
import { BookingCancel } from './booking-cancel.tsx';

const token = 'abcdefghijklmnopqrstuvwxyz0123456789';
const booking = (over: Record<string, unknown> = {}) => ({
  status: 'CUSTOMER_BOOKED',
  studio: {
    name: 'Studio Rossi',
    logoUrl: null,
    address: 'Via Roma 1, 40121 Bologna (BO)',
    phone: '+39 051 123 4567',
    email: 'info@studiorossi.it',
  },
  serviceName: 'Prima visita',
  staffDisplayName: 'Dott.ssa Anna Verdi',
  start: '2026-12-01T08:00:00.000Z',
  end: '2026-12-01T08:45:00.000Z',
  cancelUrl: `http://localhost/prenota/annulla?token=${token}`,
  icsUrl: `/app/api/appointments/paziente/booking.ics?token=${token}`,
  cancellable: true,
  cancelLimitHours: 24,
  cancelUntil: '2026-11-30T08:00:00.000Z',
  ...over,
});
let current: ReturnType<typeof booking> | null;
const calls: { method: string; path: string; body: unknown }[] = [];

beforeEach(() => {
  resetConfigCache();
  calls.length = 0;
  current = booking();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const path = url.pathname.replace('/app/api', '');
      calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (path === '/appointments/paziente/cancel' && current) current = { ...current, status: 'CUSTOMER_CANCELLED' };
      const ok = current && path.startsWith('/appointments/paziente/');
      return new Response(
        JSON.stringify(ok ? { code: 'SUCCESS', response: current } : { code: 'ERROR', answer: 'Risorsa non trovata' }),
        { status: ok ? 200 : 404, headers: { 'content-type': 'application/json' } },
      );
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = (tk: string | null = token) =>
  renderWithProviders(
    <QueryClientProvider client={createQueryClient()}>
      <BookingCancel token={tk} />
    </QueryClientProvider>,
  );

describe('/prenota/annulla', () => {
  it('shows the booking and cancels it after asking again', async () => {
    const { user } = renderPage();
    expect(await screen.findByText('Prenotato')).toBeTruthy();
    expect(screen.getByText('martedì 1 dicembre 2026, ore 09:00')).toBeTruthy();
    // until when, in Rome time, with the studio's limit
    expect(
      screen.getByText('Puoi annullare fino a lunedì 30 novembre 2026, ore 09:00 (24 ore prima dell’appuntamento).'),
    ).toBeTruthy();
    // while it can be cancelled online, no call to the studio is needed
    expect(screen.queryByRole('region', { name: t.studioContacts })).toBeNull();
    await user.click(screen.getByRole('button', { name: t.cancelButton }));
    await user.click(await screen.findByRole('button', { name: t.cancelConfirm }));
    expect(await screen.findByText(t.cancelledNow)).toBeTruthy();
    expect(calls.find((c) => c.path === '/appointments/paziente/cancel')?.body).toEqual({ token });
    await waitFor(() => expect(screen.getByText('Annullato dal paziente')).toBeTruthy());
    expect(screen.queryByRole('button', { name: t.cancelButton })).toBeNull();
  });

  it('past the limit says to contact the studio, with its phone and e-mail as links, and offers no button', async () => {
    current = booking({ cancellable: false, cancelLimitHours: 48 });
    renderPage();
    expect(
      await screen.findByText(
        'Non è più possibile annullarla online: il limite è di 48 ore prima dell’appuntamento. Contatta lo studio.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.cancelButton })).toBeNull();
    const contacts = screen.getByRole('region', { name: t.studioContacts });
    expect(within(contacts).getByRole('link', { name: '+39 051 123 4567' }).getAttribute('href')).toBe(
      'tel:+390511234567',
    );
    expect(within(contacts).getByRole('link', { name: 'info@studiorossi.it' }).getAttribute('href')).toBe(
      'mailto:info@studiorossi.it',
    );
    // where it is, once: in the booking's summary, not again under the contacts
    expect(screen.getAllByText(/Via Roma 1, 40121 Bologna \(BO\)/)).toHaveLength(1);
    expect(within(contacts).queryByText(/Via Roma 1/)).toBeNull();
  });

  it('a studio without phone or e-mail: no empty contacts, its name in the summary', async () => {
    current = booking({
      cancellable: false,
      studio: { name: 'Studio Rossi', logoUrl: null, address: null, phone: null, email: null },
    });
    renderPage();
    expect(await screen.findByText('Studio Rossi')).toBeTruthy();
    expect(screen.queryByRole('region', { name: t.studioContacts })).toBeNull();
    expect(screen.queryByRole('link', { name: /^(tel|mailto):/ })).toBeNull();
  });

  it('a forged or incomplete link says so', async () => {
    current = null;
    renderPage();
    expect(await screen.findByText(t.cancelNotFound)).toBeTruthy();
    renderPage(null);
    expect(screen.getByText(t.cancelMissingToken)).toBeTruthy();
  });
});
