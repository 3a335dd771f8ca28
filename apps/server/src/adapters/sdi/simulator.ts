import { randomInt } from 'node:crypto';
import { formatUiDate, uiDateToIso } from '@studiolo/domain/shared';
import { checkSdiRules, FatturaPaParseError, parseFatturaPaXml, type SdiCheckError } from '@studiolo/fatturapa';
import type { SdiAdapter, SdiNotificationMessage, SdiPlannedNotification } from './sdi.ts';

/**
 * The built-in SDI simulator, the default: it sends nothing anywhere. It reads the file as the exchange would, runs
 * the same checks as the app (so a file the app let through passes here too), and plans realistic answers:
 * NS with the errors found; MC for a private customer without a code or PEC (the invoice waits in their reserved
 * area); RC when delivered; for a public body RC then NE with its acceptance (EC01). A few recipient codes stand
 * for what no local check can know, so that every answer can be tried and handled:
 * - "ZZ…": not registered at the exchange (NS 00311), a correct-looking invoice refused and then corrected;
 * - a public body's office "RF…": delivered, then refused by the office (NE EC02);
 * - "DT…": delivered, and the office does not answer within 15 days (DT, decorrenza termini);
 * - "AT…": the office cannot be reached (MC, then AT after the exchange's 10 days of attempts).
 */
export const simulatorLabel = 'Simulatore SDI (nessun invio reale)';

const notRegistered = /^ZZ/;

const errorsOf = (xml: string, today: string): SdiCheckError[] => {
  let model: ReturnType<typeof parseFatturaPaXml>;
  try {
    model = parseFatturaPaXml(xml);
  } catch (err) {
    if (!(err instanceof FatturaPaParseError)) throw err;
    return [
      {
        codice: '00200',
        descrizione: `File non conforme al formato: ${err.message}`,
        suggerimento: 'Rigenera il file dalla fattura.',
      },
    ];
  }
  const errors = checkSdiRules(model, { today });
  const code = model.datiTrasmissione.codiceDestinatario;
  if (notRegistered.test(code))
    errors.push({
      codice: '00311',
      descrizione: `1.1.4 <CodiceDestinatario> non valido: ${code} non è registrato presso lo SDI`,
      suggerimento:
        'Il codice destinatario non risulta allo SDI: chiedi al cliente quello corretto, oppure usa 0000000 con la sua PEC.',
    });
  return errors;
};

export const createSdiSimulator = (now: () => Date): SdiAdapter => ({
  provider: 'simulator',
  label: simulatorLabel,
  send: async ({ fileName, xml }) => {
    const identificativoSdi = String(randomInt(1_000_000_000, 9_999_999_999));
    const base: SdiNotificationMessage = {
      identificativo_sdi: identificativoSdi,
      nome_file: fileName,
      data_ora_ricezione: now().toISOString(),
    };
    const errors = errorsOf(xml, uiDateToIso(formatUiDate(now())));
    const planned: SdiPlannedNotification[] = [];
    if (errors.length) planned.push({ type: 'NS', message: { ...base, lista_errori: { errore: errors } } });
    else {
      const model = parseFatturaPaXml(xml);
      const t = model.datiTrasmissione;
      const code = t.codiceDestinatario;
      const consegnataPa: SdiPlannedNotification = {
        type: 'RC',
        message: { ...base, descrizione: 'Fattura consegnata alla pubblica amministrazione.' },
      };
      if (t.formatoTrasmissione === 'FPA12' && code.startsWith('AT')) {
        planned.push({
          type: 'MC',
          message: { ...base, descrizione: "Impossibilità di recapito all'ufficio della pubblica amministrazione." },
        });
        planned.push({
          type: 'AT',
          message: {
            ...base,
            descrizione:
              "Attestazione di avvenuta trasmissione con impossibilità di recapito: la fattura vale come emessa; inviala all'ente con altri mezzi insieme all'attestazione.",
          },
        });
      } else if (t.formatoTrasmissione === 'FPA12' && code.startsWith('DT')) {
        planned.push(consegnataPa);
        planned.push({
          type: 'DT',
          message: {
            ...base,
            descrizione:
              "Sono trascorsi 15 giorni dalla consegna senza l'esito dell'ente: la fattura non può più essere rifiutata.",
          },
        });
      } else if (t.formatoTrasmissione === 'FPA12' && code.startsWith('RF')) {
        planned.push(consegnataPa);
        planned.push({
          type: 'NE',
          message: {
            ...base,
            accepted_p_a: false,
            esito_committente: {
              esito: 'EC02',
              descrizione:
                "Fattura rifiutata dall'ente: CIG non corrispondente al contratto. Emetti una nota di credito e una nuova fattura.",
            },
          },
        });
      } else if (t.formatoTrasmissione === 'FPA12') {
        planned.push(consegnataPa);
        planned.push({
          type: 'NE',
          message: {
            ...base,
            accepted_p_a: true,
            esito_committente: { esito: 'EC01', descrizione: 'Fattura accettata dalla pubblica amministrazione.' },
          },
        });
      } else if (code === '0000000' && !t.pecDestinatario)
        planned.push({
          type: 'MC',
          message: {
            ...base,
            descrizione:
              "Impossibilità di recapito: la fattura è a disposizione del cliente nella sua area riservata dell'Agenzia delle Entrate. Consegnagli una copia di cortesia.",
          },
        });
      else planned.push({ type: 'RC', message: { ...base, descrizione: 'Fattura consegnata al destinatario.' } });
    }
    return { identificativoSdi, planned };
  },
});
