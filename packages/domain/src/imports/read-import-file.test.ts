import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importMessages as m } from './import.messages.ts';
import { importLimits } from './import-limits.ts';
import { makeXlsx } from './make-xlsx.testing.ts';
import { formulaCell, type ImportTable, readImportFile } from './read-import-file.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);
/** Windows-1252 for the Latin-1 range (what Excel for Windows writes): one byte per character. */
const cp1252 = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));

const table = (bytes: Uint8Array): ImportTable => {
  const result = readImportFile(bytes);
  if (!result.ok) throw new Error(`not read: ${result.message}`);
  return result.table;
};
const refusal = (bytes: Uint8Array): string => {
  const result = readImportFile(bytes);
  if (result.ok) throw new Error('read, expected a refusal');
  return result.message;
};

describe('readImportFile: CSV', () => {
  it('reads a Windows-1252 CSV with accents, as Excel for Windows saves it', () => {
    const t = table(cp1252("Cognome;Nome;Città\r\nNiccolò;Lucìa;Forlì\r\nD'Amico;José;Cantù\r\n"));
    expect(t.encoding).toBe('windows-1252');
    expect(t.delimiter).toBe(';');
    expect(t.header).toEqual(['Cognome', 'Nome', 'Città']);
    expect(t.rows).toEqual([
      ['Niccolò', 'Lucìa', 'Forlì'],
      ["D'Amico", 'José', 'Cantù'],
    ]);
  });

  it('reads a semicolon CSV with a UTF-8 BOM, the BOM not left in the first header', () => {
    const t = table(utf8('\uFEFFCognome;Nome;Note\nRossi;Mario;"Via Roma, 1; scala B"\n'));
    expect(t.encoding).toBe('utf-8-bom');
    expect(t.delimiter).toBe(';');
    expect(t.header[0]).toBe('Cognome');
    expect(t.rows[0]).toEqual(['Rossi', 'Mario', 'Via Roma, 1; scala B']);
  });

  it('reads a tab-separated file', () => {
    const t = table(utf8('Cognome\tNome\tCF\nRossi\tMario\tRSSMRA80A01H501U\n'));
    expect(t.delimiter).toBe('\t');
    expect(t.rows[0]).toEqual(['Rossi', 'Mario', 'RSSMRA80A01H501U']);
  });

  it('reads a comma CSV with quotes doubled and a line break inside a quoted field', () => {
    const t = table(utf8('Cognome,Nome,Note\r\nRossi,Mario,"Dice ""ciao""\nseconda riga"\r\nBianchi,Anna,\r\n'));
    expect(t.delimiter).toBe(',');
    expect(t.rows[0]).toEqual(['Rossi', 'Mario', 'Dice "ciao"\nseconda riga']);
    expect(t.rows[1]).toEqual(['Bianchi', 'Anna', '']);
  });

  it('reads UTF-8 without BOM as UTF-8 (not as Windows-1252)', () => {
    const t = table(utf8('Cognome;Nome\nNiccolò;Lucìa\n'));
    expect(t.encoding).toBe('utf-8');
    expect(t.rows[0]).toEqual(['Niccolò', 'Lucìa']);
  });

  it('reads UTF-16 with a BOM (Excel\'s "Testo Unicode")', () => {
    const text = 'Cognome\tNome\r\nNiccolò\tLucìa\r\n';
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) bytes[2 + i * 2] = text.charCodeAt(i);
    const t = table(bytes);
    expect(t.encoding).toBe('utf-16-bom');
    expect(t.rows[0]).toEqual(['Niccolò', 'Lucìa']);
  });

  it('refuses a file of mixed encodings (UTF-8 names in a Windows-1252 file) instead of garbling the names', () => {
    const mixed = new Uint8Array([...cp1252('Cognome;Nome\nNiccolò;Lucìa\n'), ...utf8('Cantù;Josè\n')]);
    expect(refusal(mixed)).toBe(m.brokenEncoding);
  });

  it('drops blank lines and keeps the row numbers of the file', () => {
    const t = table(utf8('Cognome;Nome\n\nRossi;Mario\n;\nBianchi;Anna\n'));
    expect(t.rows).toEqual([
      ['Rossi', 'Mario'],
      ['Bianchi', 'Anna'],
    ]);
    expect(t.rowNumbers).toEqual([3, 5]);
  });

  it('keeps cells starting with = or + as plain text (the row checks refuse them), never evaluated', () => {
    const t = table(utf8('Cognome;Nome;Note\n=cmd|\' /C calc\'!A0;Mario;+HYPERLINK("http://x")\n'));
    expect(t.rows[0]).toEqual(["=cmd|' /C calc'!A0", 'Mario', '+HYPERLINK("http://x")']);
  });

  it('refuses an empty file and a file of blank lines', () => {
    expect(refusal(new Uint8Array())).toBe(m.emptyFile);
    expect(refusal(utf8('\n\r\n  \n'))).toBe(m.emptyFile);
  });

  it('refuses a header-only file', () => {
    expect(refusal(utf8('Cognome;Nome;Codice fiscale\r\n'))).toBe(m.headerOnly);
  });

  it('refuses a binary file renamed .csv', () => {
    const garbage = new Uint8Array(4096);
    let seed = 7;
    for (let i = 0; i < garbage.length; i++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      garbage[i] = seed >>> 24;
    }
    expect(refusal(garbage)).toBe(m.unreadable);
    // a PNG and a PDF as well
    expect(refusal(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48]))).toBe(
      m.unreadable,
    );
  });

  it('refuses an Excel 97-2003 file (and an encrypted workbook, same container) with a way out', () => {
    const ole = new Uint8Array(512);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(refusal(ole)).toBe(m.oldExcel);
  });

  it('refuses an unclosed or misplaced quote, naming the row', () => {
    expect(refusal(utf8('Cognome;Nome\nRossi;Mario\n"Bianchi;Anna\nVerdi;Luca\n'))).toBe(m.unclosedQuote(3));
    expect(refusal(utf8('Cognome;Nome\n"Rossi"x;Mario\nVerdi;Luca\n'))).toBe(m.unclosedQuote(2));
  });

  it('keeps quotes inside an unquoted field as text', () => {
    expect(table(utf8('Cognome;Nome\nRossi "detto Bubi";Mario\n')).rows[0]).toEqual(['Rossi "detto Bubi"', 'Mario']);
  });

  it(`refuses 60,000 rows (the limit is ${importLimits.maxRows.toLocaleString('it-IT')}) and accepts exactly the limit`, () => {
    const rows = (n: number) => `Cognome;Nome\n${'Rossi;Mario\n'.repeat(n)}`;
    expect(refusal(utf8(rows(60_000)))).toBe(m.tooManyRows(importLimits.maxRows));
    expect(m.tooManyRows(importLimits.maxRows)).toContain('50.000');
    expect(table(utf8(rows(importLimits.maxRows))).rows).toHaveLength(importLimits.maxRows);
  });

  it('refuses a file over the size limit without reading it', () => {
    expect(refusal(new Uint8Array(importLimits.maxBytes + 1))).toBe(m.tooLarge(20));
  });

  it('refuses more columns than the limit', () => {
    const header = Array.from({ length: importLimits.maxColumns + 1 }, (_, i) => `C${i}`).join(';');
    expect(refusal(utf8(`${header}\n${'x;'.repeat(3)}\n`))).toBe(m.tooManyColumns(importLimits.maxColumns));
  });
});

describe('readImportFile: XLSX', () => {
  it('reads the first sheet: shared and inline strings, numbers, booleans, a gap between cells', () => {
    const t = table(
      makeXlsx([
        ['Cognome', 'Nome', 'CAP', 'Nato il', 'Attivo'],
        ['Rossi', { inline: 'Mario ' }, 187, 29_221, true],
        ['Bianchi', null, 20121],
      ]),
    );
    expect(t.format).toBe('xlsx');
    expect(t.header).toEqual(['Cognome', 'Nome', 'CAP', 'Nato il', 'Attivo']);
    expect(t.rows[0]).toEqual(['Rossi', 'Mario ', 187, 29_221, true]);
    expect(t.rows[1]).toEqual(['Bianchi', null, 20121]);
    expect(t.rowNumbers).toEqual([2, 3]);
    expect(t.date1904).toBe(false);
  });

  it('never keeps a formula nor the value Excel cached for it', () => {
    const t = table(
      makeXlsx([
        ['Cognome', 'Nome', 'Note'],
        [
          'Rossi',
          { f: 'CONCATENATE("Ma","rio")', v: 'Mario', t: 'str' },
          { f: 'HYPERLINK("http://evil","clic")', v: 'clic', t: 'str' },
        ],
      ]),
    );
    expect(t.rows[0]).toEqual(['Rossi', formulaCell, formulaCell]);
    expect(JSON.stringify(t)).not.toContain('HYPERLINK');
    expect(JSON.stringify(t)).not.toContain('clic');
  });

  it('ignores macros: a workbook with a VBA project reads like any other', () => {
    const t = table(
      makeXlsx(
        [
          ['Cognome', 'Nome'],
          ['Rossi', 'Mario'],
        ],
        { extra: { 'xl/vbaProject.bin': new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3]) } },
      ),
    );
    expect(t.rows).toEqual([['Rossi', 'Mario']]);
  });

  it('tells a 1904 workbook', () => {
    expect(table(makeXlsx([['Cognome'], ['Rossi']], { date1904: true })).date1904).toBe(true);
  });

  it('refuses a header-only workbook and an empty one', () => {
    expect(refusal(makeXlsx([['Cognome', 'Nome']]))).toBe(m.headerOnly);
    expect(refusal(makeXlsx([]))).toBe(m.emptyFile);
  });

  it('does not expand entities a workbook declares (billion laughs)', () => {
    const laughs = Array.from({ length: 8 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('');
    const zip = makeXlsx([['Cognome'], ['Rossi']]);
    const parts = unzipSync(zip);
    parts['xl/sharedStrings.xml'] = strToU8(
      `<?xml version="1.0"?><!DOCTYPE sst [<!ENTITY l0 "lol">${laughs}]><sst><si><t>Cognome</t></si><si><t>&l8;</t></si></sst>`,
    );
    const result = readImportFile(zipSync(parts));
    const cell = result.ok ? String(result.table.rows[0]?.[0]) : '';
    expect(cell.length).toBeLessThan(100);
  });

  it('refuses a zip that is not a workbook, and a damaged one', () => {
    expect(refusal(zipSync({ 'word/document.xml': strToU8('<w:document/>') }))).toBe(m.unreadable);
    const broken = makeXlsx([['Cognome'], ['Rossi']]).slice(0, 200);
    expect(refusal(broken)).toBe(m.brokenXlsx);
  });

  it('refuses a zip bomb from the sizes its directory declares, before inflating anything', () => {
    const zip = makeXlsx([['Cognome'], ['Rossi']]);
    // declare 300 MB for the sheet in the central directory (signature 50 4B 01 02, uncompressed size at +24)
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    const name = strToU8('xl/worksheets/sheet1.xml');
    for (let i = 0; i + 46 < zip.length; i++) {
      if (view.getUint32(i, true) !== 0x02014b50) continue;
      const nameLength = view.getUint16(i + 28, true);
      const entry = zip.subarray(i + 46, i + 46 + nameLength);
      if (entry.length === name.length && entry.every((b, j) => b === name[j])) {
        view.setUint32(i + 24, importLimits.maxXlsxInflatedBytes + 1, true);
      }
    }
    expect(refusal(zip)).toBe(m.brokenXlsx);
  });
});
