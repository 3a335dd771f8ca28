/**
 * What an invoice line made from an appointment without a service says (issue 26 item 2): the studio sets it once
 * (settings fattura `descrizionePrestazione`); until then it follows the studio's profession. Never the appointment's
 * title, which is usually the patient's name and would print it on the invoice and in the statistics by service.
 */

/** The settings fattura key that holds the studio's own description. */
export const serviceDescriptionSettingKey = 'descrizionePrestazione';

/** The most characters it may hold (a line's description is up to 1000; this one stays short). */
export const serviceDescriptionMaxChars = 200;

/** When the profession says nothing we know (decision 003). */
export const fallbackServiceDescription = 'Prestazione sanitaria';

// The profession is free text (spec part 1 §3 Studio): matched on stems, the more specific first.
const byProfession: readonly (readonly [RegExp, string])[] = [
  [/psicoterap/i, 'Seduta di psicoterapia'],
  [/psicolog/i, 'Colloquio psicologico'],
  [/psicomotric/i, 'Seduta di psicomotricità'],
  [/terapista occupazional|ergoterap/i, 'Seduta di terapia occupazionale'],
  [/fisioterap|fisiokines|massofisioterap|riabilitaz/i, 'Seduta di fisioterapia'],
  [/osteopat/i, 'Trattamento osteopatico'],
  [/chiroprat/i, 'Trattamento chiropratico'],
  [/logoped/i, 'Seduta di logopedia'],
  [/nutrizion|dietist|dietolog/i, 'Visita nutrizionale'],
  [/podolog/i, 'Trattamento podologico'],
  [/ostetric/i, 'Prestazione ostetrica'],
  [/infermier/i, 'Prestazione infermieristica'],
  [/odontoiatr|dentist|igienist/i, 'Prestazione odontoiatrica'],
  [/ortottist|optometr/i, 'Visita ortottica'],
  [/medic|chirurg|pediatr|cardiolog|dermatolog|ortoped|ginecolog|neurolog|fisiatr/i, 'Visita medica'],
];

/** The description a profession starts from ("Fisioterapista" → "Seduta di fisioterapia"). */
export const defaultServiceDescription = (professione: string | null | undefined): string => {
  const text = professione?.trim() ?? '';
  if (!text) return fallbackServiceDescription;
  return byProfession.find(([pattern]) => pattern.test(text))?.[1] ?? fallbackServiceDescription;
};

/** The description in use: the studio's own when set, otherwise its profession's. */
export const serviceDescriptionOf = (
  fatturaSettings: Record<string, unknown> | null | undefined,
  professione: string | null | undefined,
): string => {
  const own = fatturaSettings?.[serviceDescriptionSettingKey];
  if (typeof own === 'string' && own.trim()) return own.trim().slice(0, serviceDescriptionMaxChars);
  return defaultServiceDescription(professione);
};
