import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() }, Notifications: () => null }));
vi.setConfig({ testTimeout: 15_000 });

import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { reloadSession } from '../../../lib/session.ts';
import { AttachmentsExportButton, AttachmentsExportProgress, useAttachmentsExport } from './attachments-export.tsx';

/** Two ZIP entries (their local headers) in three chunks, the second header split across two of them. */
const zipChunks = () => {
  const header = [0x50, 0x4b, 0x03, 0x04];
  return [
    new Uint8Array([...header, 1, 2, 3, 0x50, 0x4b]),
    new Uint8Array([0x03, 0x04, 9, 9]),
    new Uint8Array([0x50, 0x4b, 0x01, 0x02, 0, 0]),
  ];
};

const Harness = () => {
  const files = useAttachmentsExport();
  return (
    <>
      <AttachmentsExportButton running={files.state.status === 'running'} onClick={() => void files.start()} />
      <AttachmentsExportProgress state={files.state} onDismiss={files.dismiss} />
    </>
  );
};

const saved: string[] = [];
beforeEach(() => {
  localStorage.setItem('studiolo.user', JSON.stringify({ token: 't', username: 'giulia@studio.it' }));
  reloadSession();
  saved.length = 0;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:zip'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      expect(new URL(input, 'http://localhost').pathname).toBe('/app/api/data-exporter/allegati-pazienti');
      const chunks = zipChunks();
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          const next = chunks.shift();
          if (next) controller.enqueue(next);
          else controller.close();
        },
      });
      return new Response(body, {
        status: 200,
        headers: {
          'content-type': 'application/zip',
          'content-disposition': 'attachment; filename="allegati-pazienti-20261125.zip"',
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

describe('AttachmentsExport', () => {
  it('downloads the ZIP, counts its files as they arrive and saves it under the server’s name', async () => {
    renderWithProviders(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Esporta allegati' }));
    expect(await screen.findByText('Allegati esportati: 2 file, una cartella per paziente.')).toBeTruthy();
    expect(screen.getByText('File: allegati-pazienti-20261125.zip')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Avanzamento dell’esportazione degli allegati' })).toBeTruthy();
    expect(saved).toEqual(['allegati-pazienti-20261125.zip']);
  });
});
