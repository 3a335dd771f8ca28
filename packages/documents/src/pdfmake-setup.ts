import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import pdfmake from 'pdfmake';

/** The font families every document here uses: the Roboto that pdfmake ships (Apache-2.0). */
const robotoFiles = {
  normal: 'Roboto-Regular.ttf',
  bold: 'Roboto-Medium.ttf',
  italics: 'Roboto-Italic.ttf',
  bolditalics: 'Roboto-MediumItalic.ttf',
} as const;

/** pdfmake's virtual file system: not in @types/pdfmake, but the Node build reads fonts and images from it first. */
type VirtualFs = { writeFileSync(name: string, content: Buffer): void };

let ready = false;

/**
 * Prepares pdfmake once per process (or per worker thread): the four Roboto files read into its virtual file system,
 * so no document reads the disk again, and every outside access denied.
 *
 * SECURITY: a document definition can name images, fonts and attachments by URL or local path; ours only carry data
 * (the logo as a data URL), so pdfmake may fetch nothing and read no file (GUIDE §5). The fonts come from the virtual
 * file system, which the local policy does not cover.
 * @returns the configured pdfmake instance.
 */
export const preparedPdfmake = (): typeof pdfmake => {
  if (ready) return pdfmake;
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve('pdfmake/fonts/Roboto/Roboto-Regular.ttf'));
  const vfs = (pdfmake as unknown as { virtualfs: VirtualFs }).virtualfs;
  for (const file of Object.values(robotoFiles)) vfs.writeFileSync(file, readFileSync(join(dir, file)));
  pdfmake.setFonts({ Roboto: { ...robotoFiles } });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy(() => false);
  ready = true;
  return pdfmake;
};
