import type { Calendar } from '@studiolo/domain/calendar';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../shared/app-error.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { calendarRepository as repo, toCalendar } from './calendar.repository.ts';
import { googleCalendarsOf } from './google-calendar.service.ts';

/** GET /calendars: the studio's calendars, and the linked Google account's (empty without a link, decision 014). */
export const listCalendars = async (deps: AppDeps, ctx: StudioContext) => ({
  calendars: (await repo.listCalendars(deps.db, ctx)).map(toCalendar),
  googleCalendars: (await googleCalendarsOf(deps, ctx)) satisfies Calendar[],
});

export const getCalendar = async (deps: AppDeps, ctx: StudioContext, id: string) => {
  const row = await repo.findCalendar(deps.db, ctx, id);
  if (!row) throw notFound();
  return toCalendar(row);
};

export const createCalendar = (
  deps: AppDeps,
  ctx: StudioContext,
  input: { summary: string; description: string | null },
) =>
  deps.db.transaction(async (tx) => {
    const row = await repo.insertCalendar(tx, ctx, input);
    await recordAudit(tx, ctx, { action: 'calendar.create', entityType: 'calendar', entityId: row.id });
    return toCalendar(row);
  });

export const updateCalendar = (
  deps: AppDeps,
  ctx: StudioContext,
  id: string,
  input: { summary: string; description: string | null },
) =>
  deps.db.transaction(async (tx) => {
    const row = await repo.updateCalendar(tx, ctx, id, input);
    if (!row) throw notFound();
    await recordAudit(tx, ctx, { action: 'calendar.update', entityType: 'calendar', entityId: id });
    return toCalendar(row);
  });
