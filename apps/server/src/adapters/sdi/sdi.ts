/**
 * The SDI intermediary (issue 13): sends a FatturaPA file and tells its identifier at the exchange; the exchange's
 * answers (spec part 2 §3 "SDI notification") come back later, through the intermediary's webhook, or, from the
 * simulator, planned at sending time and delivered by the job queue after a delay.
 */
export const sdiNotificationTypes = ['NS', 'SE', 'DT', 'RC', 'NE', 'MC', 'MT', 'EC', 'AT'] as const;
export type SdiNotificationType = (typeof sdiNotificationTypes)[number];

export type SdiErrore = { codice: string; descrizione: string; suggerimento: string };

/** The message of a notification, with the fields the spec names (lista_errori, accepted_p_a, esito_committente). */
export type SdiNotificationMessage = {
  identificativo_sdi: string;
  nome_file: string;
  data_ora_ricezione: string;
  descrizione?: string;
  lista_errori?: { errore: SdiErrore[] };
  accepted_p_a?: boolean;
  esito_committente?: { esito: 'EC01' | 'EC02'; descrizione: string };
};

export type SdiPlannedNotification = { type: SdiNotificationType; message: SdiNotificationMessage };

export type SdiSent = {
  identificativoSdi: string;
  /** The simulator's answers, in order; empty for a real intermediary (its answers arrive by webhook). */
  planned: SdiPlannedNotification[];
};

export type SdiAdapter = {
  provider: 'simulator' | 'acube';
  /** How the app names the channel to the user: the simulator says it sends nothing. */
  label: string;
  send: (file: { fileName: string; xml: string }) => Promise<SdiSent>;
};

/** A failure of the intermediary worth retrying (network, 5xx); anything else is final. */
export class SdiTransientError extends Error {
  override readonly name = 'SdiTransientError';
}
