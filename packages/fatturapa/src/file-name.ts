import type { IdFiscale } from './model.ts';

/**
 * SDI file names (Specifiche tecniche §2.2): country code + transmitter's identifier + '_' + a progressive of at most
 * five letters and digits, unique per transmitter. The progressive is the studio's counter in base 36 (60 million
 * files before it wraps), the same text as ProgressivoInvio.
 */
export const progressivoInvioOf = (counter: number): string => {
  if (!Number.isInteger(counter) || counter < 1 || counter >= 36 ** 5)
    throw new RangeError(`Progressivo di invio fuori intervallo: ${counter}`);
  return counter.toString(36).toUpperCase().padStart(5, '0');
};

export const sdiFileName = (trasmittente: IdFiscale, progressivoInvio: string): string =>
  `${trasmittente.idPaese}${trasmittente.idCodice}_${progressivoInvio}.xml`;

/** The SDI's pattern of a file name: what a received file's name must match to be taken as it is. */
export const sdiFileNamePattern = /^[A-Z]{2}[A-Za-z0-9]{1,28}_[A-Za-z0-9]{1,5}\.(xml|xml\.p7m)$/i;
