import { measureSms, type SmsMeasure } from './sms-text.ts';

/**
 * A reminder's text (issue 29, decision 036 "Text"): the studio writes it with tokens in braces, each replaced when
 * the reminder leaves. Unknown tokens are refused when the settings are saved (a typo would reach the patient).
 */
/**
 * The patient's confirm/cancel link ({link}) is not offered yet (decision 036 "Not done"): a token must never render
 * to nothing in a message a patient reads.
 */
export const reminderTokens = ['nome', 'data', 'ora', 'studio', 'indirizzo'] as const;
export type ReminderToken = (typeof reminderTokens)[number];
export type ReminderValues = Record<ReminderToken, string>;

export const reminderTokenLabels: Record<ReminderToken, string> = {
  nome: 'Nome del paziente',
  data: "Data dell'appuntamento (GG-MM-AAAA)",
  ora: "Ora dell'appuntamento (HH:MM)",
  studio: 'Nome dello studio',
  indirizzo: 'Indirizzo dello studio',
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

/** Example values for the settings' live preview: a typical name, the longest date and time. */
export const previewReminderValues = (studio: { nome: string; indirizzo: string }): ReminderValues => ({
  nome: 'Maria Rossi',
  data: '24-12-2026',
  ora: '10:30',
  studio: studio.nome,
  indirizzo: studio.indirizzo,
});

/** The preview of a template: the text as a patient would read it, with its length, encoding and segments. */
export const previewReminder = (template: string, values: ReminderValues): { text: string } & SmsMeasure => {
  const text = renderReminderText(template, values);
  return { text, ...measureSms(text) };
};
