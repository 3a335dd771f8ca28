/**
 * "Ricorda i miei dati su questo telefono" (issue 39): the patient's own choice to keep name, contacts and fiscal code
 * in this browser's storage for the next booking; never the notes, never on the server's side, and forgotten as soon
 * as the patient unticks it. The page reads it after it has been drawn (the server cannot see it).
 */
export type RememberedPatient = {
  nome: string;
  cognome: string;
  cellulare: string;
  email: string;
  codiceFiscale: string;
};

const storageKey = 'studiolo.booking.patient';
const fields = ['nome', 'cognome', 'cellulare', 'email', 'codiceFiscale'] as const;

export const readRememberedPatient = (): RememberedPatient | null => {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return null;
    const record = parsed as Record<string, unknown>;
    if (!fields.every((f) => typeof record[f] === 'string' && (record[f] as string).length <= 200)) return null;
    return Object.fromEntries(fields.map((f) => [f, record[f]])) as RememberedPatient;
  } catch {
    return null;
  }
};

/** Keeps the patient's details for next time, or forgets them (null). */
export const rememberPatient = (patient: RememberedPatient | null) => {
  try {
    if (patient)
      localStorage.setItem(storageKey, JSON.stringify(Object.fromEntries(fields.map((f) => [f, patient[f]]))));
    else localStorage.removeItem(storageKey);
  } catch {
    // a browser that refuses storage (private mode) simply does not remember
  }
};
