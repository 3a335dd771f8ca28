import type { SubProcessor } from '@studiolo/domain/legal';
import type { Config } from '../../config/env.ts';

/**
 * The sub-processors of this install (art. 28.2 and 28.4 GDPR), read from the adapters its environment configures
 * (decision 043): a service appears only when it is configured; a built-in simulator is listed as such (nothing leaves
 * the machine). Public bodies the law names (SDI, Sistema TS) are recipients, not sub-processors.
 */
export const subProcessorsOf = (config: Config): SubProcessor[] => {
  const list: SubProcessor[] = [];
  const simulator = (name: string, service: string): SubProcessor => ({
    name,
    service,
    location: 'Sul server di questa installazione: nessun dato esce',
    kind: 'simulatore',
  });

  if (config.STORAGE_DRIVER === 's3')
    list.push({
      name: config.S3_ENDPOINT
        ? `Archivio compatibile S3 (${new URL(config.S3_ENDPOINT).host})`
        : 'Amazon Web Services (S3)',
      service: 'Conservazione dei file: allegati, documenti firmati, PDF e XML delle fatture',
      location: config.S3_ENDPOINT
        ? 'Secondo il contratto con il fornitore dell’archivio'
        : `Regione ${config.S3_REGION}`,
      kind: 'sub-responsabile',
    });

  if (config.SMTP_URL)
    list.push({
      name: `Server di posta (${new URL(config.SMTP_URL).hostname})`,
      service: 'Invio delle e-mail: conferme, promemoria, link di firma',
      location: 'Secondo il contratto con il fornitore della posta',
      kind: 'sub-responsabile',
    });
  else list.push(simulator('Posta locale', 'E-mail conservate in una cartella del server, non spedite'));

  if (config.SMS_PROVIDER === 'twilio')
    list.push({
      name: 'Twilio Ireland Ltd',
      service: 'Invio degli SMS: promemoria degli appuntamenti e codici di firma',
      location: 'Unione europea, con trasferimenti coperti da clausole contrattuali tipo',
      kind: 'sub-responsabile',
    });
  else list.push(simulator('SMS locali', 'SMS conservati sul server e mostrati nell’app, non spediti'));

  if (config.SDI_PROVIDER === 'acube')
    list.push({
      name: 'A-Cube S.r.l.',
      service: 'Intermediario per la trasmissione delle fatture elettroniche allo SDI',
      location: 'Italia',
      kind: 'sub-responsabile',
    });
  else list.push(simulator('Simulatore SDI', 'Fatture elettroniche simulate, non trasmesse allo SDI'));

  if (config.STRIPE_SECRET_KEY)
    list.push({
      name: 'Stripe Payments Europe Ltd',
      service: 'Pagamento dell’abbonamento e del credito SMS (dati dello studio, mai dei pazienti)',
      location: 'Irlanda e Stati Uniti (EU-US Data Privacy Framework)',
      kind: 'sub-responsabile',
    });
  else list.push(simulator('Pagamenti simulati', 'Abbonamenti e credito SMS senza alcun addebito'));

  if (config.GOOGLE_CLIENT_ID)
    list.push({
      name: 'Google Ireland Ltd (Google Calendar)',
      service: 'Sincronizzazione degli appuntamenti, solo per gli studi che la attivano',
      location: 'Unione europea e Stati Uniti (EU-US Data Privacy Framework)',
      kind: 'sub-responsabile',
    });

  if (config.TURNSTILE_SECRET)
    list.push({
      name: 'Cloudflare, Inc. (Turnstile)',
      service: 'Verifica anti-robot sulle pagine di accesso e registrazione',
      location: 'Stati Uniti (EU-US Data Privacy Framework)',
      kind: 'sub-responsabile',
    });

  if (config.SISTEMA_TS_PROVIDER === 'webservice')
    list.push({
      name: 'Sistema Tessera Sanitaria (MEF – Agenzia delle Entrate)',
      service: 'Spese sanitarie per la dichiarazione precompilata, per obbligo di legge',
      location: 'Italia',
      kind: 'destinatario',
    });
  else list.push(simulator('Simulatore Sistema TS', 'Invii al Sistema TS simulati, non trasmessi'));

  if (config.SDI_PROVIDER === 'acube')
    list.push({
      name: 'Sistema di Interscambio (Agenzia delle Entrate)',
      service: 'Ricezione delle fatture elettroniche, per obbligo di legge',
      location: 'Italia',
      kind: 'destinatario',
    });

  return list;
};
