import { measureSms, type SmsMeasure } from './sms-text.ts';

/**
 * A reminder's text (issue 29, decision 036 "Text"): the studio writes it with tokens in braces, each replaced when
 * the reminder leaves. Unknown tokens are refused when the settings are saved (a typo would reach the patient).
 */
/**
 * {link} is the patient's own confirm/cancel page (decision 036 "The patient's link"): about 80 characters, so in an
 * SMS it usually costs one more segment (one more credit); the e-mail carries the link whether the text has it or not.
 */
export const reminderTokens = ['nome', 'data', 'ora', 'studio', 'indirizzo', 'link'] as const;
export type ReminderToken = (typeof reminderTokens)[number];
export type ReminderValues = Record<ReminderToken, string>;

export const reminderTokenLabels: Record<ReminderToken, string> = {
  nome: 'Nome del paziente',
  data: "Data dell'appuntamento (GG-MM-AAAA)",
  ora: "Ora dell'appuntamento (HH:MM)",
  studio: 'Nome dello studio',
  indirizzo: 'Indirizzo dello studio',
  link: "Link per confermare o annullare l'appuntamento",
};

/** GSM-7 only (one credit for up to 160 characters once the tokens are filled in). */
export const defaultReminderText =
  "Gentile {nome}, le ricordiamo l'appuntamento presso {studio} il {data} alle {ora}. Per disdire contatti lo studio.";

/** Longest text a studio may write (before the tokens are filled in). */
export const maxReminderTextLength = 500;

const tokenPattern = /\{([^{}\s]{1,30})\}/gu;

/** The tokens in braces that are not one of reminderTokens ("{nom}" → ["nom"]). */
export const unknownReminderTokens = (template: string): string[] => {
  const unknown = new Set<string>();
  for (const match of template.matchAll(tokenPattern)) {
    const name = match[1] as string;
    if (!(reminderTokens as readonly string[]).includes(name)) unknown.add(name);
  }
  return [...unknown];
};

/** The text with every known token replaced (unknown ones are left as they are). */
export const renderReminderText = (template: string, values: ReminderValues): string =>
  template.replace(tokenPattern, (whole, name: string) =>
    (reminderTokens as readonly string[]).includes(name) ? values[name as ReminderToken] : whole,
  );

/** The path of the patient's page a reminder links to; the token (43 characters) follows it. */
export const reminderLinkPath = '/appuntamento?t=';
/** A link of the real length for the preview (the token is 43 base64url characters). */
export const previewReminderLink = (origin: string) => `${origin}${reminderLinkPath}${'x'.repeat(43)}`;

/**
 * Example values for the settings' live preview: a typical name, the longest date and time, and a link of the real
 * length on this server's address (`origin`).
 */
export const previewReminderValues = (
  studio: { nome: string; indirizzo: string },
  origin = 'https://studiolo.example',
): ReminderValues => ({
  nome: 'Maria Rossi',
  data: '24-12-2026',
  ora: '10:30',
  studio: studio.nome,
  indirizzo: studio.indirizzo,
  link: previewReminderLink(origin),
});

/** The preview of a template: the text as a patient would read it, with its length, encoding and segments. */
export const previewReminder = (template: string, values: ReminderValues): { text: string } & SmsMeasure => {
  const text = renderReminderText(template, values);
  return { text, ...measureSms(text) };
};
