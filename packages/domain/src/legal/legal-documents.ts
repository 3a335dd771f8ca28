/**
 * The product's legal documents (issue 30 item 4, decision 043): each with its versions, the last one in force. A
 * document's text changes only with a new version here (its date the day it takes effect); a signed-in user who has
 * not accepted the version in force is shown it to accept again. Free of zod: the public pages import it.
 */
export const legalDocumentIds = ['termini', 'privacy', 'dpa', 'cookie'] as const;
export type LegalDocumentId = (typeof legalDocumentIds)[number];

export type LegalVersion = {
  /** The version's id, as recorded with an acceptance. */
  version: string;
  /** ISO date (yyyy-mm-dd) from which it applies. */
  date: string;
  /** What changed, in a line. */
  note: string;
};

export type LegalDocument = {
  id: LegalDocumentId;
  title: string;
  /** Oldest first; the last is the one in force. */
  versions: readonly [LegalVersion, ...LegalVersion[]];
};

export const legalDocuments: Record<LegalDocumentId, LegalDocument> = {
  termini: {
    id: 'termini',
    title: 'Termini e condizioni di servizio',
    versions: [
      { version: '1.0', date: '2026-11-22', note: 'Prima versione.' },
      {
        version: '2.0',
        date: '2026-11-27',
        note: 'Riscritti per intero: prova gratuita, piani, credito SMS, recesso, sospensione e restituzione dei dati.',
      },
    ],
  },
  privacy: {
    id: 'privacy',
    title: 'Informativa sulla privacy',
    versions: [
      { version: '1.0', date: '2026-11-22', note: 'Prima versione.' },
      {
        version: '2.0',
        date: '2026-11-27',
        note: 'Informativa completa ai sensi dell’art. 13 GDPR: basi giuridiche, tempi di conservazione, destinatari.',
      },
    ],
  },
  dpa: {
    id: 'dpa',
    title: 'Accordo sul trattamento dei dati (art. 28 GDPR)',
    versions: [{ version: '1.0', date: '2026-11-27', note: 'Prima versione.' }],
  },
  cookie: {
    id: 'cookie',
    title: 'Informativa sui cookie',
    versions: [{ version: '1.0', date: '2026-11-27', note: 'Prima versione.' }],
  },
};

/** The version in force of a document. */
export const currentLegalVersion = (id: LegalDocumentId): LegalVersion => {
  const { versions } = legalDocuments[id];
  return versions[versions.length - 1] as LegalVersion;
};

/** The versions in force of every document, as the sign-up form sends them. */
export const currentLegalVersions = (): Record<LegalDocumentId, string> =>
  Object.fromEntries(legalDocumentIds.map((id) => [id, currentLegalVersion(id).version])) as Record<
    LegalDocumentId,
    string
  >;

/** Whether `version` is one of the document's versions (in force or earlier). */
export const isKnownLegalVersion = (id: LegalDocumentId, version: string) =>
  legalDocuments[id].versions.some((v) => v.version === version);

/** The documents whose version in force is not among those accepted (document → versions accepted). */
export const pendingLegalDocuments = (accepted: ReadonlyArray<{ document: string; version: string }>) =>
  legalDocumentIds.filter(
    (id) => !accepted.some((a) => a.document === id && a.version === currentLegalVersion(id).version),
  );

/** Where each document is read: /documenti-legali#<anchor>. */
export const legalDocumentPath = (id: LegalDocumentId) => `/documenti-legali#${id}`;

/** A sub-processor (or a recipient by law) of this install, as GET /legal/documents lists it. */
export type SubProcessor = {
  name: string;
  /** What it does for the platform. */
  service: string;
  /** Where the data are processed. */
  location: string;
  /** 'sub-responsabile' (art. 28.4), 'destinatario' (a public body the law names), 'simulatore' (nothing leaves). */
  kind: 'sub-responsabile' | 'destinatario' | 'simulatore';
};

/**
 * Who runs this install (the «Fornitore» of the documents: controller for its users, processor for the studios), as
 * its environment names it; null when the install does not say.
 */
export type LegalOperator = {
  name: string;
  address: string | null;
  vatNumber: string | null;
  pec: string | null;
};

/** GET /legal/documents: the versions in force, who runs this install and its sub-processors. */
export type LegalPublicInfo = {
  documents: { id: LegalDocumentId; title: string; version: string; date: string }[];
  operator: LegalOperator | null;
  subProcessors: SubProcessor[];
};

/** GET /legal/acceptances: what the signed-in user accepted, and what they still have to. */
export type LegalStatus = {
  accepted: { document: LegalDocumentId; version: string; acceptedAt: string }[];
  pending: LegalDocumentId[];
};

export const legalMessages = {
  signupCheckboxRequired: 'Per registrarti devi accettare i documenti',
  unknownVersion: 'Questa versione del documento non esiste: ricarica la pagina e rileggi i documenti',
  notCurrentVersion: 'Il documento è stato aggiornato nel frattempo: ricarica la pagina e leggi la nuova versione',
  accepted: 'Grazie, abbiamo registrato la tua accettazione',
  gateTitle: 'Abbiamo aggiornato i nostri documenti',
  gateIntro:
    'Per continuare a usare Studiolo leggi le nuove versioni dei documenti qui sotto e conferma di averle lette e accettate.',
  gateChanges: 'Che cosa cambia',
  gateCheckbox: 'Ho letto e accetto le nuove versioni',
  gateAccept: 'Accetta e continua',
  gateSignOut: 'Esci',
  version: (version: string, date: string) => `Versione ${version} in vigore dal ${formatIsoDate(date)}`,
} as const;

/** yyyy-mm-dd → dd/mm/yyyy (no Intl: the public pages' chunks stay small). */
const formatIsoDate = (iso: string) => iso.split('-').reverse().join('/');
