import { externalEventIdMarker } from '../calendar/event.schema.ts';

/** What deciding whether an appointment is still to be paid needs of it. */
export type SettleCandidate = {
  id: string;
  pazienteId: string | null;
  start: string;
  isPagato: boolean;
  linkedDocumentoContabileId: string | null;
};

/**
 * The appointments "da saldare" of a patient (issue 26 item 6): already begun (start before now), not paid, not on
 * an invoice yet, the studio's own (not mirrored from an external calendar), oldest first.
 */
export const appointmentsToSettle = <E extends SettleCandidate>(
  events: readonly E[],
  pazienteId: string,
  now: Date,
): E[] =>
  events
    .filter(
      (e) =>
        e.pazienteId === pazienteId &&
        !e.isPagato &&
        !e.linkedDocumentoContabileId &&
        !e.id.startsWith(externalEventIdMarker) &&
        Date.parse(e.start) < now.getTime(),
    )
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));

/** Whether an appointment can be invoiced as "da saldare" (the calendar offers it on such an appointment). */
export const isToSettle = (e: SettleCandidate, now: Date) =>
  e.pazienteId !== null && appointmentsToSettle([e], e.pazienteId, now).length === 1;
