import { currentLegalVersion, legalDocumentIds, legalDocuments, legalMessages } from '@studiolo/domain/legal';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() }, Notifications: () => null }));

import { LegalDocumentsPage } from '../../../app/routes/documenti-legali.tsx';
import { LandingPage } from '../../../app/routes/landing-page.tsx';
import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { signInTestUser } from '../../../components/testing/signed-in.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { reloadSession } from '../../../lib/session.ts';
import { LegalGate } from './legal-gate.tsx';

let pending: string[] = [];
const posted: unknown[] = [];
const responses: Record<string, () => unknown> = {
  'GET /legal/acceptances': () => ({ accepted: [], pending }),
  'POST /legal/acceptances': () => {
    pending = [];
    return { accepted: [], pending };
  },
  'GET /legal/documents': () => ({
    documents: [],
    operator: {
      name: 'Servizi Sanitari Digitali S.r.l.',
      address: 'Via Roma 1, Roma',
      vatNumber: '01234567897',
      pec: null,
    },
    subProcessors: [
      { name: 'Twilio Ireland Ltd', service: 'Invio degli SMS', location: 'Unione europea', kind: 'sub-responsabile' },
      { name: 'Simulatore SDI', service: 'Fatture simulate', location: 'Sul server', kind: 'simulatore' },
    ],
  }),
  'GET /plans': () => [
    { priceId: 'p1', plan: 'BASIC', unitAmount: 1900, currency: 'eur', interval: 'month', highlights: ['Fino a 3'] },
    {
      priceId: 'p2',
      plan: 'PRO',
      unitAmount: 3900,
      currency: 'eur',
      interval: 'month',
      highlights: ['Tutto di Basic'],
    },
  ],
};
const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
  const path = url.replace('/app/api', '').split('?')[0];
  const key = `${init.method ?? 'GET'} ${path}`;
  if (key === 'POST /legal/acceptances') posted.push(JSON.parse(String(init.body)));
  const handler = responses[key];
  return new Response(
    JSON.stringify(handler ? { code: 'SUCCESS', response: handler() } : { code: 'ERROR', answer: 'No' }),
    { status: handler ? 200 : 404, headers: { 'content-type': 'application/json' } },
  );
});

beforeEach(() => {
  signInTestUser();
  pending = [];
  posted.length = 0;
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  reloadSession();
});

const withQueries = (ui: React.ReactElement) =>
  renderWithProviders(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);

describe('LegalGate (decision 043)', () => {
  it('shows nothing when every document in force is accepted', async () => {
    withQueries(<LegalGate onSignOut={vi.fn()} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the changed document, cannot be dismissed, and records the acceptance of its version in force', async () => {
    pending = ['privacy'];
    const onSignOut = vi.fn();
    const { user } = withQueries(<LegalGate onSignOut={onSignOut} />);
    const dialog = await screen.findByRole('dialog', { name: legalMessages.gateTitle });
    expect(within(dialog).getByRole('heading', { name: legalDocuments.privacy.title })).toBeTruthy();
    const { version, date } = currentLegalVersion('privacy');
    expect(within(dialog).getByText(legalMessages.version(version, date))).toBeTruthy();
    // what changed, in a line, then the document in full
    expect(within(dialog).getByRole('list', { name: legalMessages.gateChanges }).textContent).toContain(
      currentLegalVersion('privacy').note,
    );
    // only the changed document
    expect(within(dialog).queryByRole('heading', { name: legalDocuments.termini.title })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /chiudi/i })).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeTruthy();

    const accept = within(dialog).getByRole('button', { name: legalMessages.gateAccept });
    expect(accept.hasAttribute('disabled')).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: legalMessages.gateCheckbox }));
    await user.click(accept);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([{ documents: [{ id: 'privacy', version }] }]);
  });

  it('lets the user sign out instead', async () => {
    pending = ['termini', 'dpa'];
    const onSignOut = vi.fn();
    const { user } = withQueries(<LegalGate onSignOut={onSignOut} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: legalDocuments.dpa.title })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: legalMessages.gateSignOut }));
    expect(onSignOut).toHaveBeenCalled();
    expect(posted).toEqual([]);
  });
});

describe('/documenti-legali', () => {
  it('shows every document with its version and date, the sub-processors and the storage the app uses', async () => {
    withQueries(<LegalDocumentsPage />);
    for (const id of legalDocumentIds) {
      const article = screen.getByRole('article', { name: legalDocuments[id].title });
      const { version, date } = currentLegalVersion(id);
      expect(within(article).getByText(legalMessages.version(version, date))).toBeTruthy();
    }
    const table = await screen.findByRole('table', { name: 'Sub-responsabili di questa installazione' });
    expect(within(table).getByText('Twilio Ireland Ltd')).toBeTruthy();
    expect(within(table).getByText('Simulatore locale')).toBeTruthy();
    const storage = screen.getByRole('table', { name: 'Cookie e memoria locale' });
    for (const key of ['studiolo.user', 'studiolo.support', 'studiolo.banner.dismissed', 'studiolo_google_oauth'])
      expect(within(storage).getByText(key)).toBeTruthy();
  });

  it('names who runs the install where the documents speak of the Fornitore', async () => {
    withQueries(<LegalDocumentsPage />);
    for (const id of ['termini', 'privacy', 'dpa'] as const) {
      const article = screen.getByRole('article', { name: legalDocuments[id].title });
      expect(await within(article).findByText('Servizi Sanitari Digitali S.r.l.')).toBeTruthy();
      expect(article.textContent).toContain('con sede in Via Roma 1, Roma, partita IVA 01234567897');
    }
  });
});

describe('/landing-page', () => {
  it('says what Studiolo does, shows the product and the plans with the prices of GET /plans, and leads to sign-up', async () => {
    withQueries(<LandingPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('professionisti sanitari');
    for (const title of ['Consensi firmati sul telefono', 'Fatture elettroniche allo SDI', 'Sistema Tessera Sanitaria'])
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    const basic = await screen.findByTestId('piano-BASIC');
    expect(basic.textContent?.replace(/\s/g, ' ')).toMatch(/19,00\s€/);
    expect(within(screen.getByTestId('piano-PRO')).getByText('Tutto di Basic')).toBeTruthy();
    // the screenshots below the first screen wait until they are near
    const shots = screen.getAllByRole('img').filter((i) => i.getAttribute('src')?.startsWith('/landing/'));
    expect(shots.length).toBeGreaterThanOrEqual(4);
    expect(shots.slice(1).every((i) => i.getAttribute('loading') === 'lazy')).toBe(true);
    expect(shots.every((i) => (i.getAttribute('alt') ?? '').length > 20)).toBe(true);
    expect(screen.getAllByRole('link', { name: /Prova gratis|Crea il tuo account/ })[0]?.getAttribute('href')).toBe(
      '/signUp',
    );
    expect(screen.getByRole('link', { name: legalDocuments.dpa.title }).getAttribute('href')).toBe(
      '/documenti-legali#dpa',
    );
  });
});
