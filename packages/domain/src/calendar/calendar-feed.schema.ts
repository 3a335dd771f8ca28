import { z } from '../shared/zod-it.ts';

/**
 * What the studio's calendar feeds show of an appointment, beside its time (issue 25 item 3): a closed set chosen
 * in Impostazioni, the safest by default. Never the appointment's title (free text, often the patient's name or a
 * clinical word), its notes or anything clinical: a subscribed phone shows its calendar on the lock screen.
 */
export const calendarFeedContents = ['ORARIO', 'INIZIALI', 'NOME', 'PRESTAZIONE'] as const;
export type CalendarFeedContent = (typeof calendarFeedContents)[number];
export const defaultCalendarFeedContent: CalendarFeedContent = 'ORARIO';

export const calendarFeedContentLabels: Record<CalendarFeedContent, string> = {
  ORARIO: 'Solo l’orario: “Appuntamento”',
  INIZIALI: 'L’orario e le iniziali del paziente: “Appuntamento – R. M.”',
  NOME: 'L’orario e il nome del paziente: “Appuntamento – Rossi Mario”',
  PRESTAZIONE: 'L’orario e la prestazione: “Appuntamento – Seduta di fisioterapia”',
};

export const calendarFeedMessages = {
  appointment: 'Appuntamento',
  contentSaved: 'Contenuto dei calendari pubblicati salvato',
} as const;

/** "Rossi Mario" → "R. M."; a company's name → its first letters the same way. */
const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter((w) => /\p{L}/u.test(w))
    .map((w) => `${(w.match(/\p{L}/u)?.[0] ?? '').toUpperCase()}.`)
    .join(' ');

/** The summary of one appointment in a feed, from the studio's choice; anything else of it is never written. */
export const calendarFeedSummary = (
  content: CalendarFeedContent,
  appointment: { pazienteName: string | null; serviceName: string | null },
): string => {
  const extra =
    content === 'NOME'
      ? appointment.pazienteName
      : content === 'INIZIALI'
        ? appointment.pazienteName && initialsOf(appointment.pazienteName)
        : content === 'PRESTAZIONE'
          ? appointment.serviceName
          : null;
  return extra ? `${calendarFeedMessages.appointment} – ${extra}` : calendarFeedMessages.appointment;
};

export const calendarFeedSettingsInputSchema = z.object({ content: z.enum(calendarFeedContents) });
export type CalendarFeedSettingsInput = z.infer<typeof calendarFeedSettingsInputSchema>;

/** A live feed as the studio's settings list it: its calendar, who made it and when. */
export const calendarFeedRowSchema = z.object({
  calendarId: z.uuid(),
  calendarSummary: z.string(),
  createdAt: z.string(),
  author: z.object({ memberId: z.uuid(), name: z.string(), lastname: z.string(), email: z.string() }),
});
export type CalendarFeedRow = z.infer<typeof calendarFeedRowSchema>;

export const calendarFeedsAnswerSchema = z.object({
  content: z.enum(calendarFeedContents),
  feeds: z.array(calendarFeedRowSchema),
});
export type CalendarFeedsAnswer = z.infer<typeof calendarFeedsAnswerSchema>;
