import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import {
  receivedInvoiceXml,
  validEventInput,
  validFormTemplateInput,
  validPatientInput,
} from '../helpers/factories.ts';
import { apiOk } from '../helpers/http.ts';
import { createStudioOwner, type TestStudioUser } from '../helpers/login-as.ts';

/**
 * Issue 25 item 1: one request (a daily series until the year 9999) held the event loop for 23 s and /health did not
 * answer meanwhile. For every route whose work grows with a number the client chooses, the worst input its schema
 * accepts is sent to the app listening on a real socket while /health is polled: every /health answers in under
 * 200 ms (decision 033, "Bounded work"). The only timed test of the suite, as the issue asks.
 */
const healthBoundMs = 200;

let t: TestApp;
let owner: TestStudioUser;
let base: string;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  owner = await createStudioOwner(t.app);
  client = spawn(process.execPath, ['--input-type=module', '-e', clientScript]);
  clientLines = createInterface({ input: client.stdout })[Symbol.asyncIterator]();
}, 60_000);
afterAll(async () => {
  client.stdin.end();
  await t.close();
});

type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  query?: Record<string, string>;
  /** multipart files (field "files") instead of a JSON body */
  files?: string[];
};

/**
 * The client, in a process of its own started once, as a studio's other users would be: it sends the heavy call and
 * meanwhile asks /health again and again. Polling from this process would not see a blocked server: this process is
 * the server, and a poll waiting on a timer while the event loop is held is simply late, never slow. Building and
 * streaming a 10 MB body here would also be counted against the server. One JSON line per call in, one out.
 */
const clientScript = `
  const { readFileSync } = await import('node:fs');
  const { createInterface } = await import('node:readline');
  const { setTimeout: sleep } = await import('node:timers/promises');
  for await (const line of createInterface({ input: process.stdin })) {
    const { url, method, headers, bodyPath, healthUrl } = JSON.parse(line);
    const body = bodyPath ? readFileSync(bodyPath) : undefined;
    const times = [];
    let done = false;
    const poll = (async () => {
      while (!done) {
        const started = performance.now();
        const res = await fetch(healthUrl);
        await res.arrayBuffer();
        times.push(performance.now() - started);
        await sleep(5);
      }
    })();
    await sleep(20);
    const started = performance.now();
    const res = await fetch(url, { method, headers, body });
    const text = await res.text();
    const callMs = performance.now() - started;
    done = true;
    await poll;
    process.stdout.write(JSON.stringify({
      status: res.status,
      answer: res.ok ? '' : text.slice(0, 300),
      callMs: Math.round(callMs),
      worstHealthMs: Math.round(Math.max(...times)),
      polls: times.length,
    }) + '\\n');
  }
`;
type Measure = { status: number; answer: string; callMs: number; worstHealthMs: number; polls: number };
let client: ChildProcessWithoutNullStreams;
let clientLines: AsyncIterator<string>;
const measure = async (call: {
  url: string;
  method: string;
  headers: Record<string, string>;
  bodyPath?: string;
  healthUrl: string;
}) => {
  client.stdin.write(`${JSON.stringify(call)}\n`);
  const next = await clientLines.next();
  return JSON.parse(next.value as string) as Measure;
};

/** A multipart body of files, built here once (cheap) and sent as bytes by the sender. */
const multipartOf = (files: string[]) => {
  const boundary = `----bounded${Date.now()}`;
  const parts = files.flatMap((file, i) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="IT01234567890_F${i}.xml"\r\n` +
        'Content-Type: application/xml\r\n\r\n',
    ),
    Buffer.from(file),
    Buffer.from('\r\n'),
  ]);
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    bytes: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
  };
};

/** Sends a call over the socket while the client asks /health again and again; @returns its status and /health's times. */
const whilePollingHealth = async (call: Call): Promise<Measure> => {
  const bodyPath = path.join(t.dataDir, `bounded-work-${Date.now()}.body`);
  const form = call.files ? multipartOf(call.files) : null;
  if (form) writeFileSync(bodyPath, form.bytes);
  else if (call.body !== undefined) writeFileSync(bodyPath, JSON.stringify(call.body));
  const query = call.query ? `?${new URLSearchParams(call.query)}` : '';
  return measure({
    url: `${base}/app/api${call.url}${query}`,
    method: call.method,
    headers: {
      authorization: `Bearer ${owner.token}`,
      ...(form ? { 'content-type': form.contentType } : {}),
      ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(form || call.body !== undefined ? { bodyPath } : {}),
    healthUrl: `${base}/app/api/health`,
  });
};

/** The received-invoice upload's bounds (einvoicing.routes.ts, decision 033). */
const uploadBounds = { totalBytes: 10 * 1024 * 1024, tagsPerFile: 10_000, files: 20 };
const tagsOf = (text: string) => text.split('<').length - 1;
let batch = 0;

/**
 * Received invoices at the upload's bounds: 'lines', each with as many detail lines as its tags allow, as many files
 * as fit in the total; 'text', two files just under 5 MB each, the bulk one text (an attachment).
 */
const receivedInvoices = (kind: 'lines' | 'text') => {
  const xml = receivedInvoiceXml();
  const line = xml.slice(
    xml.indexOf('<DettaglioLinee>'),
    xml.indexOf('</DettaglioLinee>') + '</DettaglioLinee>'.length,
  );
  const big =
    kind === 'text'
      ? xml.replace('DESCRIZIONE DELLA FORNITURA', 'A'.repeat(4_900_000 - xml.length))
      : xml.replace(line, line.repeat(Math.floor((uploadBounds.tagsPerFile - tagsOf(xml)) / tagsOf(line)) + 1));
  const count = Math.min(uploadBounds.files, Math.floor(uploadBounds.totalBytes / (big.length + 100)));
  // numbers of their own each time: a retry must import its files again, not find them already imported
  batch++;
  return Array.from({ length: count }, (_, i) =>
    big.replace(/<Numero>[^<]*<\/Numero>/, `<Numero>${kind}${batch}-${i}</Numero>`),
  );
};
const formOf = (files: string[]) => {
  const form = new FormData();
  files.forEach((file, i) => {
    form.append('files', new Blob([file]), `IT01234567890_F${i}.xml`);
  });
  return form;
};

const post = <T>(url: string, body: unknown) => apiOk<T>(t.app, { method: 'POST', url, token: owner.token, body });

/** Every such route with the worst input its schema accepts. */
const cases: { name: string; call: () => Promise<Call>; expected: number }[] = [
  {
    name: 'POST /events: a daily series until the year 9999',
    call: async () => ({
      method: 'POST',
      url: '/events',
      body: await validEventInput(t.app, owner, { rrule: 'FREQ=DAILY;UNTIL=99991231T000000Z' }),
    }),
    expected: 200,
  },
  {
    name: 'PUT /events: a series changed to daily until the year 9999',
    call: async () => {
      const event = await post<{ id: string }>('/events', await validEventInput(t.app, owner));
      return {
        method: 'PUT',
        url: '/events',
        body: {
          ...(await validEventInput(t.app, owner, { rrule: 'FREQ=DAILY;UNTIL=99991231T000000Z' })),
          id: event.id,
        },
      };
    },
    expected: 200,
  },
  {
    name: 'PUT /events: "this and the following" at an occurrence of an endless daily series in the year 9998',
    call: async () => {
      const series = await post<{ id: string; seriesId: string | null }>(
        '/events',
        await validEventInput(t.app, owner, { rrule: 'FREQ=DAILY' }),
      );
      const id = `${series.seriesId ?? series.id.split('_')[0]}_99980601T080000Z`;
      return {
        method: 'PUT',
        url: '/events',
        body: {
          ...(await validEventInput(t.app, owner, {
            // 10:00 in Rome, summer time
            start: '9998-06-01T08:00:00.000Z',
            end: '9998-06-01T09:00:00.000Z',
            summary: 'Spostato',
          })),
          id,
          updateEventOption: 'AFTER',
        },
      };
    },
    expected: 200,
  },
  {
    name: 'DELETE /events/recur: "this and the following" at an occurrence in the year 9998',
    call: async () => {
      const series = await post<{ id: string; seriesId: string | null }>(
        '/events',
        await validEventInput(t.app, owner, { rrule: 'FREQ=DAILY' }),
      );
      const id = `${series.seriesId ?? series.id.split('_')[0]}_99980601T080000Z`;
      return { method: 'DELETE', url: `/events/recur/${id}`, query: { deleteEventOption: 'AFTER' } };
    },
    expected: 200,
  },
  {
    name: 'GET /events: the longest window (366 days) over daily series',
    call: async () => {
      for (let i = 0; i < 5; i++)
        await post('/events', await validEventInput(t.app, owner, { rrule: 'FREQ=DAILY;COUNT=730' }));
      return { method: 'GET', url: '/events', query: { start: '2026-11-23', end: '2027-11-24' } };
    },
    expected: 200,
  },
  {
    name: 'GET /data-exporter/events: the longest range (365 days)',
    call: async () => ({
      method: 'GET',
      url: '/data-exporter/events',
      query: { start: '2026-11-23', end: '2027-11-23' },
    }),
    expected: 200,
  },
  {
    name: 'GET /events/count: the longest range',
    call: async () => ({ method: 'GET', url: '/events/count', query: { start: '2026-11-23', end: '2027-11-23' } }),
    expected: 200,
  },
  {
    name: 'DELETE /events/bulk: the longest range (365 days) over daily series',
    call: async () => {
      // series of its own each try: a retry would otherwise find the range already emptied
      for (let i = 0; i < 5; i++)
        await post('/events', await validEventInput(t.app, owner, { rrule: 'FREQ=DAILY;COUNT=730' }));
      return { method: 'DELETE', url: '/events/bulk', query: { start: '2026-11-23', end: '2027-11-23' } };
    },
    expected: 200,
  },
  {
    name: 'POST /events/duplicate: 100 copies',
    call: async () => {
      const event = await post<{ id: string }>('/events', await validEventInput(t.app, owner));
      const events = Array.from({ length: 100 }, (_, i) => ({
        id: event.id,
        start: new Date(Date.UTC(2027, 0, 1 + i, 9)).toISOString(),
        end: new Date(Date.UTC(2027, 0, 1 + i, 10)).toISOString(),
      }));
      return { method: 'POST', url: '/events/duplicate', body: { events } };
    },
    expected: 200,
  },
  {
    name: 'GET /v2/pazienti: the last page of the largest size',
    call: async () => ({
      method: 'GET',
      url: '/v2/pazienti',
      query: { searchText: 'ver', page: '100000', size: '100' },
    }),
    expected: 200,
  },
  {
    name: 'GET /events/appointments-to-pay: the last page of the largest size',
    call: async () => ({ method: 'GET', url: '/events/appointments-to-pay', query: { page: '100000', size: '100' } }),
    expected: 200,
  },
  {
    name: 'GET /documento-contabile: the last page of the largest size',
    call: async () => ({
      method: 'GET',
      url: '/documento-contabile',
      query: { page: '100000', size: '100', direction: 'DESC' },
    }),
    expected: 200,
  },
  {
    name: 'GET /audit: the largest page',
    call: async () => ({ method: 'GET', url: '/audit', query: { limit: '500' } }),
    expected: 200,
  },
  {
    name: 'GET /analytics/cashflow: the longest range, day by day and month by month',
    call: async () => ({
      method: 'GET',
      url: '/analytics/cashflow',
      query: { startDate: '2017-01-01', endDate: '2026-12-31', granularity: 'BOTH' },
    }),
    expected: 200,
  },
  {
    name: 'GET /analytics/revenue: the longest range',
    call: async () => ({
      method: 'GET',
      url: '/analytics/revenue',
      query: { startDate: '2017-01-01', endDate: '2026-12-31' },
    }),
    expected: 200,
  },
  {
    name: 'GET /documento-contabile/fattura/download-xmls: the longest period (12 months)',
    call: async () => ({
      method: 'GET',
      url: '/documento-contabile/fattura/download-xmls',
      query: { startDate: '01-01-2026', endDate: '31-01-2027' },
    }),
    expected: 200,
  },
  {
    name: 'POST /documento-contabile-passivo/upload: files of the most detail lines allowed, as many as fit in 10 MB',
    call: async () => {
      await post('/settings/documento-contabile-passivo/enable', undefined);
      const files = receivedInvoices('lines');
      return { method: 'POST', url: '/documento-contabile-passivo/upload', files };
    },
    expected: 200,
  },
  {
    name: 'POST /documento-contabile-passivo/upload: two invoices at the SDI limit of 5 MB (a large attachment)',
    call: async () => ({
      method: 'POST',
      url: '/documento-contabile-passivo/upload',
      files: receivedInvoices('text'),
    }),
    expected: 200,
  },
  {
    name: 'POST /pazienti/:id/body-charts: the most points a drawing may hold (60,000)',
    call: async () => {
      const patient = await post<{ id: string }>('/pazienti', validPatientInput());
      const stroke = (k: number) => ({
        color: 'red',
        size: 5,
        opacity: 70,
        points: Array.from({ length: 10_000 }, (_, i) => (i % 2 === 0 ? (i + k) % 400 : (i * 7 + k) % 600)),
      });
      return {
        method: 'POST',
        url: `/pazienti/${patient.id}/body-charts`,
        body: {
          imageId: 2,
          title: 'Tutto il corpo',
          note: null,
          strokes: Array.from({ length: 12 }, (_, k) => stroke(k)),
          valutazioneId: null,
          diarioId: null,
        },
      };
    },
    expected: 200,
  },
  {
    name: 'POST /form-template/pdf: 50 templates of the longest content',
    call: async () => {
      const paragraph = `<p>${'Consenso al trattamento fisioterapico. '.repeat(20)}</p>`;
      const content = paragraph.repeat(Math.floor(200_000 / paragraph.length));
      const template = await post<{ id: string }>('/form-template', { ...validFormTemplateInput(), content });
      const patient = await post<{ id: string }>('/pazienti', validPatientInput());
      return {
        method: 'POST',
        url: '/form-template/pdf',
        body: { templateIds: Array.from({ length: 50 }, () => template.id), pazienteId: patient.id },
      };
    },
    expected: 200,
  },
];

describe('bounded work: the worst accepted input of each route leaves /health answering within 200 ms', () => {
  const figures: Record<string, unknown>[] = [];
  for (const c of cases) {
    it(c.name, async () => {
      // the machine is shared: a spike of someone else's load can slow one /health. Up to three tries, each with its
      // own setup, the best one counts; a route that holds the event loop (the 23 s series of the issue) fails them all.
      const bound = healthBoundMs;
      let result = await whilePollingHealth(await c.call());
      for (let tries = 1; tries < 3 && result.worstHealthMs >= bound; tries++) {
        const again = await whilePollingHealth(await c.call());
        if (again.worstHealthMs < result.worstHealthMs) result = again;
      }
      figures.push({ route: c.name, ...result, bound });
      expect({ status: result.status, answer: result.answer }).toEqual({ status: c.expected, answer: '' });
      expect(result.polls).toBeGreaterThan(0);
      expect(result.worstHealthMs).toBeLessThan(bound);
    }, 120_000);
  }

  it('refuses an upload beyond its bounds before parsing it', async () => {
    const [one] = receivedInvoices('lines');
    const line = (one as string).slice(one?.indexOf('<DettaglioLinee>'), (one?.indexOf('</DettaglioLinee>') ?? 0) + 17);
    const tooLong = (one as string).replace(line, `${line}${line}`);
    const longRes = await fetch(`${base}/app/api/documento-contabile-passivo/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: formOf([tooLong]),
    });
    expect(longRes.status).toBe(400);
    const [big] = receivedInvoices('text');
    const tooMuch = await fetch(`${base}/app/api/documento-contabile-passivo/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: formOf(
        [big, big, big].map((f, i) => (f as string).replace(/<Numero>[^<]*<\/Numero>/, `<Numero>x${i}</Numero>`)),
      ),
    });
    expect(tooMuch.status).toBe(413);
  });

  afterAll(() => {
    // the figures for the decision (decision 033)
    console.table(figures);
  });
});
