/**
 * The SDI recipient code (codice destinatario), spec part 1 §5 and part 2 §5: upper case, empty becomes null,
 * 6 characters for a public administration (FPA_12, the IPA office code), 7 for private parties (FPR_12), seven
 * zeros when the customer's code is unknown; message "Codice non valido".
 */
import { anagraficaMessages as m } from './anagrafica.messages.ts';

const alphanumeric = /^[A-Z0-9]+$/;

/** spec part 1 §5: trimmed and upper case; an empty code is no code (null). */
export const normalizeCodiceDestinatario = (value: string | null | undefined): string | null => {
  const v = value?.trim().toUpperCase();
  return v ? v : null;
};

/**
 * @returns the Italian error message for a codice destinatario, or null when it is acceptable (also when empty:
 * whether it is required is the form's business).
 */
export function checkCodiceDestinatario(value: string | null, isPubblicaAmministrazione: boolean): string | null {
  const code = normalizeCodiceDestinatario(value);
  if (code === null) return null;
  // '0000000' passes as any 7 alphanumeric characters for a private party; a public administration has no such code
  if (code.length !== (isPubblicaAmministrazione ? 6 : 7) || !alphanumeric.test(code)) {
    return m.codiceDestinatarioInvalid;
  }
  return null;
}
