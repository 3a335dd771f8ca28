import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type SistemaTsAdapter, TsCredentialsError, type TsRecordOutcome } from './sistema-ts.ts';

/**
 * The built-in Sistema TS simulator, the default: it sends nothing anywhere. It takes a file the app has already
 * checked with the same rules as the Sistema TS (packages/sistema-ts), gives it a protocol as the service does
 * (year, then 17 digits), and accepts every record except what no local check can know: the Anagrafe Tributaria.
 * Citizens' fiscal codes beginning with "XXXXXX" are not registered there (error 40, as the service words it), so a
 * refusal can be tried and corrected. The pincode "0000000000" stands for wrong credentials. Its own test certificate
 * (10 years, no real key behind the Sistema TS) is used when the studio has loaded none.
 */
export const simulatorLabel = 'Simulatore Sistema TS (nessun invio reale)';

const notInAnagrafe = /^XXXXXX/;
const wrongPincode = '0000000000';
const wrongCredentials = 'Utente, password o pincode errati.';
const certificatePem = readFileSync(new URL('./simulator-certificate.pem', import.meta.url), 'utf8');

export const createSistemaTsSimulator = (now: () => Date): SistemaTsAdapter => {
  const planned = new Map<string, TsRecordOutcome[]>();
  return {
    provider: 'simulator',
    label: simulatorLabel,
    certificatePem,
    verifyCredentials: async (c) => (c.pincode === wrongPincode ? wrongCredentials : null),
    send: async (file, c) => {
      if (c.pincode === wrongPincode) throw new TsCredentialsError(wrongCredentials);
      const protocollo = `${now().getFullYear().toString().slice(2)}${String(randomInt(1e9, 1e10 - 1))}${String(randomInt(1e7, 1e8 - 1))}`;
      const outcomes: TsRecordOutcome[] = file.records.map((r, indice) =>
        r.cfCittadino && notInAnagrafe.test(r.cfCittadino)
          ? {
              indice,
              esito: 'SCARTATO',
              errori: [
                {
                  codice: '40',
                  descrizione: `Codice fiscale del cittadino ${r.cfCittadino} non presente in Anagrafe Tributaria`,
                  suggerimento:
                    'Controlla il codice fiscale del paziente sulla sua tessera sanitaria, correggilo nella fattura e invia di nuovo.',
                },
              ],
            }
          : { indice, esito: 'ACCETTATO', errori: [] },
      );
      planned.set(protocollo, outcomes);
      return { protocollo, planned: outcomes };
    },
    outcomes: async (protocollo) => planned.get(protocollo) ?? null,
  };
};
