/**
 * Health-card (Tessera Sanitaria, TS-CNS) magnetic-stripe reader, spec part 1 §4 and §5: keyboard input starting
 * with a percent sign, arriving within 1.5 s and ending with Enter is parsed; on success nome, cognome,
 * codiceFiscale, sesso and dataNascita are filled; a failure answers "Lettura tessera non riuscita, riprovare".
 *
 * Track format, as far as public material shows it (no official byte layout of the stripe was found; the decree
 * only says the stripe carries the tax code):
 *
 *   track 1 (ISO/IEC 7811 alphanumeric, "IATA"):
 *     %  [format code, e.g. B]  CODICEFISCALE(16)  COGNOME  NOME [padding spaces]  [^ …]  ?  [LRC]
 *     surname and given names separated by two spaces (compound names keep their single spaces);
 *     e.g. %BGRCMMM75D43C437UGRECO  MARIA EMMA^ in the source below
 *   track 2 (ISO/IEC 7811 numeric, "ABA"), when the reader sends it too:
 *     ;  20-digit card number starting 8038000  ?   (e.g. ;80380000100118208054?) — not used here
 *
 * Sources relied on:
 *  - Decree MEF 22/03/2022 (Gazzetta Ufficiale 22A01817), quoting art. 50 DL 269/2003: "La TS reca in ogni caso
 *    il codice fiscale del titolare, anche in codice a barre nonché in banda magnetica":
 *    https://www.gazzettaufficiale.it/atto/serie_generale/caricaArticoloDefault/originario?atto.dataPubblicazioneGazzetta=2022-03-22&atto.codiceRedazionale=22A01817&atto.tipoProvvedimento=DECRETO
 *  - Infordata FAQ on magnetic stripes: track 1 (IATA, up to 79 alphanumeric characters) is where "la tessera
 *    sanitaria contiene il codice fiscale"; track 2 (ABA) is numeric only:
 *    https://infordatadealers.com/aw_faq/banda_magnetica/come_vengono_scritti_i_dati_sulla_banda_magnetica_/
 *  - tesseresanitarie.it: the stripe on the back holds the holder's personal data:
 *    https://tesseresanitarie.it/cosa-riporta-la-tessera-santiria-fronte-retro
 *  - github.com/wlkr42/sistema-controllo-accessi, src/drivers/288K/dev_controllo_accessi/docs/
 *    DOCUMENTAZIONE_SVILUPPO.md §3.5 (a health-card access-control system): track 1 "%B[CF 16 chars][Nome]^",
 *    example %BGRCMMM75D43C437UGRECO  MARIA EMMA^ (its check character is right), track 2 a 20-digit card number.
 *  - A public C# test reading health cards as badges (Cizeta TraMaAuth, WorkerAuthenticatorTester): track 2
 *    ";80380000100118208054?"; the 8038000 card-number prefix is also in github.com/francescm/tessera_sanitaria.
 *  - ISO/IEC 7811/7813 conventions: % start sentinel of track 1, ^ field separator, ? end sentinel then LRC.
 *
 * Tolerance, because the layout above is not official and readers differ:
 *  - an optional format-code letter after % (seen as B in one source) is skipped when the code starts one later;
 *  - keyboard-wedge readers type US-layout key codes, so on an Italian layout ? arrives as _, ^ as &, ; as ò
 *    and = as ì: each is accepted in place of the ISO character; Caps Lock (lower case) is undone;
 *  - when surname and name are not separated by two spaces (or /), the split is the one whose surname and name
 *    letters give the code's first six characters (DE LUCA GIUSEPPE → DLC GPP).
 * The birth date follows the card-reader rules of spec part 1 §5: a day above 40 is a woman's ("above 31" as well:
 * days 32-40 fit neither sex, so such a code fails the read either way), and the century is the one that keeps the
 * date out of the future (20xx when that is not in the future, else 19xx) instead of the form's 110-year rule.
 */
import { anagraficaMessages as m } from './anagrafica.messages.ts';
import { decodeCodiceFiscaleWith } from './codice-fiscale.ts';

/** A parsed card, or the failure message of spec part 1 §5. */
export type HealthCardRead =
  | { ok: true; nome: string; cognome: string; codiceFiscale: string; sesso: 'U' | 'D'; dataNascita: string }
  | { ok: false; message: string };

const failed = (): HealthCardRead => ({ ok: false, message: m.healthCardReadFailed });

/** End of the name field: end sentinel (? or _ on an Italian layout), field separator (^ or &), track 2 start. */
const nameFieldEnd = /[?_^&;Ò=Ì\r\n]/;
const twoOrMoreSpaces = / {2,}/;

const vowels = 'AEIOU';
const lettersOf = (s: string): { consonants: string; vowels: string } => {
  let c = '';
  let v = '';
  for (const ch of s) {
    if (ch < 'A' || ch > 'Z') continue;
    if (vowels.includes(ch)) v += ch;
    else c += ch;
  }
  return { consonants: c, vowels: v };
};
/** The three surname letters of a codice fiscale (DM 23/12/1976): consonants, then vowels, then X. */
const surnameLetters = (surname: string): string => {
  const l = lettersOf(surname);
  return `${l.consonants}${l.vowels}XXX`.slice(0, 3);
};
/** The three name letters: with four or more consonants the 1st, 3rd and 4th, else as for the surname. */
const nameLetters = (name: string): string => {
  const l = lettersOf(name);
  const c = l.consonants;
  return c.length >= 4 ? `${c[0]}${c[2]}${c[3]}` : `${c}${l.vowels}XXX`.slice(0, 3);
};

/** Splits "COGNOME  NOME" into its two parts, or null when no split can be trusted. */
const splitNames = (field: string, codiceFiscale: string): { cognome: string; nome: string } | null => {
  const parts = field.split(twoOrMoreSpaces);
  if (parts.length === 2) return { cognome: parts[0] as string, nome: parts[1] as string };
  const slash = field.split('/');
  if (slash.length === 2) return { cognome: (slash[0] as string).trim(), nome: (slash[1] as string).trim() };
  // No reliable separator: take the split whose letters match the code's first six characters.
  const words = field.split(/ +/);
  for (let k = 1; k < words.length; k++) {
    const cognome = words.slice(0, k).join(' ');
    const nome = words.slice(k).join(' ');
    if (surnameLetters(cognome) === codiceFiscale.slice(0, 3) && nameLetters(nome) === codiceFiscale.slice(3, 6)) {
      return { cognome, nome };
    }
  }
  return null;
};

const withNames = (rest: string, codiceFiscale: string, sesso: 'U' | 'D', dataNascita: string): HealthCardRead => {
  const end = rest.search(nameFieldEnd);
  const field = (end < 0 ? rest : rest.slice(0, end)).trim();
  if (field === '') return failed();
  const names = splitNames(field, codiceFiscale);
  if (!names) return failed();
  const cognome = names.cognome.replace(/ +/g, ' ');
  const nome = names.nome.replace(/ +/g, ' ');
  if (cognome === '' || nome === '') return failed();
  return { ok: true, nome, cognome, codiceFiscale, sesso, dataNascita };
};

/**
 * Parses the keystrokes of a health-card swipe (track 1, possibly followed by others; the final Enter may be
 * included or not).
 * @param today reference date for the card reader's century rule; defaults to now.
 */
export function parseHealthCardTrack(raw: string, today?: Date): HealthCardRead {
  const start = raw.indexOf('%');
  if (start < 0) return failed();
  const track = raw.slice(start + 1).toUpperCase();

  // The tax code right after %, or after a one-letter format code.
  for (const offset of [0, 1]) {
    const codiceFiscale = track.slice(offset, offset + 16);
    const decoded = decodeCodiceFiscaleWith(codiceFiscale, 'not-in-future', today);
    if (decoded.ok) return withNames(track.slice(offset + 16), codiceFiscale, decoded.sesso, decoded.dataNascita);
  }
  return failed();
}

/** Options of {@link createHealthCardCollector}. */
export type HealthCardCollectorOptions = {
  onRead: (card: Extract<HealthCardRead, { ok: true }>) => void;
  /** A swipe that ended with Enter in time but could not be parsed (spec: the message is logged only). */
  onError: (message: string) => void;
  /**
   * Keys swallowed after a % that did not end with Enter in time (most likely a person typing a percent sign):
   * the app may put them back into the focused field.
   */
  onAbandoned?: (typed: string) => void;
  /** Milliseconds clock; defaults to Date.now. */
  now?: () => number;
  /** Reference date for the century rule; defaults to now. */
  today?: () => Date;
  /** spec part 1 §4 and appendix: the card reader window, 1.5 s from the first key. */
  timeoutMs?: number;
};

/** Feeds KeyboardEvent.key values; see {@link createHealthCardCollector}. */
export type HealthCardCollector = {
  /** @returns true when the key belongs to a card swipe (the caller then calls preventDefault). */
  key: (k: string) => boolean;
  /** Drops a swipe in progress. */
  reset: () => void;
};

/** Keys that carry no character (a wedge reader presses Shift for capitals and punctuation). */
const silentKeys = new Set(['Shift', 'CapsLock', 'Alt', 'AltGraph', 'Control', 'Meta', 'Dead', 'Unidentified', 'Tab']);

/**
 * A framework-free keystroke collector for keyboard-wedge card readers: wire `key` to a window keydown listener
 * (`if (collector.key(e.key)) e.preventDefault()`). It starts on '%', collects for at most `timeoutMs` from that
 * first key, and parses on 'Enter'.
 */
export function createHealthCardCollector(options: HealthCardCollectorOptions): HealthCardCollector {
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 1500;
  let buffer: string | null = null;
  let startedAt = 0;

  const abandon = () => {
    const typed = buffer;
    buffer = null;
    if (typed !== null) options.onAbandoned?.(typed);
  };

  const key = (k: string): boolean => {
    if (buffer !== null && now() - startedAt > timeoutMs) abandon();
    if (buffer === null) {
      if (k !== '%') return false;
      buffer = '%';
      startedAt = now();
      return true;
    }
    if (k === 'Enter') {
      const read = parseHealthCardTrack(buffer, options.today?.());
      buffer = null;
      if (read.ok) options.onRead(read);
      else options.onError(read.message);
      return true;
    }
    if (k === 'Escape') {
      abandon();
      return false;
    }
    if (k.length === 1) buffer += k;
    else if (!silentKeys.has(k)) {
      // any other named key (arrows, Backspace …) is a person, not a reader
      abandon();
      return false;
    }
    return true;
  };

  const reset = () => {
    buffer = null;
  };
  return { key, reset };
}
