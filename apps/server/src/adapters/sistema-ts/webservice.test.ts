import { readFileSync } from 'node:fs';
import { encryptWithCertificate } from '@studiolo/sistema-ts';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { TsCredentials } from './sistema-ts.ts';
import { createSistemaTsWebService } from './webservice.ts';

/*
 * The web-service adapter against answers shaped as the Sistema TS's (its WSDL names): what it sends (basic
 * authentication, the pincode encrypted, the file zipped) and how it reads a protocol and an outcome. Not a test of
 * the real service, which is not reachable from here (decision 023).
 */
const certificatePem = readFileSync(new URL('./simulator-certificate.pem', import.meta.url), 'utf8');
const c: TsCredentials = {
  cfProprietario: 'RSSMRA85T10A562S',
  username: 'RSSMRA85T10A562S',
  password: 'Segreta-1',
  pincode: '1234567890',
  certificatePem,
  codiceRegione: '',
  codiceAsl: '',
  codiceSSA: '',
};
const soap = (body: string) =>
  new Response(
    `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`,
    { headers: { 'content-type': 'text/xml' } },
  );

describe('the Sistema TS web-service adapter', () => {
  it('sends the zipped file with basic authentication and the pincode encrypted, and reads the protocol', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const adapter = createSistemaTsWebService({
      invioUrl: 'https://invio.example/InvioTelematicoSS730pMtomPort',
      esitoUrl: 'https://invio.example/EsitoInvioDatiSpesa730Service',
      encrypt: encryptWithCertificate,
      fetch: (async (url: string, init: RequestInit) => {
        seen.push({ url, init });
        return soap(
          '<ns2:inviaFileMtomResponse xmlns:ns2="http://ejb.invioTelematicoSS730p.sanita.finanze.it/"><return><codiceEsito>000</codiceEsito><protocollo>26112512345678901</protocollo></return></ns2:inviaFileMtomResponse>',
        );
      }) as typeof fetch,
    });
    const sent = await adapter.send({ xml: '<precompilata/>', records: [] }, c);
    expect(sent.protocollo).toBe('26112512345678901');
    const { init } = seen[0] as { init: RequestInit };
    const headers = init.headers as Record<string, string>;
    expect(headers.authorization).toBe(`Basic ${Buffer.from('RSSMRA85T10A562S:Segreta-1').toString('base64')}`);
    const body = String(init.body);
    expect(body).not.toContain('1234567890');
    expect(body).toContain('<cfProprietario>RSSMRA85T10A562S</cfProprietario>');
    const zip = Buffer.from(/<documento>([^<]+)<\/documento>/.exec(body)?.[1] ?? '', 'base64');
    const files = unzipSync(new Uint8Array(zip));
    expect(new TextDecoder().decode(Object.values(files)[0])).toBe('<precompilata/>');
  });

  it('reads an outcome still being worked on as none yet, and a finished one record by record', async () => {
    let stato = '1';
    const adapter = createSistemaTsWebService({
      invioUrl: 'https://invio.example/a',
      esitoUrl: 'https://invio.example/b',
      encrypt: encryptWithCertificate,
      fetch: (async () =>
        soap(
          `<ns2:EsitoInviiResponse xmlns:ns2="http://esitoinvio.p730.sanita.sogei.it/"><datiOutput><esitoChiamata>0</esitoChiamata><esitiPositivi><dettagliEsito><protocollo>p</protocollo><stato>${stato}</stato><nInviati>2</nInviati><nAccolti>2</nAccolti><nErrori>0</nErrori></dettagliEsito></esitiPositivi></datiOutput></ns2:EsitoInviiResponse>`,
        )) as typeof fetch,
    });
    expect(await adapter.outcomes('p', c)).toBeNull();
    stato = '2';
    expect(await adapter.outcomes('p', c)).toEqual([
      { indice: 0, esito: 'ACCETTATO', errori: [] },
      { indice: 1, esito: 'ACCETTATO', errori: [] },
    ]);
  });

  it('wrong credentials are final, a gateway failure is retried', async () => {
    const make = (status: number) =>
      createSistemaTsWebService({
        invioUrl: 'https://invio.example/a',
        esitoUrl: 'https://invio.example/b',
        encrypt: encryptWithCertificate,
        fetch: (async () => new Response('', { status })) as typeof fetch,
      });
    await expect(make(401).send({ xml: '<x/>', records: [] }, c)).rejects.toMatchObject({ name: 'TsCredentialsError' });
    await expect(make(503).send({ xml: '<x/>', records: [] }, c)).rejects.toMatchObject({ name: 'TsTransientError' });
  });
});
