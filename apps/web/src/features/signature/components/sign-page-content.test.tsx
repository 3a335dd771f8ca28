import { signatureMessages as m, type PublicSignature } from '@studiolo/domain/signature';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { SignPageContent } from './sign-page-content.tsx';

const linkId = 'L'.repeat(43);
let shown: PublicSignature;
const calls: { method: string; path: string }[] = [];
const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
  const path = new URL(input, 'http://localhost').pathname.replace('/app/api', '');
  const method = init?.method ?? 'GET';
  calls.push({ method, path });
  const json = (response: unknown, answer?: string) =>
    new Response(JSON.stringify({ code: 'SUCCESS', response, ...(answer ? { answer } : {}) }), {
      headers: { 'content-type': 'application/json' },
    });
  if (path === `/signature/public/${linkId}`) return json(shown);
  if (path === `/signature/public/${linkId}/otp`) {
    shown = { ...shown, otpSentAt: '2026-11-25T10:00:00.000Z' };
    return json({ message: m.otpSent('*******321'), otpSentAt: shown.otpSentAt }, m.otpSent('*******321'));
  }
  return new Response(JSON.stringify({ code: 'ERROR', answer: 'No' }), { status: 404 });
});

const publicSignature = (extra: Partial<PublicSignature> = {}): PublicSignature => ({
  linkId,
  status: 'PENDING',
  studioName: 'Studio Bianchi',
  pazienteName: 'Mario Rossi',
  minore: false,
  cellulareMasked: '*******321',
  expiresAt: '2026-12-09T10:00:00.000Z',
  otpSentAt: null,
  documents: [{ id: 'd0000000-0000-4000-8000-000000000001', title: 'Consenso informato' }],
  ...extra,
});

const setup = () =>
  renderWithProviders(
    <QueryClientProvider client={createQueryClient()}>
      <SignPageContent linkId={linkId} />
    </QueryClientProvider>,
  );

beforeEach(() => {
  calls.length = 0;
  shown = publicSignature();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SignPageContent (the patient’s /sign page)', () => {
  it('lets the patient sign only after opening and confirming each document, the code and a drawn signature', async () => {
    const { user } = setup();
    expect(await screen.findByText('Studio Bianchi ti chiede di leggere e firmare questi documenti.')).toBeTruthy();
    const sign = screen.getByRole('button', { name: 'Firma i documenti' }) as HTMLButtonElement;
    const read = screen.getByRole('checkbox', { name: 'Ho letto il documento' }) as HTMLInputElement;
    expect(read.disabled).toBe(true);
    const open = screen.getByRole('link', { name: 'Apri il documento' });
    expect(open.getAttribute('href')).toBe(`/app/api/signature/public/${linkId}/documents/${shown.documents[0]?.id}`);
    open.addEventListener('click', (e) => e.preventDefault()); // no new tab in the test's window
    fireEvent.click(open);
    await waitFor(() => expect(read.disabled).toBe(false));
    await user.click(read);

    await user.click(screen.getByRole('button', { name: 'Invia il codice al *******321' }));
    expect(calls).toContainEqual({ method: 'POST', path: `/signature/public/${linkId}/otp` });
    const firstDigit = await screen.findByRole('textbox', { name: 'Codice ricevuto via SMS, cifra 1' });
    await user.click(firstDigit);
    await user.keyboard('123456');
    expect(sign.disabled).toBe(true); // nothing drawn yet

    fireEvent.pointerDown(screen.getByRole('img', { name: /Riquadro per la firma/ }), {
      pointerId: 1,
      clientX: 10,
      clientY: 10,
    });
    await waitFor(() => expect(sign.disabled).toBe(false));
    expect(screen.getByRole('button', { name: 'Invia di nuovo il codice' })).toBeTruthy();
  });

  it('asks a parent or guardian to sign for a minor, with names required', async () => {
    shown = publicSignature({ minore: true });
    setup();
    expect(await screen.findByText('Il paziente è minorenne: firma un genitore o il tutore.')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Genitore' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Tutore' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Nome' }).getAttribute('aria-required')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Cognome' }).getAttribute('aria-required')).toBe('true');
  });

  it.each([
    ['REVOKED', m.requestRevoked],
    ['EXPIRED', m.requestExpired],
    ['LOCKED', m.requestLocked],
  ] as const)('shows why a %s request cannot be signed', async (status, text) => {
    shown = publicSignature({ status });
    setup();
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Firma i documenti' })).toBeNull();
  });

  it('offers the signed copies once signed', async () => {
    shown = publicSignature({ status: 'SIGNED' });
    setup();
    expect(await screen.findByRole('heading', { name: 'Documenti firmati' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Scarica Consenso informato' })).toBeTruthy();
  });

  it('says the link is not valid when the server does not know it', async () => {
    fetchMock.mockImplementationOnce(
      async () =>
        new Response(JSON.stringify({ code: 'ERROR', answer: m.linkInvalid }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
    );
    setup();
    expect(await screen.findByText('Link di firma non valido: apri il link ricevuto via SMS o email.')).toBeTruthy();
  });
});
