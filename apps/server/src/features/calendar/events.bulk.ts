import { type CalendarEvent, type EventsRangeQuery, calendarMessages as m } from '@studiolo/domain/calendar';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../shared/app-error.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { calendarRepository as repo } from './calendar.repository.ts';
import { eventsCsv, eventsStartingIn } from './events.export.ts';
import { romeDayRange } from './events.service.ts';
import { googleCalendarRepository as googleRepo } from './google-calendar.repository.ts';

const compact = (d: string) => d.replaceAll('-', '');

/**
 * GET /events/count: how many events the bulk calls would take for the range (those starting in it, each occurrence
 * of a series counted), so the bulk dialogs need not download a year of events to count them (decision 013).
 */
export const countEventsStartingIn = async (deps: AppDeps, ctx: StudioContext, q: EventsRangeQuery) => {
  const { from, to } = romeDayRange(q.start, q.end);
  let count = 0;
  for await (const _ of eventsStartingIn(deps.db, ctx, from, to, q.pazienteIds)) count++;
  return { count };
};

/**
 * DELETE /events/bulk (spec part 1 §2, §4, §8). Nothing is lost: the events of the range are listed, their full CSV
 * is e-mailed to the studio, and only when the mail has gone are exactly those events removed, in one transaction
 * (an event created or changed meanwhile is not in the backup and stays). External-calendar events are not ours
 * to delete. @returns how many events were deleted and whether the backup only reached the local outbox.
 */
export const bulkDeleteEvents = async (deps: AppDeps, ctx: StudioContext, q: EventsRangeQuery) => {
  const { from, to } = romeDayRange(q.start, q.end);
  const listed: CalendarEvent[] = [];
  for await (const e of eventsStartingIn(deps.db, ctx, from, to, q.pazienteIds)) listed.push(e);
  if (listed.length === 0) return { deletedCount: 0, backup: null };

  const to_ = (await repo.studioEmail(deps.db, ctx)) ?? ctx.email;
  const csv = await eventsCsv(deps.db, ctx, listed);
  let backup: Awaited<ReturnType<AppDeps['mailer']['send']>>;
  try {
    backup = await deps.mailer.send({
      studioId: ctx.studioId,
      to: to_,
      subject: m.backupMailSubject(q.start.split('-').reverse().join('-'), q.end.split('-').reverse().join('-')),
      text: `In allegato il backup completo dei ${listed.length} eventi eliminati dal calendario (dal ${q.start} al ${q.end}).`,
      attachments: [
        {
          filename: `backup-eventi-${compact(q.start)}-${compact(q.end)}.csv`,
          contentType: 'text/csv; charset=utf-8',
          content: csv,
        },
      ],
    });
  } catch (cause) {
    throw new AppError('SERVICE_UNAVAILABLE', m.backupFailed, { cause });
  }

  const singles = listed.filter((e) => !e.id.includes('_')).map((e) => e.id);
  const occurrences = new Map<string, Date[]>();
  for (const e of listed) {
    if (!e.id.includes('_') || !e.seriesId || !e.originalStart) continue;
    occurrences.set(e.seriesId, [...(occurrences.get(e.seriesId) ?? []), new Date(e.originalStart)]);
  }
  const deletedCount = await deps.db.transaction(async (tx) => {
    // spec part 1 §2: the external calendar is untouched, so copies already sent to Google stay there (decision 014)
    await googleRepo.keepGoogleCopiesInThisTransaction(tx);
    const deleted = await repo.deleteEvents(tx, ctx, singles);
    await repo.addExdatesOfMany(tx, ctx, occurrences);
    const count = deleted.length + [...occurrences.values()].reduce((n, d) => n + d.length, 0);
    await recordAudit(tx, ctx, {
      action: 'event.bulk-delete',
      entityType: 'event',
      detail: `${count} eventi dal ${q.start} al ${q.end}, backup ${backup.id}`,
    });
    return count;
  });
  return { deletedCount, backup: backup.status };
};
