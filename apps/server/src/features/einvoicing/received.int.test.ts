import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { einvoicingMessages as m } from '@studiolo/domain/einvoicing';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { receivedInvoiceXml } from '../../../test/helpers/factories.ts';
import { apiOk } from '../../../test/helpers/http.ts';
import { createStudioOwner, type TestStudioUser } from '../../../test/helpers/login-as.ts';
import { multipartFiles } from '../../../test/helpers/multipart.ts';
import { documentiRicevuti } from '../../db/schema/index.ts';
import { sweepDeletedFiles } from '../clinical/attachments.service.ts';
import { moveReceivedXmlToStorage } from './einvoicing.service.ts';

const examples = path.resolve(import.meta.dirname, '../../../../../../shared/fixtures/fatturapa/examples');

let t: TestApp;
let work: string;
beforeAll(async () => {
  t = await buildTestApp();
  // a signer of our own, as a supplier's qualified certificate would be (openssl, offline)
  work = mkdtempSync(path.join(tmpdir(), 'studiolo-p7m-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '3650',
      '-subj',
      '/CN=ALPHA SRL/serialNumber=IT01234567890',
      '-keyout',
      path.join(work, 'key.pem'),
      '-out',
      path.join(work, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

/** A .p7m of the XML: DER, or BER with indefinite lengths (openssl's streaming mode). */
const signed = (xml: string, mode: 'der' | 'ber') => {
  const input = path.join(work, `in-${Math.random()}.xml`);
  writeFileSync(input, xml);
  const out = `${input}.p7m`;
  execFileSync('openssl', [
    'cms',
    '-sign',
    ...(mode === 'ber' ? ['-stream'] : []),
    '-binary',
    '-nodetach',
    '-outform',
    'DER',
    '-in',
    input,
    '-signer',
    path.join(work, 'cert.pem'),
    '-inkey',
    path.join(work, 'key.pem'),
    '-out',
    out,
  ]);
  return readFileSync(out);
};

type Outcome = {
  fileName: string;
  esito: string;
  messaggio: string | null;
  documenti: { id: string; totale: number; avvisi: number }[];
};
const upload = async (owner: TestStudioUser, files: { fileName: string; bytes: Buffer }[]) => {
  const body = multipartFiles(
    'files',
    files.map((f) => ({ ...f, contentType: 'application/octet-stream' })),
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/app/api/documento-contabile-passivo/upload',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() as { answer?: string; response?: Outcome[] } };
};
const enabledOwner = async () => {
  const owner = await createStudioOwner(t.app);
  await apiOk(t.app, { method: 'POST', url: '/settings/documento-contabile-passivo/enable', token: owner.token });
  return owner;
};
type Received = {
  content: { numero: string; totale: number; iva: number; avvisi: { codice: string }[]; firma: unknown }[];
  totalElements: number;
};
const list = (owner: TestStudioUser) =>
  apiOk<Received>(t.app, { method: 'GET', url: '/documento-contabile-passivo', token: owner.token });

/** The file columns of a studio's received rows (what the database keeps), oldest first. */
const rowsOf = (owner: TestStudioUser) =>
  t.deps.db
    .select({ id: documentiRicevuti.id, storageKey: documentiRicevuti.storageKey, xml: documentiRicevuti.xml })
    .from(documentiRicevuti)
    .where(eq(documentiRicevuti.studioId, owner.studioId))
    .orderBy(asc(documentiRicevuti.createdAt), asc(documentiRicevuti.indice));
/** The keys of a studio's received files in local storage. */
const storedFiles = (owner: TestStudioUser) => {
  const dir = path.join(t.dataDir, 'files', owner.studioId, 'einvoicing', 'received');
  return existsSync(dir) ? readdirSync(dir).map((f) => `${owner.studioId}/einvoicing/received/${f}`) : [];
};
const downloadXml = (owner: TestStudioUser, id: string) =>
  t.app.inject({
    method: 'GET',
    url: `/app/api/documento-contabile-passivo/${id}/download-xml`,
    headers: { authorization: `Bearer ${owner.token}` },
  });

describe('received invoices (fatturazione passiva)', () => {
  it('refuses an upload while passive invoicing is off', async () => {
    const owner = await createStudioOwner(t.app);
    const res = await upload(owner, [{ fileName: 'a.xml', bytes: Buffer.from(receivedInvoiceXml()) }]);
    expect(res.status).toBe(400);
    expect(res.body.answer).toBe(m.passiveDisabled);
  });

  it('imports every official example with its totals; a batch gives one cost per invoice; broken arithmetic is a warning', async () => {
    const owner = await enabledOwner();
    const files = readdirSync(examples)
      .filter((f) => f.endsWith('.xml'))
      .map((f) => ({ fileName: f, bytes: readFileSync(path.join(examples, f)) }));
    const res = await upload(owner, files);
    expect(res.status).toBe(200);
    expect(res.body.response?.map((o) => [o.fileName, o.esito, o.documenti.map((d) => d.totale)])).toEqual([
      ['IT01234567890_FPA01.xml', 'IMPORTATA', [6.1]],
      ['IT01234567890_FPA02.xml', 'IMPORTATA', [30.5]],
      ['IT01234567890_FPA03.xml', 'IMPORTATA', [30.5, 2440]],
      ['IT01234567890_FPR01.xml', 'IMPORTATA', [6.1]],
      ['IT01234567890_FPR02.xml', 'IMPORTATA', [32.95]],
      ['IT01234567890_FPR03.xml', 'IMPORTATA', [32.95, 2440]],
    ]);
    const received = await list(owner);
    expect(received.totalElements).toBe(8);
    const fpr02 = received.content.find((r) => r.totale === 32.95);
    expect(fpr02?.avvisi.map((a) => a.codice)).toContain('00422');
    // the overview counts them as costs of their year
    const stats = await apiOk<Record<string, { costo: number; nrFattureRicevute: number }>>(t.app, {
      method: 'GET',
      url: '/documento-contabile/fattura/stats',
      token: owner.token,
      query: { year: '2014' },
    });
    expect(stats['2014']).toMatchObject({ costo: 6.1 + 32.95 + 32.95 + 2440, nrFattureRicevute: 4 });
  });

  it('imports a file once: the same file again is said already imported', async () => {
    const owner = await enabledOwner();
    const xml = Buffer.from(receivedInvoiceXml('A-1'));
    expect((await upload(owner, [{ fileName: 'f.xml', bytes: xml }])).body.response?.[0]?.esito).toBe('IMPORTATA');
    const again = await upload(owner, [{ fileName: 'f.xml', bytes: xml }]);
    expect(again.body.response?.[0]).toMatchObject({ esito: 'GIA_IMPORTATA', messaggio: m.alreadyImported });
    expect((await list(owner)).totalElements).toBe(1);
  });

  it('opens signed .p7m files, DER, BER with indefinite lengths and base64, verifying the signature', async () => {
    const owner = await enabledOwner();
    const res = await upload(owner, [
      { fileName: 'der.xml.p7m', bytes: signed(receivedInvoiceXml('P-1'), 'der') },
      { fileName: 'ber.xml.p7m', bytes: signed(receivedInvoiceXml('P-2'), 'ber') },
      { fileName: 'b64.xml.p7m', bytes: Buffer.from(signed(receivedInvoiceXml('P-3'), 'der').toString('base64')) },
    ]);
    expect(res.body.response?.map((o) => o.esito)).toEqual(['IMPORTATA', 'IMPORTATA', 'IMPORTATA']);
    const received = await list(owner);
    expect(received.content.map((r) => r.firma)).toEqual([
      { firmatario: 'ALPHA SRL', verificata: true },
      { firmatario: 'ALPHA SRL', verificata: true },
      { firmatario: 'ALPHA SRL', verificata: true },
    ]);
  });

  it('refuses a .p7m whose content was changed after signing, and imports nothing of it', async () => {
    const owner = await enabledOwner();
    const p7m = signed(receivedInvoiceXml('T-1'), 'der');
    const at = p7m.indexOf('ALPHA SRL');
    p7m[at] = 'B'.charCodeAt(0);
    const res = await upload(owner, [{ fileName: 'x.xml.p7m', bytes: p7m }]);
    expect(res.status).toBe(400);
    expect(res.body.answer).toEqual([`x.xml.p7m: ${m.badSignature}`]);
    expect((await list(owner)).totalElements).toBe(0);
  });

  it('refuses hostile or wrong files one by one, importing the good ones of the same upload', async () => {
    const owner = await enabledOwner();
    const xxe = receivedInvoiceXml('H-1').replace(
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE p [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
    );
    const res = await upload(owner, [
      { fileName: 'xxe.xml', bytes: Buffer.from(xxe) },
      { fileName: 'note.txt', bytes: Buffer.from('ciao') },
      { fileName: 'broken.xml', bytes: Buffer.from('<p:FatturaElettronica') },
      { fileName: 'junk.xml.p7m', bytes: Buffer.from('non è una busta firmata') },
      { fileName: 'good.xml', bytes: Buffer.from(receivedInvoiceXml('H-2')) },
    ]);
    expect(res.body.response?.map((o) => [o.esito, o.messaggio])).toEqual([
      ['ERRORE', expect.stringContaining('DOCTYPE')],
      ['ERRORE', m.fileType],
      ['ERRORE', expect.stringContaining('non è un XML valido')],
      ['ERRORE', m.notP7m],
      ['IMPORTATA', null],
    ]);
    expect((await list(owner)).totalElements).toBe(1);
  });

  it('keeps the file in storage, not in the row, and downloads it as it came (without its .p7m envelope)', async () => {
    const owner = await enabledOwner();
    const xml = receivedInvoiceXml('S-1');
    const res = await upload(owner, [
      { fileName: 'IT01234567890_S1.xml', bytes: Buffer.from(`\uFEFF${xml}`) },
      { fileName: 'IT01234567890_S2.xml.p7m', bytes: signed(receivedInvoiceXml('S-2'), 'der') },
    ]);
    const [plain, p7m] = (res.body.response ?? []).map((o) => o.documenti[0]?.id as string);
    const rows = await rowsOf(owner);
    expect(rows.map((r) => r.xml)).toEqual([null, null]);
    expect(storedFiles(owner).sort()).toEqual(rows.map((r) => r.storageKey).sort());
    const download = await downloadXml(owner, plain as string);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename="IT01234567890_S1.xml"');
    expect(download.body).toBe(xml);
    const fromP7m = await downloadXml(owner, p7m as string);
    expect(fromP7m.headers['content-disposition']).toBe('attachment; filename="IT01234567890_S2.xml"');
    expect(fromP7m.body).toBe(receivedInvoiceXml('S-2'));
  });

  it('stores a file of several invoices once, and nothing more when the same file comes again', async () => {
    const owner = await enabledOwner();
    const bytes = readFileSync(path.join(examples, 'IT01234567890_FPR03.xml'));
    await upload(owner, [{ fileName: 'lotto.xml', bytes }]);
    expect((await upload(owner, [{ fileName: 'lotto.xml', bytes }])).body.response?.[0]?.esito).toBe('GIA_IMPORTATA');
    const rows = await rowsOf(owner);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.storageKey)).size).toBe(1);
    expect(storedFiles(owner)).toEqual([rows[0]?.storageKey]);
  });

  it('moves the XML of rows written before migration 0028 to storage, and serves them before and after', async () => {
    const owner = await enabledOwner();
    const bytes = readFileSync(path.join(examples, 'IT01234567890_FPR03.xml'));
    await upload(owner, [{ fileName: 'vecchia.xml', bytes }]);
    // as an older version wrote them: the XML in each row of the file, no stored object
    const [old] = await rowsOf(owner);
    await t.deps.db.execute(
      sql`update documenti_ricevuti set xml = ${bytes.toString('utf8')}, storage_key = null where studio_id = ${owner.studioId}`,
    );
    await t.deps.storage.delete(old?.storageKey as string);
    const before = await downloadXml(owner, old?.id as string);
    expect(before.statusCode).toBe(200);
    expect(before.body).toBe(bytes.toString('utf8'));

    expect(await moveReceivedXmlToStorage(t.deps)).toBeGreaterThanOrEqual(1);
    const rows = await rowsOf(owner);
    expect(rows.map((r) => r.xml)).toEqual([null, null]);
    expect(new Set(rows.map((r) => r.storageKey)).size).toBe(1);
    expect(storedFiles(owner)).toEqual([rows[0]?.storageKey]);
    const after = await downloadXml(owner, old?.id as string);
    expect(after.body).toBe(bytes.toString('utf8'));
    // nothing left to move: a second start moves nothing of this studio
    await moveReceivedXmlToStorage(t.deps);
    expect((await rowsOf(owner)).map((r) => r.storageKey)).toEqual(rows.map((r) => r.storageKey));
  });

  it('removes a deleted studio’s received files from storage (the trigger records them, the sweep deletes them)', async () => {
    const owner = await enabledOwner();
    await upload(owner, [{ fileName: 'a.xml', bytes: Buffer.from(receivedInvoiceXml('D-1')) }]);
    await upload(owner, [{ fileName: 'b.xml', bytes: readFileSync(path.join(examples, 'IT01234567890_FPR03.xml')) }]);
    expect(storedFiles(owner)).toHaveLength(2);
    await t.deps.db.execute(sql`delete from studios where id = ${owner.studioId}`);
    await sweepDeletedFiles(t.deps);
    expect(storedFiles(owner)).toEqual([]);
  });

  it('warns when a received invoice is addressed to someone else', async () => {
    const owner = await enabledOwner();
    await upload(owner, [{ fileName: 'f.xml', bytes: Buffer.from(receivedInvoiceXml('W-1')) }]);
    const [row] = (await list(owner)).content;
    expect(row?.avvisi.map((a) => a.codice)).toContain('DESTINATARIO');
  });
});
