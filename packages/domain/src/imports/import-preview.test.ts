import { describe, expect, it } from 'vitest';
import { applyMappingOverride, mapHeader } from './header-mapping.ts';
import { importCountsSummary, importMessages as m } from './import.messages.ts';
import { previewImport } from './import-preview.ts';
import { type ImportTable, readImportFile } from './read-import-file.ts';

const today = new Date(2026, 10, 27);
const cp1252 = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));
const read = (bytes: Uint8Array): ImportTable => {
  const r = readImportFile(bytes);
  if (!r.ok) throw new Error(r.message);
  return r.table;
};

// A list as a spreadsheet exports it: Windows-1252, semicolons, CRLF, dates DD/MM/YYYY, a combined name column
const exported = cp1252(
  [
    'Paziente;Cod. Fiscale;Nato il;Sesso;Cell.;E-mail;Indirizzo;CAP;Città;Prov.;Codice interno',
    'Rossi Mario;RSSMRA80A01H501U;01/01/1980;M;333 1234567;mario@example.it;Via Roma 1;00187;Roma;RM;A-1',
    'Bianchi Anna Maria;BNCNMR75C55F205E;15/03/1975;F;;anna@example;Corso Magenta 5;20123;Milano;MI;A-2',
    'Niccolò Verdi;;31/02/1990;M;;;;;;;A-3',
    'Rossi Mario;RSSMRA80A01H501U;01/01/1980;M;;;;;;;A-4',
    'De Luca Giuseppe;DLCGPP85T10F839F;10/12/1985;M;=HYPERLINK("http://x");;;;;;A-5',
    'Palestra Alfa S.r.l.;01234567897;;;;info@alfa.it;;;;;A-6',
  ].join('\r\n'),
);

describe('previewImport', () => {
  it('checks every row of an exported list: valid, wrong, duplicate, with each problem in Italian on its field', () => {
    const table = read(exported);
    const mapping = mapHeader(table.header);
    expect(mapping).toEqual([
      'nomeCompleto',
      'codiceFiscale',
      'dataNascita',
      'sesso',
      'cellulare',
      'email',
      'indirizzo',
      'cap',
      'comune',
      'provincia',
      null,
    ]);
    const result = previewImport(table, mapping, {
      today,
      tags: ['Importati'],
      existing: [
        { id: 'p-anna', codiceFiscale: 'BNCNMR75C55F205E', nome: 'Anna Maria', cognome: 'Bianchi', dataNascita: null },
      ],
    });
    if (!result.ok) throw new Error(result.message);
    const { rows, counts } = result.preview;
    expect(rows.map((r) => r.row)).toEqual([2, 3, 4, 5, 6, 7]);

    const [mario, anna, niccolo, marioAgain, giuseppe, palestra] = rows;
    expect(mario?.check).toMatchObject({
      ok: true,
      input: { tags: ['Importati'], datiGenerali: { cognome: 'Rossi', nome: 'Mario' } },
    });
    expect(mario?.duplicate).toBeNull();
    expect(anna?.check).toMatchObject({ ok: false, problems: [{ field: 'email', message: 'Email non valida' }] });
    expect(niccolo?.check).toMatchObject({
      ok: false,
      problems: [
        { field: 'dataNascita', message: m.dateInvalid },
        { field: 'codiceFiscale', message: 'Campo obbligatorio' },
      ],
    });
    expect(marioAgain?.duplicate).toEqual({ kind: 'file', action: 'skip', firstRow: 2, message: m.duplicateInFile(2) });
    expect(giuseppe?.check).toMatchObject({
      ok: false,
      problems: [{ field: 'cellulare', message: m.formulaLike('=') }],
    });
    // a company's numeric codice fiscale is its partita IVA as well
    expect(palestra?.check).toMatchObject({
      ok: true,
      input: {
        datiGenerali: {
          tipologiaPersona: 'GIURIDICA',
          ragioneSociale: 'Palestra Alfa S.r.l.',
          partitaIva: '01234567897',
        },
      },
      filled: [{ field: 'partitaIva', message: m.filledFromCodiceFiscale }],
    });
    expect(counts).toEqual({ total: 6, valid: 3, invalid: 3, duplicates: 1, withWarnings: 0 });
  });

  it("follows the user's mapping: the code column read as partita IVA", () => {
    const table = read(exported);
    const mapping = applyMappingOverride(mapHeader(table.header), { 10: null, 1: 'partitaIva' });
    const result = previewImport(table, mapping, { today });
    if (!result.ok) throw new Error(result.message);
    // without a codice fiscale column every Italian person is refused; the company takes it from its partita IVA
    expect(result.preview.rows[0]?.check).toMatchObject({
      ok: false,
      problems: [
        { field: 'codiceFiscale', message: 'Campo obbligatorio' },
        { field: 'partitaIva', message: 'Partita IVA non valida' },
      ],
    });
    expect(result.preview.rows[5]?.check).toMatchObject({
      ok: true,
      filled: [{ field: 'codiceFiscale', message: m.filledFromPartitaIva }],
    });
  });

  it('refuses a mapping that tells nobody apart', () => {
    const table = read(exported);
    const mapping = applyMappingOverride(mapHeader(table.header), { 0: null });
    expect(previewImport(table, mapping, { today })).toEqual({ ok: false, message: m.noMappedName });
  });
});

describe('importCountsSummary', () => {
  it('says one in the singular and the rest in the plural', () => {
    expect(importCountsSummary({ total: 30, valid: 26, invalid: 4, duplicates: 1 })).toBe(
      '30 righe: 26 valide, 4 con errori, 1 duplicato.',
    );
    expect(importCountsSummary({ total: 1, valid: 1, invalid: 0, duplicates: 0 })).toBe(
      '1 riga: 1 valida, 0 con errori, 0 duplicati.',
    );
  });
});
