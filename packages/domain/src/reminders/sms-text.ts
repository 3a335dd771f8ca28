/**
 * SMS length, encoding and segments (issue 29, decision 036 "Text"). An SMS is GSM-7 when every character is in the
 * GSM 03.38 basic set or its extension table (an extension character takes two septets: the escape and itself), else
 * UCS-2 (UTF-16 code units: an emoji takes two). A single SMS holds 160 septets or 70 units; a concatenated one loses
 * room to its header: 153 septets or 67 units per segment, and an escape pair or a surrogate pair is never split
 * across two segments. Each segment costs one credit.
 */

const gsmBasic = new Set(
  // GSM 03.38 basic character set (the escape 0x1B itself left out: it is not a character a text may hold)
  [
    ...'@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?',
    ...'¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
  ],
);
/** GSM 03.38 extension table: two septets each. */
const gsmExtension = new Set([...'\f^{}\\[~]|€']);

export const smsEncodings = ['GSM-7', 'UCS-2'] as const;
export type SmsEncoding = (typeof smsEncodings)[number];

export const smsLimits = {
  'GSM-7': { single: 160, perSegment: 153 },
  'UCS-2': { single: 70, perSegment: 67 },
} as const satisfies Record<SmsEncoding, { single: number; perSegment: number }>;

export type SmsMeasure = {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  /** Characters as a person counts them (code points). */
  characters: number;
  segments: number;
  /** Units still free in the last segment. */
  remaining: number;
  /** Characters outside GSM-7 that made the text UCS-2 (distinct, in order), for the preview's hint. */
  nonGsmCharacters: string[];
};

/** GSM-7 when every character fits, else UCS-2. */
export const smsEncodingOf = (text: string): SmsEncoding => {
  for (const ch of text) if (!gsmBasic.has(ch) && !gsmExtension.has(ch)) return 'UCS-2';
  return 'GSM-7';
};

/** Packs atoms (each of 1 or 2 units) into segments of `size` units without splitting one. */
const segmentsOf = (atoms: number[], size: number): { segments: number; lastFill: number } => {
  let segments = 1;
  let fill = 0;
  for (const a of atoms) {
    if (fill + a > size) {
      segments++;
      fill = 0;
    }
    fill += a;
  }
  return { segments, lastFill: fill };
};

/** Length, encoding and the number of segments (credits) of an SMS text. An empty text is one empty segment. */
export const measureSms = (text: string): SmsMeasure => {
  const encoding = smsEncodingOf(text);
  const chars = [...text];
  const atoms = chars.map((ch) => (encoding === 'GSM-7' ? (gsmExtension.has(ch) ? 2 : 1) : ch.length));
  const units = atoms.reduce((s, a) => s + a, 0);
  const limits = smsLimits[encoding];
  const nonGsmCharacters =
    encoding === 'UCS-2' ? [...new Set(chars.filter((ch) => !gsmBasic.has(ch) && !gsmExtension.has(ch)))] : [];
  if (units <= limits.single)
    return {
      encoding,
      units,
      characters: chars.length,
      segments: 1,
      remaining: limits.single - units,
      nonGsmCharacters,
    };
  const { segments, lastFill } = segmentsOf(atoms, limits.perSegment);
  return {
    encoding,
    units,
    characters: chars.length,
    segments,
    remaining: limits.perSegment - lastFill,
    nonGsmCharacters,
  };
};
