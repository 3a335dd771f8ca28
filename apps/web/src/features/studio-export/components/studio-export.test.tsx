import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() }, Notifications: () => null }));
vi.setConfig({ testTimeout: 15_000 });

import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { reloadSession } from '../../../lib/session.ts';
import { PatientExportAction, StudioExportPanel } from './studio-export.tsx';

const header = [0x50, 0x4b, 0x03, 0x04];
/** Two ZIP entries: the first chunk (10 bytes) holds one local header, the second the other. */
const zipChunks = () => [new Uint8Array([...header, 1, 2, 3, 4, 5, 6]), new Uint8Array([...header, 9, 9])];

const saved: string[] = [];
const paths: string[] = [];
/** Lets the test hold the second chunk back, to look at the progress shown meanwhile. */
let releaseSecond: () => void = () => {};

beforeEach(() => {
  localStorage.setItem('studiolo.user', JSON.stringify({ token: 't', username: 'giulia@studio.it' }));
  reloadSession();
  saved.length = 0;
  paths.length = 0;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:zip'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://localhost').pathname;
      paths.push(path);
      const chunks = zipChunks();
      const second = new Promise<void>((resolve) => {
        releaseSecond = resolve;
      });
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (sent === 1) await second;
          const next = chunks.shift();
          sent++;
          if (next) controller.enqueue(next);
          else controller.close();
        },
      });
      const name = path.endsWith('/studio')
        ? 'studiolo-dati-studio-2026-11-27.zip'
        : 'dati-paziente-Rossi Anna-2026-11-27.zip';
      return new Response(body, {
        status: 200,
        headers: {
          'content-type': 'application/zip',
          'content-disposition': `attachment; filename="${name}"`,
          'x-total-count': '2',
        },
      });
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  reloadSession();
});

describe('StudioExportPanel', () => {
  it('says what the ZIP holds, shows files and bytes received while it downloads, then saves it', async () => {
    renderWithProviders(<StudioExportPanel />);
    expect(screen.getByRole('heading', { name: 'Porta via i dati dello studio' })).toBeTruthy();
    expect(screen.getByText(/LEGGIMI\.txt/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Scarica tutti i dati dello studio' }));
    expect(await screen.findByText('1 di 2 file (50%) · 10 Bytes ricevuti')).toBeTruthy();
    expect(saved).toEqual([]);
    releaseSecond();
    expect(await screen.findByText('Dati dello studio scaricati: 2 file.')).toBeTruthy();
    expect(screen.getByText('File: studiolo-dati-studio-2026-11-27.zip')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Avanzamento del download dei dati dello studio' })).toBeTruthy();
    expect(paths).toEqual(['/app/api/data-exporter/studio']);
    expect(saved).toEqual(['studiolo-dati-studio-2026-11-27.zip']);
  });
});

describe('PatientExportAction', () => {
  it('downloads the patient’s ZIP from the patient’s route and saves it under the server’s name', async () => {
    renderWithProviders(<PatientExportAction pazienteId="5b0c6f7e-1d2a-4c3b-9e8f-0a1b2c3d4e5f" />);
    fireEvent.click(screen.getByRole('button', { name: 'Scarica i dati del paziente' }));
    expect(await screen.findByText('1 di 2 file (50%) · 10 Bytes ricevuti')).toBeTruthy();
    releaseSecond();
    expect(
      await screen.findByText('Dati del paziente scaricati: 2 file (richiesta di accesso, art. 15 GDPR).'),
    ).toBeTruthy();
    expect(paths).toEqual(['/app/api/data-exporter/pazienti/5b0c6f7e-1d2a-4c3b-9e8f-0a1b2c3d4e5f']);
    expect(saved).toEqual(['dati-paziente-Rossi Anna-2026-11-27.zip']);
  });
});
