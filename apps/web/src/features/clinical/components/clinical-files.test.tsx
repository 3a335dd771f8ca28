import type { Attachment, BodyChart } from '@studiolo/domain/clinical';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() }, Notifications: () => null }));
vi.setConfig({ testTimeout: 15_000 });

import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { signInTestUser, testUser as user } from '../../../components/testing/signed-in.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { reloadSession } from '../../../lib/session.ts';
import { BodyChartEditor } from './body-chart-editor.tsx';
import { PatientAttachments } from './patient-attachments.tsx';
import { PatientBodyCharts } from './patient-body-charts.tsx';

const pazienteId = '33333333-3333-4333-8333-333333333333';

const attachments: Attachment[] = [
  {
    id: '55555555-5555-4555-8555-555555555555',
    pazienteId,
    fileName: 'ginocchio.jpg',
    contentType: 'image/jpeg',
    kind: 'image',
    sizeBytes: 1_000_000,
    originalSizeBytes: 5_242_880,
    width: 1920,
    height: 1440,
    createdAt: '2026-11-23T09:30:00.000Z',
  },
  {
    id: '66666666-6666-4666-8666-666666666666',
    pazienteId,
    fileName: 'Referto RM.pdf',
    contentType: 'application/pdf',
    kind: 'pdf',
    sizeBytes: 1536,
    originalSizeBytes: null,
    width: null,
    height: null,
    createdAt: '2026-11-20T15:05:00.000Z',
  },
];

const valutazioneId = '99999999-9999-4999-8999-999999999991';
const diarioId = '99999999-9999-4999-8999-999999999992';
const chartOf = (n: number, title: string, link: Partial<BodyChart>): BodyChart => ({
  id: `8888888${n}-8888-4888-8888-888888888888`,
  pazienteId,
  imageId: 2,
  title,
  note: null,
  strokes: [{ color: 'red', size: 10, opacity: 70, points: [10, 10, 20, 20] }],
  valutazioneId: null,
  diarioId: null,
  createdAt: '2026-11-20T15:05:00.000Z',
  updatedAt: '2026-11-20T15:05:00.000Z',
  ...link,
});
const charts = [
  chartOf(1, 'Spalla alla valutazione', { valutazioneId }),
  chartOf(2, 'Seduta del 23', { diarioId }),
  chartOf(3, 'Libero', {}),
];

const requests: { method: string; path: string; body: unknown }[] = [];
const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
  const url = new URL(input, 'http://localhost');
  const path = url.pathname.replace('/app/api', '');
  const method = init?.method ?? 'GET';
  requests.push({ method, path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body });
  const response =
    path === '/user/getUser'
      ? user
      : path === `/pazienti/${pazienteId}/allegati`
        ? attachments
        : path === `/pazienti/${pazienteId}/body-charts` && method === 'GET'
          ? charts
          : path === `/pazienti/${pazienteId}/body-charts` && method === 'POST'
            ? ({
                id: '77777777-7777-4777-8777-777777777777',
                pazienteId,
                ...(JSON.parse(init?.body as string) as object),
              } as BodyChart)
            : null;
  return new Response(JSON.stringify(response ? { code: 'SUCCESS', response } : { code: 'ERROR', answer: 'No' }), {
    status: response ? 200 : 404,
    headers: { 'content-type': 'application/json' },
  });
});

beforeEach(() => {
  signInTestUser();
  requests.length = 0;
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  reloadSession();
});

describe('PatientAttachments', () => {
  it('lists the files with their sizes in Bytes to YB, the reduction of a large photo and the actions', async () => {
    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <PatientAttachments pazienteId={pazienteId} canWrite />
      </QueryClientProvider>,
    );
    const rows = await screen.findAllByTestId('attachment-row');
    expect(rows).toHaveLength(2);
    const photo = within(rows[0] as HTMLElement);
    expect(photo.getByText('ginocchio.jpg')).toBeTruthy();
    expect(photo.getByText(/976,56 KB · 23-11-2026 10:30 · 1920×1440 px/)).toBeTruthy();
    expect(photo.getByText('Ridotta da 5 MB')).toBeTruthy();
    expect(photo.getByRole('button', { name: 'Anteprima: ginocchio.jpg' })).toBeTruthy();
    const pdf = within(rows[1] as HTMLElement);
    expect(pdf.getByText(/1,5 KB/)).toBeTruthy();
    expect(pdf.getByRole('button', { name: 'Elimina: Referto RM.pdf' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Carica allegato' })).toBeTruthy();
  });

  it('offers no upload or delete to a role that may only read', async () => {
    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <PatientAttachments pazienteId={pazienteId} canWrite={false} />
      </QueryClientProvider>,
    );
    await screen.findAllByTestId('attachment-row');
    expect(screen.queryByRole('button', { name: 'Carica allegato' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Elimina/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Scarica: Referto RM.pdf' })).toBeTruthy();
  });
});

describe('BodyChartEditor', () => {
  const canvasBox = { left: 0, top: 0, width: 999 / 2, height: 666 / 2, right: 499.5, bottom: 333, x: 0, y: 0 };

  it('draws with the pointer in the image’s own coordinates, undoes, and saves the strokes as vectors', async () => {
    const onSaved = vi.fn();
    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <BodyChartEditor pazienteId={pazienteId} chart={null} onSaved={onSaved} onClose={() => undefined} />
      </QueryClientProvider>,
    );
    // the picker offers images 2–4 (image 1 is not in it) and starts on red, small, 70 %
    expect(screen.queryByText('Figura intera')).toBeNull();
    expect(screen.getByRole('radio', { name: 'Rosso' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('Opacità: 70%')).toBeTruthy();

    const canvas = screen.getByTestId('body-chart-canvas');
    canvas.getBoundingClientRect = () => ({ ...canvasBox, toJSON: () => canvasBox }) as DOMRect;
    const stroke = (points: [number, number][]) => {
      const [first, ...rest] = points as [[number, number], ...[number, number][]];
      fireEvent.pointerDown(canvas, {
        pointerId: 1,
        clientX: first[0],
        clientY: first[1],
        button: 0,
        pointerType: 'pen',
      });
      for (const [x, y] of rest)
        fireEvent.pointerMove(canvas, { pointerId: 1, clientX: x, clientY: y, pointerType: 'pen' });
      fireEvent.pointerUp(canvas, { pointerId: 1, pointerType: 'pen' });
    };
    stroke([
      [50, 50],
      [60, 55],
      [70, 60],
    ]);
    fireEvent.click(screen.getByRole('radio', { name: 'Blu' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Grande' }));
    stroke([
      [100, 100],
      [120, 100],
    ]);
    stroke([
      [200, 200],
      [210, 210],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.path).toBe(`/pazienti/${pazienteId}/body-charts`);
    expect(post?.body).toMatchObject({
      imageId: 2,
      strokes: [
        { color: 'red', size: 5, opacity: 70, points: [100, 100, 120, 110, 140, 120] },
        { color: 'blue', size: 25, opacity: 70, points: [200, 200, 240, 200] },
      ],
    });
  });

  it('clears every stroke', () => {
    const chart: BodyChart = {
      id: '88888888-8888-4888-8888-888888888888',
      pazienteId,
      imageId: 1,
      title: 'Prima visita',
      note: null,
      strokes: [{ color: 'green', size: 10, opacity: 50, points: [10, 10, 20, 20] }],
      valutazioneId: null,
      diarioId: null,
      createdAt: '2026-11-20T15:05:00.000Z',
      updatedAt: '2026-11-20T15:05:00.000Z',
    };
    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <BodyChartEditor pazienteId={pazienteId} chart={chart} onSaved={() => undefined} onClose={() => undefined} />
      </QueryClientProvider>,
    );
    const canvas = screen.getByTestId('body-chart-canvas');
    expect(canvas.querySelectorAll('path')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancella tutto' }));
    expect(canvas.querySelectorAll('path')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Annulla' })).toHaveProperty('disabled', true);
  });
});

describe('PatientBodyCharts', () => {
  it('on the Body chart tab shows every drawing and says which come from an evaluation or a diary entry', async () => {
    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <PatientBodyCharts pazienteId={pazienteId} canWrite />
      </QueryClientProvider>,
    );
    const cards = await screen.findAllByTestId('body-chart-card');
    expect(cards.map((c) => within(c).getAllByText(/./)[0]?.textContent)).toEqual([
      'Spalla alla valutazione',
      'Seduta del 23',
      'Libero',
    ]);
    expect(within(cards[0] as HTMLElement).getByText('Da una valutazione')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText('Da una seduta del diario')).toBeTruthy();
    expect(within(cards[2] as HTMLElement).queryByText(/^Da una/)).toBeNull();
  });

  it('inside an evaluation shows only its drawings, and a new one drawn there is saved linked to it', async () => {
    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <PatientBodyCharts pazienteId={pazienteId} canWrite origin={{ valutazioneId }} />
      </QueryClientProvider>,
    );
    const cards = await screen.findAllByTestId('body-chart-card');
    expect(cards).toHaveLength(1);
    expect(within(cards[0] as HTMLElement).getByText('Spalla alla valutazione')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Disegna body chart' }));
    fireEvent.change(await screen.findByLabelText('Titolo'), { target: { value: 'Controllo spalla' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.body).toMatchObject({ title: 'Controllo spalla', valutazioneId, diarioId: null });
  });

  it('offers no drawing to a role that may only read', async () => {
    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <PatientBodyCharts pazienteId={pazienteId} canWrite={false} origin={{ diarioId }} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Seduta del 23')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Disegna body chart' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Modifica/ })).toBeNull();
  });
});
