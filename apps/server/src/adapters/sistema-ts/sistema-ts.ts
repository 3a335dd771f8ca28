/**
 * The Sistema Tessera Sanitaria's web services (issue 14): a file of health-expense records is sent and answered
 * with a protocol; the outcome of each record comes later, asked by protocol. The simulator (the default) plans its
 * outcomes when it receives the file; the real service is asked until it has them.
 */

/** A record's error, as the Sistema TS words it (code and description), with the fix in Italian where known. */
export type TsErrore = { codice: string; descrizione: string; suggerimento?: string };

/** The outcome of one record of a file, by its position in the file (0-based). */
export type TsRecordOutcome = { indice: number; esito: 'ACCETTATO' | 'SCARTATO'; errori: TsErrore[] };

export type TsCredentials = {
  cfProprietario: string;
  username: string;
  password: string;
  pincode: string;
  certificatePem: string;
  codiceRegione: string;
  codiceAsl: string;
  codiceSSA: string;
};

/** What the adapter is given: the file, and each record's plain identity (the file's citizen codes are encrypted). */
export type TsFile = {
  xml: string;
  records: { numDocumento: string; dataEmissione: string; cfCittadino: string | null }[];
};

/** The file was taken: its protocol, and (simulator only) the outcomes it will give. */
export type TsSent = { protocollo: string; planned: TsRecordOutcome[] | null };

export type SistemaTsAdapter = {
  provider: 'simulator' | 'webservice';
  /** How the app names the channel to the user: the simulator says it sends nothing. */
  label: string;
  /** A certificate to encrypt with when the studio has loaded none (the simulator's own test certificate). */
  certificatePem: string | null;
  /** 'prova credenziali': null when accepted, else the reason. */
  verifyCredentials: (c: TsCredentials) => Promise<string | null>;
  send: (file: TsFile, c: TsCredentials) => Promise<TsSent>;
  /** The outcomes of a protocol, or null while the Sistema TS is still working on it. */
  outcomes: (protocollo: string, c: TsCredentials) => Promise<TsRecordOutcome[] | null>;
};

/** A failure worth retrying (network, 5xx); anything else is final. */
export class TsTransientError extends Error {
  override readonly name = 'TsTransientError';
}

/** The credentials were refused (401, or the service's own code): final, the user must fix them. */
export class TsCredentialsError extends Error {
  override readonly name = 'TsCredentialsError';
}
