import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { signInTestUser, testUser as user } from '../../../components/testing/signed-in.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { reloadSession } from '../../../lib/session.ts';
import { SignatureSettingsPanel } from './signature-settings-panel.tsx';

let general: Record<string, unknown> = {};
const patches: unknown[] = [];
const serverSeal = { studio: null, inUso: 'SERVER' };
const studioSeal = {
  studio: {
    soggetto: 'C=IT, O=Studio Verdi, CN=Studio Verdi',
    emittente: 'C=IT, O=ArubaPEC S.p.A., CN=ArubaPEC EU Qualified Certificates CA G1',
    validoDal: '01-11-2026',
    validoAl: '01-11-2029',
    scaduto: false,
  },
  inUso: 'STUDIO',
};
let certificate: unknown = serverSeal;
const uploads: { password: unknown; file: unknown }[] = [];
const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
  const path = new URL(input, 'http://localhost').pathname.replace('/app/api', '');
  const json = (response: unknown) =>
    new Response(JSON.stringify({ code: 'SUCCESS', response }), { headers: { 'content-type': 'application/json' } });
  if (path === '/user/getUser') return json(user);
  if (path === '/settings' && (init?.method ?? 'GET') === 'GET') return json({ general });
  if (path === '/settings/general' && init?.method === 'PATCH') {
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    patches.push(body);
    general = { ...general, ...body };
    return json({ general });
  }
  if (path === '/signature/certificato' && (init?.method ?? 'GET') === 'GET') return json(certificate);
  if (path === '/signature/certificato' && init?.method === 'POST') {
    const form = init.body as FormData;
    const password = form.get('password');
    uploads.push({ password, file: (form.get('file') as File | null)?.name });
    if (password !== 'segreto')
      return new Response(
        JSON.stringify({
          code: 'ERROR',
          answer: 'Il file non è un certificato PKCS#12 leggibile, oppure la password è errata.',
          fields: { file: 'Il file non è un certificato PKCS#12 leggibile, oppure la password è errata.' },
        }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      );
    certificate = studioSeal;
    return json(certificate);
  }
  if (path === '/signature/certificato' && init?.method === 'DELETE') {
    certificate = serverSeal;
    return json(certificate);
  }
  return new Response(JSON.stringify({ code: 'ERROR', answer: 'No' }), { status: 404 });
});

beforeEach(() => {
  signInTestUser();
  patches.length = 0;
  uploads.length = 0;
  certificate = serverSeal;
  general = { firmaScadenzaGiorni: 7 };
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  reloadSession();
});

const setup = (canEdit = true) =>
  renderWithProviders(
    <QueryClientProvider client={createQueryClient()}>
      <SignatureSettingsPanel canEdit={canEdit} />
    </QueryClientProvider>,
  );

describe('SignatureSettingsPanel', () => {
  it('shows the studio’s period and saves a new one in the settings section general', async () => {
    const { user: u } = setup();
    const input = (await screen.findByRole('textbox', {
      name: 'Validità del link di firma (giorni)',
    })) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('7'));
    await u.clear(input);
    await u.type(input, '30');
    await u.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(patches).toEqual([{ firmaScadenzaGiorni: 30 }]));
  });

  it('refuses a period outside 1–90 days', async () => {
    const { user: u } = setup();
    const input = (await screen.findByRole('textbox', {
      name: 'Validità del link di firma (giorni)',
    })) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('7'));
    await u.clear(input);
    await u.type(input, '120');
    expect(screen.getByText('Da 1 a 90 giorni')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Salva' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('is read-only without settings:write', async () => {
    setup(false);
    const input = (await screen.findByRole('textbox', {
      name: 'Validità del link di firma (giorni)',
    })) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('7'));
    expect(input.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Salva' })).toBeNull();
  });

  it('uploads the studio’s certificate with its password, shows whose it is, and removes it after asking', async () => {
    const { user: u } = setup();
    expect(await screen.findByText(/In uso: il certificato autofirmato del server Studiolo/)).toBeTruthy();
    const fileInput = document.querySelector('input[type="file"]') as HTMLInputElement;
    const p12 = new File([new Uint8Array([48, 130, 1])], 'studio.p12', { type: 'application/x-pkcs12' });
    await u.upload(fileInput, p12);
    await u.type(screen.getByLabelText('Password del certificato'), 'sbagliata');
    await u.click(screen.getByRole('button', { name: 'Carica certificato' }));
    expect(
      await screen.findByText('Il file non è un certificato PKCS#12 leggibile, oppure la password è errata.'),
    ).toBeTruthy();

    await u.clear(screen.getByLabelText('Password del certificato'));
    await u.type(screen.getByLabelText('Password del certificato'), 'segreto');
    await u.click(screen.getByRole('button', { name: 'Carica certificato' }));
    const card = await screen.findByTestId('studio-certificate');
    expect(uploads.at(-1)).toEqual({ password: 'segreto', file: 'studio.p12' });
    expect(card.textContent).toContain('C=IT, O=Studio Verdi, CN=Studio Verdi');
    expect(card.textContent).toContain('ArubaPEC EU Qualified Certificates CA G1');
    expect(card.textContent).toContain('Valido dal 01-11-2026 al 01-11-2029');
    expect(screen.getByText('In uso: il certificato dello studio.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sostituisci certificato' })).toBeTruthy();

    await u.click(screen.getByRole('button', { name: 'Rimuovi certificato' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Rimuovere il certificato dello studio?');
    await u.click(within(dialog).getByRole('button', { name: 'Rimuovi certificato' }));
    await waitFor(() => expect(screen.queryByTestId('studio-certificate')).toBeNull());
    expect(screen.getByText(/In uso: il certificato autofirmato/)).toBeTruthy();
  });

  it('shows the certificate but offers no upload without settings:write', async () => {
    certificate = studioSeal;
    setup(false);
    expect(await screen.findByTestId('studio-certificate')).toBeTruthy();
    expect(screen.queryByLabelText('Password del certificato')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rimuovi certificato' })).toBeNull();
  });
});
