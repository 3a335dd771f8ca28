import { einvoicingMessages as m } from '@studiolo/domain/einvoicing';
import type { Fattura } from '@studiolo/domain/invoices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { receivedInvoiceXml, todayUi, validPatientInput, validStudioInput } from '../../../test/helpers/factories.ts';
import { apiOk } from '../../../test/helpers/http.ts';
import { createStudioOwner, type TestStudioUser } from '../../../test/helpers/login-as.ts';
import { signWebhook } from './webhook-signature.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const path = '/app/api/sdi/webhook/acube';
const secret = () => t.deps.config.ACUBE_WEBHOOK_SECRET as string;
const now = () => Math.floor(Date.now() / 1000);
const post = (body: Buffer, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });
const signed = (event: unknown, created = now()) => {
  const body = Buffer.from(JSON.stringify(event));
  return { body, headers: signWebhook(secret(), 'POST', path, body, created) };
};

/** An electronic invoice sent through the simulator, delivered: its identifier at the exchange. */
const sentInvoice = async (owner: TestStudioUser) => {
  const patient = await apiOk<{ id: string }>(t.app, {
    method: 'POST',
    url: '/pazienti',
    token: owner.token,
    body: validPatientInput(),
  });
  const f = await apiOk<Fattura>(t.app, {
    method: 'POST',
    url: '/documento-contabile',
    token: owner.token,
    body: {
      pazienteId: patient.id,
      tipoDocumento: 'FATTURA_ELETTRONICA',
      dataFattura: todayUi(),
      prestazione: [{ descrizione: 'Corso di postura', quantita: 1, prezzoPerUnita: 50, codiceIvaId: 4 }],
    },
  });
  await apiOk(t.app, { method: 'POST', url: `/documento-contabile/send-sdi/${f.id}`, token: owner.token });
  for (let i = 0; i < 100; i++) {
    const doc = await apiOk<Fattura>(t.app, { method: 'GET', url: `/documento-contabile/${f.id}`, token: owner.token });
    if (doc.sdiNotifications.length) return { id: f.id, identificativo: doc.sdiInvii[0]?.identificativoSdi as string };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no answer from the simulator');
};

describe("the intermediary's webhook", () => {
  it('records an answer of the SDI about a file sent from here', async () => {
    const owner = await createStudioOwner(t.app);
    const { id, identificativo } = await sentInvoice(owner);
    const { body, headers } = signed({
      event: 'notification',
      invoice_uuid: identificativo,
      type: 'AT',
      message: { identificativo_sdi: identificativo, nome_file: 'x.xml', data_ora_ricezione: new Date().toISOString() },
    });
    const res = await post(body, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toEqual({ esito: 'REGISTRATA' });
    const doc = await apiOk<Fattura>(t.app, { method: 'GET', url: `/documento-contabile/${id}`, token: owner.token });
    expect(doc.sdiNotifications.map((n) => n.type)).toEqual(['MC', 'AT']);
  });

  it('refuses a call without signature, with a wrong one, or whose body was changed', async () => {
    const { body, headers } = signed({ event: 'notification', invoice_uuid: 'x', type: 'RC', message: {} });
    const unsigned = await post(body, {});
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toEqual({ code: 'ERROR', answer: m.webhookSignature });
    const wrongKey = signWebhook('another-secret-0123456789', 'POST', path, body, now());
    expect((await post(body, wrongKey)).statusCode).toBe(401);
    const changed = Buffer.from(body.toString().replace('RC', 'NS'));
    expect((await post(changed, headers)).statusCode).toBe(401);
  });

  it('refuses a replayed call and one signed too long ago', async () => {
    const first = signed({ event: 'notification', invoice_uuid: 'y', type: 'RC', message: {} });
    expect((await post(first.body, first.headers)).statusCode).toBe(200);
    const replay = await post(first.body, first.headers);
    expect(replay.statusCode).toBe(409);
    expect(replay.json().answer).toBe(m.webhookReplay);
    const old = signed({ event: 'notification', invoice_uuid: 'z', type: 'RC', message: {} }, now() - 600);
    expect((await post(old.body, old.headers)).statusCode).toBe(409);
  });

  it('imports an invoice received for a studio, and only for it', async () => {
    const owner = await createStudioOwner(t.app);
    const other = await createStudioOwner(t.app);
    for (const o of [owner, other])
      await apiOk(t.app, { method: 'POST', url: '/settings/documento-contabile-passivo/enable', token: o.token });
    // the first studio with a VAT number of its own; the official example addressed to it
    await apiOk(t.app, {
      method: 'PUT',
      url: '/studio',
      token: owner.token,
      body: validStudioInput({ partitaIva: '03456780372' }),
    });
    const xml = receivedInvoiceXml('WH-1').replace(
      '<CodiceFiscale>09876543210</CodiceFiscale>',
      '<CodiceFiscale>03456780372</CodiceFiscale>',
    );
    const { body, headers } = signed({
      event: 'invoice_received',
      file_name: 'IT01234567890_WH001.xml',
      payload: Buffer.from(xml).toString('base64'),
    });
    const res = await post(body, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toEqual({ esito: 'IMPORTATA' });
    const lists = await Promise.all(
      [owner, other].map((o) =>
        apiOk<{ content: { numero: string; origine: string }[] }>(t.app, {
          method: 'GET',
          url: '/documento-contabile-passivo',
          token: o.token,
        }),
      ),
    );
    expect(lists[0]?.content.map((r) => [r.numero, r.origine])).toEqual([['WH-1', 'SDI']]);
    expect(lists[1]?.content.map((r) => [r.numero, r.origine])).toEqual([]);
  });

  it('says when a received invoice is addressed to no studio here', async () => {
    const { body, headers } = signed({
      event: 'invoice_received',
      file_name: 'IT01234567890_WH002.xml',
      payload: Buffer.from(receivedInvoiceXml('WH-2')).toString('base64'),
    });
    const res = await post(body, headers);
    expect(res.statusCode).toBe(404);
    expect(res.json().answer).toBe(m.notAddressable);
  });
});
