/**
 * Matching a file's columns to the patient's fields (issue 30 item 1): from the header's names, Italian or English,
 * accents, case, spaces and punctuation ignored, including the names that common exports use (Outlook and Google
 * contacts in Italian and English, invoicing programs' customer lists); then changed by hand by the user.
 */

/** The patient fields a column can fill (spec part 1 §3), plus the combined and auxiliary columns of exports. */
export const importFields = [
  'cognome',
  'nome',
  /** "Nome e cognome" / "Paziente": one column split into surname and name (see splitFullName). */
  'nomeCompleto',
  'ragioneSociale',
  'codiceFiscale',
  'partitaIva',
  'codiceDestinatario',
  'sesso',
  'dataNascita',
  'comuneNascita',
  'provinciaNascita',
  'nazionalita',
  'cellulare',
  'telefono',
  'email',
  'pec',
  'indirizzo',
  /** House number in its own column: appended to the street. */
  'civico',
  'cap',
  'comune',
  'provincia',
  'numeroTesseraSanitaria',
  'documentoIdentita',
  'note',
  /** Comma- or semicolon-separated tags. */
  'tags',
] as const;
export type ImportField = (typeof importFields)[number];

/** Italian labels of the fields, for the mapping screen. */
export const importFieldLabels: Record<ImportField, string> = {
  cognome: 'Cognome',
  nome: 'Nome',
  nomeCompleto: 'Cognome e nome (in una colonna)',
  ragioneSociale: 'Ragione sociale',
  codiceFiscale: 'Codice fiscale',
  partitaIva: 'Partita IVA',
  codiceDestinatario: 'Codice destinatario',
  sesso: 'Sesso',
  dataNascita: 'Data di nascita',
  comuneNascita: 'Comune di nascita',
  provinciaNascita: 'Provincia di nascita',
  nazionalita: 'Nazionalità',
  cellulare: 'Cellulare',
  telefono: 'Telefono',
  email: 'Email',
  pec: 'PEC',
  indirizzo: 'Indirizzo',
  civico: 'Numero civico',
  cap: 'CAP',
  comune: 'Comune',
  provincia: 'Provincia',
  numeroTesseraSanitaria: 'Numero tessera sanitaria',
  documentoIdentita: 'Documento di identità',
  note: 'Note',
  tags: 'Etichette',
};

/**
 * The comparison key of a header: accents dropped, lower case, everything but letters and digits removed, so
 * "C.F.", "c f" and "CF" meet, and "Città" and "CITTA'" too.
 */
export const headerKey = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/gu, '');

/** Header names by field, as written by people and programs; compared through headerKey. */
const synonyms: Record<ImportField, readonly string[]> = {
  cognome: ['Cognome', 'Cognome paziente', 'Last name', 'Lastname', 'Surname', 'Family name', 'Nome di famiglia'],
  nome: ['Nome', 'Nome paziente', 'Nome di battesimo', 'First name', 'Firstname', 'Given name'],
  nomeCompleto: [
    'Nome e cognome',
    'Cognome e nome',
    'Cognome nome',
    'Nome cognome',
    'Nominativo',
    'Paziente',
    'Assistito',
    'Cliente',
    'Full name',
    'Name',
    'Patient',
    'Patient name',
    'Display name',
  ],
  ragioneSociale: [
    'Ragione sociale',
    'Rag. sociale',
    'Denominazione',
    'Azienda',
    'Società',
    'Company',
    'Company name',
    'Organization',
    'Organization 1 - Name',
    'Organization name',
  ],
  codiceFiscale: [
    'Codice fiscale',
    'Cod. fiscale',
    'Cod. fisc.',
    'C.F.',
    'CF',
    'Cod.Fiscale',
    'Codice fiscale paziente',
    'Tax code',
    'Fiscal code',
    'Tax ID',
    'Tax number',
  ],
  partitaIva: [
    'Partita IVA',
    'P.IVA',
    'P. IVA',
    'PIVA',
    'Part. IVA',
    'Partita IVA/Codice fiscale',
    'VAT',
    'VAT number',
    'VAT ID',
  ],
  codiceDestinatario: [
    'Codice destinatario',
    'Cod. destinatario',
    'Codice SDI',
    'SDI',
    'Codice univoco',
    'Codice univoco ufficio',
    'Recipient code',
  ],
  sesso: ['Sesso', 'Genere', 'M/F', 'Sex', 'Gender'],
  dataNascita: [
    'Data di nascita',
    'Data nascita',
    'Nato il',
    'Nata il',
    'Nato/a il',
    'Data nasc.',
    'Dt. nascita',
    'Compleanno',
    'DOB',
    'Date of birth',
    'Birth date',
    'Birthdate',
    'Birthday',
  ],
  comuneNascita: [
    'Luogo di nascita',
    'Comune di nascita',
    'Comune nascita',
    'Città di nascita',
    'Nato a',
    'Nata a',
    'Nato/a a',
    'Luogo nascita',
    'Place of birth',
    'Birthplace',
    'Birth place',
  ],
  provinciaNascita: [
    'Provincia di nascita',
    'Provincia nascita',
    'Prov. nascita',
    'Prov. di nascita',
    'Birth province',
  ],
  nazionalita: ['Nazionalità', 'Cittadinanza', 'Nationality', 'Citizenship'],
  cellulare: [
    'Cellulare',
    'Cell.',
    'Cell',
    'Tel. cellulare',
    'Telefono cellulare',
    'Numero cellulare',
    'Mobile',
    'Mobile phone',
    'Cell phone',
    'Phone 1 - Value',
    'Smartphone',
  ],
  telefono: [
    'Telefono',
    'Tel.',
    'Tel',
    'Telefono fisso',
    'Tel. fisso',
    'Telefono casa',
    'Abitazione',
    'Telefono abitazione',
    'Telefono ufficio',
    'Phone',
    'Home phone',
    'Business phone',
    'Telephone',
    'Phone 2 - Value',
  ],
  email: [
    'E-mail',
    'Email',
    'Mail',
    'Posta elettronica',
    'Indirizzo email',
    'Indirizzo posta elettronica',
    'Indirizzo e-mail',
    'E-mail address',
    'Email address',
    'E-mail 1 - Value',
  ],
  pec: ['PEC', 'Posta elettronica certificata', 'Email PEC', 'Indirizzo PEC'],
  indirizzo: [
    'Indirizzo',
    'Via',
    'Via e numero',
    'Indirizzo di residenza',
    'Indirizzo residenza',
    'Residenza',
    'Via (ab.)',
    'Street',
    'Address',
    'Home street',
    'Address 1 - Street',
  ],
  civico: ['Civico', 'N. civico', 'Numero civico', 'Nr. civico', 'N°', 'House number'],
  cap: [
    'CAP',
    'C.A.P.',
    'Codice postale',
    'CAP (ab.)',
    'CAP residenza',
    'ZIP',
    'ZIP code',
    'Postal code',
    'Postcode',
    'Home postal code',
    'Address 1 - Postal Code',
  ],
  comune: [
    'Comune',
    'Città',
    'Località',
    'Comune di residenza',
    'Comune residenza',
    'Città di residenza',
    'Città (ab.)',
    'City',
    'Town',
    'Home city',
    'Address 1 - City',
  ],
  provincia: [
    'Provincia',
    'Prov.',
    'Prov',
    'Provincia di residenza',
    'Provincia residenza',
    'Provincia (ab.)',
    'Sigla provincia',
    'Province',
    'State',
    'Home state',
    'Address 1 - Region',
  ],
  numeroTesseraSanitaria: [
    'Tessera sanitaria',
    'N. tessera sanitaria',
    'Numero tessera sanitaria',
    'Numero tessera',
    'Tessera',
    'TEAM',
    'Health card number',
  ],
  documentoIdentita: [
    'Documento',
    "Documento d'identità",
    'Documento di identità',
    'Carta di identità',
    'Identity document',
    'ID document',
  ],
  note: ['Note', 'Annotazioni', 'Osservazioni', 'Commenti', 'Notes', 'Note paziente', 'Comments'],
  tags: [
    'Etichette',
    'Etichetta',
    'Tag',
    'Tags',
    'Categoria',
    'Categorie',
    'Gruppo',
    'Gruppi',
    'Labels',
    'Group Membership',
  ],
};

/**
 * The header matching of one kind of import (patients, appointments): the field a header name suggests, the automatic
 * mapping of a header row (each field taken by its leftmost column), and the user's changes to it. Built from a list
 * of fields and their synonyms, compared through headerKey.
 */
export const headerMapper = <F extends string>(fields: readonly F[], names: Readonly<Record<F, readonly string[]>>) => {
  const byKey = new Map<string, F>();
  for (const field of fields) {
    for (const name of names[field]) {
      const key = headerKey(name);
      if (!byKey.has(key)) byKey.set(key, field);
    }
  }
  const fieldFor = (name: string): F | null => {
    const key = headerKey(name);
    if (!key) return null;
    const exact = byKey.get(key);
    if (exact) return exact;
    // "Data di nascita (gg/mm/aaaa)", "Email [principale]": a known name with a hint in brackets
    const bare = headerKey(name.replace(/\([^)]*\)|\[[^\]]*\]/gu, ' '));
    const withoutHint = bare && bare !== key ? byKey.get(bare) : undefined;
    if (withoutHint) return withoutHint;
    // "Email 2", "Telefono 1": a known name followed by a number
    const trimmed = (bare || key).replace(/[0-9]+$/u, '');
    return (trimmed !== key && byKey.get(trimmed)) || null;
  };
  const map = (header: readonly string[]): (F | null)[] => {
    const taken = new Set<F>();
    return header.map((name) => {
      const field = fieldFor(name);
      if (!field || taken.has(field)) return null;
      taken.add(field);
      return field;
    });
  };
  const override = (mapping: readonly (F | null)[], changes: Readonly<Record<number, F | null>>): (F | null)[] => {
    const next = [...mapping];
    for (const [indexText, field] of Object.entries(changes) as [string, F | null][]) {
      const index = Number(indexText);
      if (!Number.isInteger(index) || index < 0 || index >= next.length) continue;
      if (field !== null && !(fields as readonly string[]).includes(field)) continue;
      if (field !== null) {
        const previous = next.indexOf(field);
        if (previous !== -1) next[previous] = null;
      }
      next[index] = field;
    }
    return next;
  };
  return { fieldFor, map, override };
};

const patientHeaders = headerMapper(importFields, synonyms);

/** The field each column fills, by column index; null for a column left out. */
export type ColumnMapping = (ImportField | null)[];

/** The field a header name suggests on its own, or null. */
export const fieldForHeader = (name: string): ImportField | null => patientHeaders.fieldFor(name);

/**
 * The automatic mapping of a header row: each column to the field its name suggests, each field at most once (the
 * leftmost column wins; "Telefono" and "Telefono 2" give the second one nothing), unknown columns left out. When
 * surname or name have their own columns a combined "Paziente" column is left out too (it repeats them).
 */
export const mapHeader = (header: readonly string[]): ColumnMapping => {
  const mapping = patientHeaders.map(header);
  if (mapping.includes('nomeCompleto') && (mapping.includes('cognome') || mapping.includes('nome'))) {
    return mapping.map((f) => (f === 'nomeCompleto' ? null : f));
  }
  return mapping;
};

/**
 * Applies the user's choices to a mapping: `{ 3: 'cellulare', 5: null }` sets column 3 to Cellulare (taking the field
 * away from the column that had it: a field is filled by one column at most) and leaves column 5 out. Indexes beyond
 * the mapping and unknown fields are ignored.
 * @returns a new mapping; the one given is not changed.
 */
export const applyMappingOverride = (
  mapping: ColumnMapping,
  override: Readonly<Record<number, ImportField | null>>,
): ColumnMapping => patientHeaders.override(mapping, override);

/** Whether a mapping can tell who each row is: a surname, a name, a combined name or a company name. */
export const mappingNamesPatients = (mapping: ColumnMapping): boolean =>
  mapping.some((f) => f === 'cognome' || f === 'nome' || f === 'nomeCompleto' || f === 'ragioneSociale');
