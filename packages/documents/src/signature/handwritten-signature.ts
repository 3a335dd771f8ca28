import { formTemplateSignatureBox } from '../form-template.pdf.ts';
import { libpdf } from './libpdf.ts';

export type SignatureBox = { x: number; y: number; width: number; height: number };

export type HandwrittenSignatureInput = {
  /** The drawn signature as PNG (transparent background expected). */
  image: Uint8Array;
  /** Zero-based page index; default the last page. Negative counts from the end (-1 = last). */
  page?: number;
  /** Points from the page's bottom-left corner; default the form template's signature line. */
  box?: SignatureBox;
};

export class HandwrittenSignatureError extends Error {
  override name = 'HandwrittenSignatureError';
}

const isPng = (bytes: Uint8Array) =>
  bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;

/**
 * The PDF with the patient's drawn signature on the signature line: scaled to fit the box, aspect ratio kept,
 * centred horizontally and resting on the box's bottom edge (the line). Appended as an incremental update, so the
 * generated form stays a byte-for-byte prefix of the result. Call it before signPdf: the cryptographic signature then
 * covers the image too.
 */
export const placeHandwrittenSignature = async (
  pdfBytes: Uint8Array,
  input: HandwrittenSignatureInput,
): Promise<Uint8Array> => {
  if (!isPng(input.image)) throw new HandwrittenSignatureError('The signature image must be a PNG');
  const { PDF } = await libpdf();
  const pdf = await PDF.load(pdfBytes);
  const count = pdf.getPageCount();
  const index = input.page === undefined ? count - 1 : input.page < 0 ? count + input.page : input.page;
  const page = pdf.getPage(index);
  if (!page) throw new HandwrittenSignatureError(`No page ${index + 1} in a PDF of ${count} pages`);
  const box = input.box ?? formTemplateSignatureBox;

  const image = pdf.embedPng(input.image);
  const scale = Math.min(box.width / image.width, box.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  page.drawImage(image, { x: box.x + (box.width - width) / 2, y: box.y, width, height });
  return pdf.save({ incremental: true });
};
