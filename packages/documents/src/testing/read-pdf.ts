import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let dir: string | null = null;
let fileNo = 0;

/**
 * For tests: what poppler and qpdf read from a PDF — the text in reading order (whitespace collapsed, no-break spaces
 * read as spaces), the layout text, pdfinfo's report, the number of images, and qpdf --check's report (which throws
 * on a broken file). The file is kept in a temporary folder removed when the process ends.
 */
export const readPdf = (pdf: Uint8Array) => {
  if (!dir) {
    const made = mkdtempSync(join(tmpdir(), 'studiolo-read-pdf-'));
    dir = made;
    process.once('exit', () => rmSync(made, { recursive: true, force: true }));
  }
  const file = join(dir, `${++fileNo}.pdf`);
  writeFileSync(file, pdf);
  const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: 'utf8' });
  const spaces = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
  return {
    file,
    text: spaces(run('pdftotext', [file, '-'])).replace(/\s+/g, ' '),
    layout: spaces(run('pdftotext', ['-layout', file, '-'])),
    info: run('pdfinfo', [file]),
    images: run('pdfimages', ['-list', file]).trim().split('\n').length - 2,
    qpdf: run('qpdf', ['--check', file]),
  };
};
