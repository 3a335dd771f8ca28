/**
 * The patient import's dataset (issue 30 item 1): a list of Italian patients as a spreadsheet exports it (Windows-1252,
 * semicolons, DD/MM/YYYY dates), with valid fiscal codes. Used by the import's micro bench and its API part.
 */
import { codiceFiscaleCheckChar } from '@studiolo/domain/anagrafica';
import { nameCode, surnameCode } from '@studiolo/domain/imports';

const surnames = [
  'Rossi',
  'Russo',
  'Ferrari',
  'Esposito',
  'Bianchi',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Gallo',
  'Conti',
  'De Luca',
  'Mancini',
  'Costa',
  'Giordano',
  'Rizzo',
  'Lombardi',
  'Moretti',
];
const names = [
  ['Mario', 'U'],
  ['Luca', 'U'],
  ['Giuseppe', 'U'],
  ['Francesco', 'U'],
  ['Niccolò', 'U'],
  ['Anna', 'D'],
  ['Giulia', 'D'],
  ['Lucìa', 'D'],
  ['Chiara', 'D'],
  ['Sara', 'D'],
] as const;
const places = [
  ['H501', 'Roma', 'RM', '00187'],
  ['F205', 'Milano', 'MI', '20121'],
  ['F839', 'Napoli', 'NA', '80121'],
  ['L219', 'Torino', 'TO', '10121'],
  ['A952', 'Bolzano', 'BZ', '39100'],
] as const;
const months = 'ABCDEHLMPRST';
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Row i of the list: a distinct person with a valid fiscal code; with `wrong` (the default), every 20th row has a wrong
 * fiscal code and every 20th another a wrong e-mail.
 */
export const importPerson = (i: number, wrong = true) => {
  const cognome = surnames[i % surnames.length] as string;
  const [nome, sesso] = names[Math.floor(i / surnames.length) % names.length] as (typeof names)[number];
  const day = 1 + (i % 28);
  const month = 1 + (Math.floor(i / 200) % 12);
  const year = 1930 + (Math.floor(i / 7) % 90);
  const [belfiore, comune, provincia, cap] = places[i % places.length] as (typeof places)[number];
  const first15 = `${surnameCode(cognome)}${nameCode(nome)}${pad(year % 100)}${months[month - 1]}${pad(sesso === 'D' ? day + 40 : day)}${belfiore}`;
  const cf = first15 + codiceFiscaleCheckChar(first15);
  const badCode = wrong && i % 20 === 7;
  return [
    `${cognome} ${nome}`,
    badCode ? `${cf.slice(0, 15)}X` : cf,
    `${pad(day)}/${pad(month)}/${year}`,
    sesso === 'D' ? 'F' : 'M',
    `333 ${String(1_000_000 + i).slice(0, 7)}`,
    wrong && i % 20 === 11 ? 'senza-chiocciola' : `p${i}@example.it`,
    `Via Roma ${1 + (i % 200)}`,
    cap,
    comune,
    provincia,
  ];
};

export const importCsvHeader =
  'Paziente;Codice fiscale;Data di nascita;Sesso;Cellulare;E-mail;Indirizzo;CAP;Città;Prov.';
/**
 * A CSV of n rows as a spreadsheet exports it; with `wrong` (the default) 5 % of the rows have a wrong field and 1 %
 * repeat the row before; without, every row is a distinct valid patient.
 */
export const importCsvOf = (n: number, wrong = true): Uint8Array<ArrayBuffer> => {
  const lines = [importCsvHeader];
  for (let i = 0; i < n; i++) lines.push(importPerson(wrong && i % 100 === 99 ? i - 1 : i, wrong).join(';'));
  const text = `${lines.join('\r\n')}\r\n`;
  // Windows-1252 (what Excel for Windows writes): the text is all Latin-1
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
};
