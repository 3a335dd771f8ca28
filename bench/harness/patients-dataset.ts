/**
 * A realistic, reproducible patient registry for the patients benchmark: Italian surnames and first names drawn
 * with a Zipf-like skew (a few surnames are very common, as Rossi and Russo are), fiscal codes built by the
 * official rules (surname and name letters, birth date, sex, catastral code, check character from the domain),
 * e-mails, phones, addresses, tags on about a third, about 10 % companies and 1 % foreign nationals without a
 * fiscal code. Every record goes through `patientInputSchema`, as a POST /pazienti body does.
 */
import { codiceFiscaleCheckChar } from '@studiolo/domain/anagrafica';
import {
  normalizeSearchText,
  type PatientData,
  type PatientInput,
  patientDisplayName,
  patientInputSchema,
  patientSearchText,
} from '@studiolo/domain/patients';
import { uiDateToIso } from '@studiolo/domain/shared';
import type { Statement } from './sql-loader.ts';

/** Comma-separated names (some hold spaces and apostrophes) to a list. */
const list = (text: string) =>
  text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

/** About 250 of the most common Italian surnames, roughly most frequent first, with spaces, apostrophes, accents. */
export const surnames: readonly string[] = [
  ...new Set(
    list(`
      Rossi, Russo, Ferrari, Esposito, Bianchi, Romano, Colombo, Ricci, Marino, Greco, Bruno, Gallo, Conti, De Luca,
      Mancini, Costa, Giordano, Rizzo, Lombardi, Moretti, Barbieri, Fontana, Santoro, Mariani, Rinaldi, Caruso,
      Ferrara, Galli, Martini, Leone, Longo, Gentile, Martinelli, Vitale, Lombardo, Serra, Coppola, De Santis,
      D'Angelo, Marchetti, Parisi, Villa, Conte, Ferraro, Ferri, Fabbri, Bianco, Marini, Grasso, Valentini, Messina,
      Sala, De Angelis, Gatti, Pellegrini, Palumbo, Sanna, Farina, Rizzi, Monti, Cattaneo, Morelli, Amato, Silvestri,
      Mazza, Testa, Grassi, Pellegrino, Carbone, Giuliani, Benedetti, Barone, Rossetti, Caputo, Montanari, Guerra,
      Palmieri, Bernardi, Martino, Fiore, De Rosa, Ferretti, Bellini, Basile, Riva, Donati, Piras, Vitali, Battaglia,
      Sartori, Neri, Costantini, Milani, Pagano, Ruggiero, Sorrentino, D'Amico, Orlando, Damiani, Negri, Mele, Bassi,
      Colonna, Tedesco, Fumagalli, Cirillo, Fiorentino, Brambilla, Marchi, Pace, Mazzola, Ricciardi, Cocco, Rota,
      Lupo, Marra, Rocca, Bellucci, Valente, Pastore, Gallina, Cristiani, Bonetti, Mattioli, Angelini, Bertolini,
      Carboni, Ferrante, Melis, Sorrentini, Guidi, Pagani, Porcu, Zanetti, Bonanno, Cappelli, Cosentino, Di Stefano,
      Di Pietro, Di Marco, Fadda, Gatto, Giannini, Greco Lucchina, Lentini, Lo Presti, Lucchesi, Magri, Mancuso,
      Manzoni, Marchesi, Marras, Mazzoni, Monaco, Montalto, Motta, Mura, Nardi, Olivieri, Orsini, Pace Bonelli,
      Palma, Paoli, Pellegatti, Perrone, Piazza, Pini, Poli, Pozzi, Puglisi, Raimondi, Ragusa, Rinaldo, Romeo,
      Ruggeri, Russo Previtali, Salvi, Santini, Santangelo, Sarti, Scotti, Serafini, Sergi, Sette, Silvestro, Spina,
      Stefani, Tosi, Tripodi, Urso, Vaccaro, Valenti, Venturi, Vianello, Villani, Visconti, Zanella, Zani, Zito,
      Zucca, Agostini, Albanese, Alberti, Amodeo, Anselmi, Arena, Baldi, Barbera, Bassani, Benedetto, Bernardini,
      Bertoni, Bevilacqua, Bianchini, Bonelli, Bosco, Brunetti, Bucci, Calabrese, Campana, Capone, Caputi, Carli,
      Casadei, Castelli, Catalano, Cavallo, Ceccarelli, Cesari, Chiesa, Cioffi, Corsi, Criscuolo, Dell'Acqua,
      Esposti, Fabbro, Facchini, Falcone, Favaro, Fiorini, Franco, Gallo Ricci, Gioè, Cantù, Paternò, Niccolai,
      Nicolini, Grimaldi, Iannone, Lanza
    `),
  ),
];

const maleNames = list(`
  Marco, Giuseppe, Luca, Giovanni, Andrea, Francesco, Alessandro, Antonio, Roberto, Stefano, Paolo, Matteo, Davide,
  Simone, Federico, Lorenzo, Riccardo, Fabio, Massimo, Mario, Claudio, Daniele, Gabriele, Pietro, Salvatore,
  Vincenzo, Emanuele, Michele, Alberto, Enrico, Nicola, Filippo, Tommaso, Leonardo, Mattia, Edoardo, Diego, Giorgio,
  Sergio, Franco, Carlo, Luigi, Angelo, Domenico, Raffaele, Gianluca, Maurizio, Cristian, Samuele, Nicolò, Niccolò,
  Noè, Mosè, Gian Marco, Pier Paolo, Elia, Jacopo, Ettore, Achille, Ivan
`);

const femaleNames = list(`
  Giulia, Francesca, Chiara, Sara, Martina, Laura, Valentina, Alessia, Elena, Federica, Silvia, Anna, Maria, Paola,
  Roberta, Giorgia, Sofia, Aurora, Alice, Beatrice, Ginevra, Emma, Greta, Elisa, Claudia, Cristina, Monica, Barbara,
  Simona, Daniela, Angela, Rosa, Rossella, Raffaella, Marta, Ilaria, Serena, Veronica, Valeria, Lucia, Carla,
  Antonella, Patrizia, Manuela, Noemi, Gaia, Matilde, Camilla, Irene, Benedetta, Maria Grazia, Anna Maria, Nicoletta,
  Ludovica
`);

/** Birthplaces with their catastral (Belfiore) codes and provinces. */
const places = [
  ['Roma', 'RM', 'H501', '00185'],
  ['Milano', 'MI', 'F205', '20121'],
  ['Napoli', 'NA', 'F839', '80133'],
  ['Torino', 'TO', 'L219', '10121'],
  ['Palermo', 'PA', 'G273', '90133'],
  ['Genova', 'GE', 'D969', '16121'],
  ['Bologna', 'BO', 'A944', '40121'],
  ['Firenze', 'FI', 'D612', '50123'],
  ['Bari', 'BA', 'A662', '70121'],
  ['Catania', 'CT', 'C351', '95121'],
  ['Venezia', 'VE', 'L736', '30121'],
  ['Verona', 'VR', 'L781', '37121'],
  ['Padova', 'PD', 'G224', '35121'],
  ['Brescia', 'BS', 'B157', '25121'],
  ['Parma', 'PR', 'G337', '43121'],
  ['Modena', 'MO', 'F257', '41121'],
  ['Bergamo', 'BG', 'A794', '24121'],
  ['Cagliari', 'CA', 'B354', '09124'],
  ['Salerno', 'SA', 'H703', '84121'],
  ['Lecce', 'LE', 'E506', '73100'],
] as const;

const streets = [
  'Via Roma',
  'Via Garibaldi',
  'Via Mazzini',
  'Corso Italia',
  'Via Verdi',
  'Via Dante Alighieri',
  'Piazza della Libertà',
  'Via Cavour',
  'Viale Europa',
  'Via Marconi',
  "Via dell'Indipendenza",
  'Via San Francesco',
  'Corso Vittorio Emanuele',
] as const;
const mailDomains = ['gmail.com', 'libero.it', 'hotmail.it', 'yahoo.it', 'alice.it', 'outlook.it', 'tiscali.it'];
const tagSets = [
  ['Sportivo'],
  ['Cervicale'],
  ['Lombalgia', 'Over 65'],
  ['Post-operatorio'],
  ['Pediatrico'],
  ['Sportivo', 'Ginocchio'],
];
const companyKinds = [
  (s: string) => `Palestra ${s} S.r.l.`,
  (s: string) => `Studio Associato ${s}`,
  (s: string) => `Centro Sportivo ${s} A.S.D.`,
  (s: string) => `${s} & Figli S.n.c.`,
  (s: string) => `Farmacia ${s}`,
  (s: string) => `${s} Costruzioni S.p.A.`,
] as const;
const monthLetters = 'ABCDEHLMPRST';
const foreign = [
  ['Müller', 'Hans', 'DE'],
  ['Dubois', 'Amélie', 'FR'],
  ['García', 'José', 'ES'],
  ['Smith', 'John', 'GB'],
] as const;

/** mulberry32: a small seeded generator, so two runs build the same registry. */
export const seededRandom = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/** Draws from a list with weights 1 / (rank + 1)^s: Rossi far more often than Lanza. */
const zipfPicker = <T>(items: readonly T[], s: number) => {
  const cumulative: number[] = [];
  let total = 0;
  for (let i = 0; i < items.length; i++) {
    total += 1 / (i + 1) ** s;
    cumulative.push(total);
  }
  return (r: number): T => {
    const target = r * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) < target) lo = mid + 1;
      else hi = mid;
    }
    return items[lo] as T;
  };
};

/** Upper-case A–Z only (accents dropped, spaces and apostrophes removed), as fiscal codes and e-mails need. */
const plainLetters = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
const consonantsOf = (s: string) => s.replace(/[AEIOU]/g, '');
const vowelsOf = (s: string) => s.replace(/[^AEIOU]/g, '');
/** DM 23/12/1976: consonants, then vowels, then X. */
const surnameCode = (cognome: string) => {
  const l = plainLetters(cognome);
  return `${consonantsOf(l)}${vowelsOf(l)}XXX`.slice(0, 3);
};
/** DM 23/12/1976: with four or more consonants the 1st, 3rd and 4th; otherwise as for the surname. */
const nameCode = (nome: string) => {
  const l = plainLetters(nome);
  const c = consonantsOf(l);
  if (c.length >= 4) return `${c[0]}${c[2]}${c[3]}`;
  return `${c}${vowelsOf(l)}XXX`.slice(0, 3);
};

/** A personal fiscal code by the official rules; the check character from the domain. */
export const personalCodiceFiscale = (
  cognome: string,
  nome: string,
  female: boolean,
  birth: { year: number; month: number; day: number },
  belfiore: string,
) => {
  const first15 = `${surnameCode(cognome)}${nameCode(nome)}${String(birth.year % 100).padStart(2, '0')}${monthLetters[birth.month - 1]}${String(birth.day + (female ? 40 : 0)).padStart(2, '0')}${belfiore}`;
  return first15 + codiceFiscaleCheckChar(first15);
};

/** An 11-digit partita IVA with its check digit (the Luhn-like rule of `isValidPartitaIva`). */
export const partitaIvaOf = (first10: string) => {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let d = first10.charCodeAt(i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${first10}${(10 - (sum % 10)) % 10}`;
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * `count` patients of one studio, checked by `patientInputSchema` (the route's own schema). Fiscal codes are
 * unique within the call (a clash of name, date and place takes another date), as the studio's unique index needs.
 */
export const generatePatients = (count: number, seed: number): PatientData[] => {
  const random = seededRandom(seed);
  const pickSurname = zipfPicker(surnames, 0.85);
  const pickMale = zipfPicker(maleNames, 0.6);
  const pickFemale = zipfPicker(femaleNames, 0.6);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const oneOf = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const usedCodes = new Set<string>();
  const usedVat = new Set<string>();
  const out: PatientData[] = [];
  for (let i = 0; i < count; i++) {
    const cognome = pickSurname(random());
    const place = oneOf(places);
    const residence = random() < 0.7 ? place : oneOf(places);
    const residenza = {
      indirizzo: `${oneOf(streets)} ${int(1, 180)}`,
      cap: residence[3],
      comune: residence[0],
      provincia: residence[1],
    };
    const mobile = `+39 3${int(20, 99)} ${pad(int(0, 9_999_999), 7)}`;
    const tags = random() < 0.3 ? [...oneOf(tagSets)] : [];
    const state = random() < 0.05 ? ('UNACTIVE' as const) : ('ACTIVE' as const);
    const roll = random();
    let input: PatientInput;
    if (roll < 0.1) {
      let vat: string;
      do vat = partitaIvaOf(pad(int(0, 9_999_999_999), 10));
      while (usedVat.has(vat));
      usedVat.add(vat);
      const ragioneSociale = oneOf(companyKinds)(cognome);
      input = {
        state,
        tags,
        datiGenerali: {
          tipologiaPersona: 'GIURIDICA',
          ragioneSociale,
          codiceFiscale: vat,
          partitaIva: vat,
          codiceDestinatario: random() < 0.5 ? 'M5UXCR1' : '0000000',
          nazionalita: 'IT',
        },
        contatti: {
          cellulare: null,
          telefono: `0${int(10, 99)} ${pad(int(0, 9_999_999), 7)}`,
          email: `info@${plainLetters(cognome).toLowerCase()}${i}.it`,
          pec: random() < 0.6 ? `${plainLetters(cognome).toLowerCase()}${i}@pec.it` : null,
        },
        residenza,
      };
    } else if (roll < 0.11) {
      const [fc, fn, country] = oneOf(foreign);
      input = {
        state,
        tags,
        datiGenerali: {
          tipologiaPersona: 'FISICA',
          cognome: fc,
          nome: fn,
          sesso: 'U',
          codiceFiscale: null,
          nazionalita: country,
          dataNascita: `${pad(int(1, 28), 2)}-${pad(int(1, 12), 2)}-${int(1950, 2000)}`,
        },
        contatti: { cellulare: mobile, telefono: null, email: `${fn.toLowerCase()}.${i}@example.com`, pec: null },
        residenza,
      };
    } else {
      const female = random() < 0.55;
      const nome = female ? pickFemale(random()) : pickMale(random());
      let code: string;
      let birth: { year: number; month: number; day: number };
      do {
        birth = { year: int(1935, 2020), month: int(1, 12), day: int(1, 28) };
        code = personalCodiceFiscale(cognome, nome, female, birth, place[2]);
      } while (usedCodes.has(code));
      usedCodes.add(code);
      const mailName = `${plainLetters(nome)}.${plainLetters(cognome)}`.toLowerCase();
      input = {
        state,
        tags,
        datiGenerali: {
          tipologiaPersona: 'FISICA',
          cognome,
          nome,
          sesso: female ? 'D' : 'U',
          codiceFiscale: code,
          dataNascita: `${pad(birth.day, 2)}-${pad(birth.month, 2)}-${birth.year}`,
          comuneNascita: place[0],
          provinciaNascita: place[1],
          nazionalita: 'IT',
          note: random() < 0.05 ? 'Preferisce appuntamenti al mattino' : null,
        },
        contatti: {
          cellulare: random() < 0.9 ? mobile : null,
          telefono: random() < 0.2 ? `0${int(10, 99)} ${pad(int(0, 9_999_999), 7)}` : null,
          email: random() < 0.8 ? `${mailName}${random() < 0.5 ? int(1, 99) : ''}@${oneOf(mailDomains)}` : null,
          pec: null,
        },
        residenza,
        datiSanitari: {
          numeroTesseraSanitaria:
            random() < 0.4 ? `80380${pad(int(0, 999_999_999), 9)}${pad(int(0, 999_999), 6)}` : null,
          documentoIdentita: null,
          trasmissioneSistemaSanitario: random() > 0.03,
        },
      };
    }
    const parsed = patientInputSchema.safeParse(input);
    if (!parsed.success) {
      throw new Error(
        `generated patient ${i} is invalid: ${JSON.stringify(parsed.error.issues)} ${JSON.stringify(input)}`,
      );
    }
    out.push(parsed.data);
  }
  return out;
};

/**
 * A patient as its row in `patients` (snake_case columns), mapped as the server maps POST /pazienti's body: flat
 * columns, the birth date in ISO, `search_text` and `sort_name` from the domain's own rules. Checked against a
 * patient made through the API on every PostgreSQL run (the patients part), so a change of the mapping shows.
 */
export const patientRowOf = (p: PatientData, studioId: string): Record<string, unknown> => {
  const g = p.datiGenerali;
  return {
    studio_id: studioId,
    state: p.state,
    tags: p.tags,
    tipologia_persona: g.tipologiaPersona,
    nome: g.nome,
    cognome: g.cognome,
    ragione_sociale: g.ragioneSociale,
    sesso: g.sesso,
    codice_fiscale: g.codiceFiscale,
    partita_iva: g.partitaIva,
    codice_destinatario: g.codiceDestinatario,
    data_nascita: g.dataNascita ? uiDateToIso(g.dataNascita) : null,
    comune_nascita: g.comuneNascita,
    provincia_nascita: g.provinciaNascita,
    nazionalita: g.nazionalita,
    is_pubblica_amministrazione: g.isPubblicaAmministrazione,
    note: g.note,
    cellulare: p.contatti.cellulare,
    telefono: p.contatti.telefono,
    email: p.contatti.email,
    pec: p.contatti.pec,
    indirizzo: p.residenza.indirizzo,
    cap: p.residenza.cap,
    comune: p.residenza.comune,
    provincia: p.residenza.provincia,
    numero_tessera_sanitaria: p.datiSanitari.numeroTesseraSanitaria,
    documento_identita: p.datiSanitari.documentoIdentita,
    trasmissione_sistema_sanitario: p.datiSanitari.trasmissioneSistemaSanitario,
    search_text: patientSearchText(p),
    sort_name: normalizeSearchText(patientDisplayName(g)),
  };
};

/**
 * The SQL loader's statements for `count` generated patients of a studio (`seed` varies them), `batch` rows a
 * statement: `json_populate_recordset` over the table's own row type, so the columns are the database's.
 */
export const patientStatements = (studioId: string, count: number, seed: number, batch = 2_000): Statement[] => {
  const rows = generatePatients(count, seed).map((p) => patientRowOf(p, studioId));
  const columns = Object.keys(rows[0] ?? {}).join(', ');
  const statements: Statement[] = [];
  for (let i = 0; i < rows.length; i += batch) {
    statements.push({
      sql: `insert into patients (${columns}) select ${columns} from json_populate_recordset(null::patients, $1::json)`,
      params: [JSON.stringify(rows.slice(i, i + batch))],
    });
  }
  return statements;
};
