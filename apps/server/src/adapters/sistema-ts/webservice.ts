import { XMLParser } from 'fast-xml-parser';
import { zipSync } from 'fflate';
import {
  type SistemaTsAdapter,
  type TsCredentials,
  TsCredentialsError,
  type TsRecordOutcome,
  TsTransientError,
} from './sistema-ts.ts';

/**
 * The Sistema TS's SOAP web services (730 precompilato, spese sanitarie): InvioTelematicoSpeseSanitarie730p
 * (inviaFileMtom: the file zipped, inline base64, the pincode encrypted with the certificate, basic authentication with
 * the studio's user and password) and EsitoInvioDatiSpesa730Service (EsitoInvii by protocol). Written from the
 * published WSDL names and from peers' clients; NOT verified against the Sistema TS's test environment from here (no
 * network to it): decision 023 says what to check before using it in production. The per-record errors are in the
 * service's CSV detail (DettaglioErrori730Service), not read yet: a file with errors marks its records refused with
 * the counts, to be looked up on the portal.
 */
export type WebServiceOptions = {
  invioUrl: string;
  esitoUrl: string;
  /** Encrypts with the Sistema TS certificate (RSA PKCS#1 v1.5, base64). */
  encrypt: (certificatePem: string, plaintext: string) => string;
  fetch?: typeof fetch;
};

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const envelope = (ns: string, body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ns="${ns}"><soapenv:Header/><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;

const parser = new XMLParser({ removeNSPrefix: true, parseTagValue: false, processEntities: true });

/** The first element of that name anywhere in the parsed answer. */
const find = (node: unknown, name: string): unknown => {
  if (!node || typeof node !== 'object') return undefined;
  for (const [key, value] of Object.entries(node)) {
    if (key === name) return value;
    const inner = find(value, name);
    if (inner !== undefined) return inner;
  }
  return undefined;
};

export const createSistemaTsWebService = (
  o: Omit<WebServiceOptions, 'encrypt' | 'fetch'> & Partial<WebServiceOptions>,
): SistemaTsAdapter => {
  const doFetch = o.fetch ?? fetch;
  const call = async (url: string, c: TsCredentials, body: string) => {
    let res: Response;
    try {
      res = await doFetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'text/xml; charset=utf-8',
          soapaction: '""',
          authorization: `Basic ${Buffer.from(`${c.username}:${c.password}`).toString('base64')}`,
        },
        body,
        signal: AbortSignal.timeout(60_000),
      });
    } catch (err) {
      throw new TsTransientError(err instanceof Error ? err.message : String(err));
    }
    if (res.status === 401 || res.status === 403)
      throw new TsCredentialsError('Utente o password rifiutati dal Sistema TS.');
    if (res.status >= 502 && res.status <= 504) throw new TsTransientError(`Sistema TS: HTTP ${res.status}`);
    const parsed = parser.parse(await res.text()) as unknown;
    // a SOAP fault is the service refusing the request itself: final, its words shown to the user
    const fault = find(parsed, 'faultstring');
    if (fault !== undefined) throw new Error(`Sistema TS: ${String(fault)}`);
    return parsed;
  };
  const encrypt = o.encrypt;
  if (!encrypt) throw new Error('the Sistema TS web service needs an encrypt function');

  const esito = async (protocollo: string, c: TsCredentials) =>
    call(
      o.esitoUrl,
      c,
      envelope(
        'http://esitoinvio.p730.sanita.sogei.it/',
        `<ns:EsitoInvii><DatiInputRichiesta><pinCode>${xmlEscape(encrypt(c.certificatePem, c.pincode))}</pinCode><protocollo>${xmlEscape(protocollo)}</protocollo></DatiInputRichiesta></ns:EsitoInvii>`,
      ),
    );

  return {
    provider: 'webservice',
    label: 'Sistema Tessera Sanitaria',
    certificatePem: null,
    // a protocol that does not exist: the answer says whether user, password and pincode were accepted
    verifyCredentials: async (c) => {
      const answer = await esito('00000000000000000', c);
      const code = String(find(answer, 'esitoChiamata') ?? '');
      const description = String(find(answer, 'descrizioneEsito') ?? '');
      return /pincode|credenzial|autenticaz/i.test(description)
        ? description
        : code === ''
          ? 'Risposta non riconosciuta.'
          : null;
    },
    send: async (file, c) => {
      const name = `spese-${Date.now()}.xml`;
      const zip = Buffer.from(zipSync({ [name]: new TextEncoder().encode(file.xml) })).toString('base64');
      const proprietario = [
        c.codiceRegione && `<codiceRegione>${xmlEscape(c.codiceRegione)}</codiceRegione>`,
        c.codiceAsl && `<codiceAsl>${xmlEscape(c.codiceAsl)}</codiceAsl>`,
        c.codiceSSA && `<codiceSSA>${xmlEscape(c.codiceSSA)}</codiceSSA>`,
        `<cfProprietario>${xmlEscape(c.cfProprietario)}</cfProprietario>`,
      ]
        .filter(Boolean)
        .join('');
      const answer = await call(
        o.invioUrl,
        c,
        envelope(
          'http://ejb.invioTelematicoSS730p.sanita.finanze.it/',
          `<ns:inviaFileMtom><nomeFileAllegato>${name}.zip</nomeFileAllegato><pincodeInvianteCifrato>${xmlEscape(encrypt(c.certificatePem, c.pincode))}</pincodeInvianteCifrato><datiProprietario>${proprietario}</datiProprietario><documento>${zip}</documento></ns:inviaFileMtom>`,
        ),
      );
      const codice = String(find(answer, 'codiceEsito') ?? '');
      if (codice !== '000') throw new Error(String(find(answer, 'descrizioneEsito') ?? `Esito ${codice}`));
      return { protocollo: String(find(answer, 'protocollo')), planned: null };
    },
    outcomes: async (protocollo, c) => {
      const answer = await esito(protocollo, c);
      const dettaglio = find(answer, 'dettagliEsito');
      const d = (Array.isArray(dettaglio) ? dettaglio[0] : dettaglio) as Record<string, unknown> | undefined;
      if (!d) return null;
      // 0 and 1: still being worked on
      if (d.stato === '0' || d.stato === '1') return null;
      const inviati = Number(d.nInviati ?? 0);
      const errori = Number(d.nErrori ?? 0);
      const outcomes: TsRecordOutcome[] = Array.from({ length: inviati }, (_, indice) =>
        errori === 0
          ? { indice, esito: 'ACCETTATO', errori: [] }
          : {
              indice,
              esito: 'SCARTATO',
              errori: [
                {
                  codice: 'ESITO',
                  descrizione: `Il Sistema TS ha segnalato ${errori} errori nel file (protocollo ${protocollo}).`,
                  suggerimento: 'Scarica il dettaglio degli errori dal portale del Sistema TS.',
                },
              ],
            },
      );
      return outcomes;
    },
  };
};
