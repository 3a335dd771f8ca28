import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() }, Notifications: () => null }));

import { type CsvDownloadProgress, createCsvRecordCounter, downloadCsvWithProgress } from './download.ts';
import { HttpError } from './http.ts';
import { reloadSession } from './session.ts';

const encoder = new TextEncoder();
const bom = '\uFEFF';

/** A streamed answer that arrives in the given pieces. */
const streamedResponse = (pieces: string[], headers: Record<string, string>) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(encoder.encode(piece));
        controller.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8', ...headers } },
  );

const fetchMock = vi.fn();
beforeEach(() => {
  localStorage.setItem('studiolo.user', JSON.stringify({ token: 'secret-token', username: 'giulia@studio.it' }));
  reloadSession();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  reloadSession();
});

describe('createCsvRecordCounter', () => {
  it('counts line breaks outside quoted fields, across chunks split anywhere', () => {
    const counter = createCsvRecordCounter();
    const csv = `${bom}Cognome;Note\r\nRossi;"prima riga\r\nseconda riga"\r\nBianchi;"dice ""ciao"""\r\n`;
    const bytes = encoder.encode(csv);
    // one byte at a time: a chunk may end inside a quote, a field or a multi-byte character
    for (const byte of bytes) counter.push(new Uint8Array([byte]));
    expect(counter.lines).toBe(3);
  });
});

describe('downloadCsvWithProgress', () => {
  it('reports rows against x-total-count as they arrive, then the file with the server’s name', async () => {
    fetchMock.mockResolvedValue(
      streamedResponse(
        [`${bom}Cognome;Nome\r\n`, 'Rossi;Mario\r\nBianchi;', 'Laura\r\n', 'Verdi;Anna\r\nNeri;Luca\r\n'],
        {
          'x-total-count': '4',
          'content-disposition': 'attachment; filename="anagrafiche-pazienti-20250615.csv"',
        },
      ),
    );
    const seen: CsvDownloadProgress[] = [];
    const file = await downloadCsvWithProgress('/data-exporter/anagrafiche-pazienti', {
      onProgress: (p) => seen.push(p),
    });

    expect(seen.map((p) => p.percent)).toEqual([0, 0, 25, 50, 100, 100]);
    expect(seen.map((p) => p.rows)).toEqual([0, 0, 1, 2, 4, 4]);
    expect(file.fileName).toBe('anagrafiche-pazienti-20250615.csv');
    expect(file.rows).toBe(4);
    expect(file.total).toBe(4);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await file.blob.arrayBuffer());
    expect(text.startsWith(`${bom}Cognome;Nome`)).toBe(true);

    // the same credentials as every other call
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/app/api/data-exporter/anagrafiche-pazienti');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer secret-token');
  });

  it('never shows more than 100 % when the file grew while it was written', async () => {
    fetchMock.mockResolvedValue(streamedResponse([`${bom}A\r\n1\r\n2\r\n3\r\n`], { 'x-total-count': '2' }));
    const seen: CsvDownloadProgress[] = [];
    await downloadCsvWithProgress('/x', { onProgress: (p) => seen.push(p) });
    expect(Math.max(...seen.map((p) => p.percent ?? 0))).toBe(100);
  });

  it('passes a failure on as the http wrapper does (message shown there)', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ code: 'ERROR', answer: 'Non hai i permessi per eseguire questa operazione' }), {
        status: 403,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const failure = downloadCsvWithProgress('/data-exporter/anagrafiche-pazienti', {});
    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toMatchObject({ status: 403, notified: true });
  });
});
