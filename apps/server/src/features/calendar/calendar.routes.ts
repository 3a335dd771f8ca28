import {
  appointmentsToPayPageSchema,
  appointmentsToPayQuerySchema,
  calendarFeedMessages,
  calendarFeedSettingsInputSchema,
  calendarFeedsAnswerSchema,
  calendarInputSchema,
  calendarSchema,
  calendarsAnswerSchema,
  calendarUpdateSchema,
  deleteRecurQuerySchema,
  eventDuplicateInputSchema,
  eventInputSchema,
  eventPaidInputSchema,
  eventSchema,
  eventsQuerySchema,
  eventsRangeQuerySchema,
  eventUpdateSchema,
  externalEventIdMarker,
  googleSyncAnswerSchema,
  calendarMessages as m,
} from '@studiolo/domain/calendar';
import { envelopeSchema } from '@studiolo/domain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { studioOf } from '../../plugins/auth-context.ts';
import { notFound } from '../../shared/app-error.ts';
import { alert, ok } from '../../shared/envelope.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import * as calendars from './calendar.service.ts';
import {
  createFeed,
  feedIcs,
  feedPermission,
  feedStatus,
  listFeeds,
  revokeFeed,
  setFeedContent,
} from './calendar-feed.ts';
import { bulkDeleteEvents, countEventsStartingIn } from './events.bulk.ts';
import { streamEventsCsv } from './events.export.ts';
import * as events from './events.service.ts';
import { sendReadyAnswer } from './events-answer-cache.ts';
import { registerGoogleCalendarRoutes } from './google-calendar.routes.ts';
import { syncGoogleCalendar } from './google-calendar.service.ts';

const uuidParams = z.object({ id: z.uuid() });
const occurrenceId = /^[0-9a-fA-F-]{36}(_\d{8}T\d{6}Z)?$/;
/**
 * Event ids are a uuid, or a uuid and an occurrence's start for one occurrence of a series. An external (Google)
 * event's id is refused with its own message: those are changed in Google Calendar, not here.
 */
const eventParams = z.object({
  id: z
    .string()
    .refine((id) => !id.startsWith(externalEventIdMarker), { error: m.externalReadOnly, abort: true })
    .regex(occurrenceId),
});
/** GET /events/{id} also reads one mirrored Google event (`gcal-<uuid>`). */
const readableEventParams = z.object({
  id: z.string().regex(new RegExp(`^(${externalEventIdMarker}[0-9a-fA-F-]{36}|${occurrenceId.source.slice(1, -1)})$`)),
});
const studioQuery = z.object({ studioId: z.uuid().optional() });
const eventEnvelope = { 200: envelopeSchema(eventSchema) };
const eventTenant = { resource: 'event', idParam: 'id' } as const;

/** Calendars and events (spec part 1 §7 "Events", "Calendars"). */
export const registerCalendarRoutes = (fastify: FastifyInstance, deps: AppDeps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerGoogleCalendarRoutes(fastify, deps);

  app.get(
    '/calendars',
    {
      schema: {
        tags: ['calendar'],
        querystring: studioQuery,
        response: { 200: envelopeSchema(calendarsAnswerSchema) },
      },
      config: { access: { permission: 'calendar:read' } },
    },
    async (req) => ok(await calendars.listCalendars(deps, studioOf(req))),
  );

  app.get(
    '/calendars/:id',
    {
      schema: { tags: ['calendar'], params: uuidParams, response: { 200: envelopeSchema(calendarSchema) } },
      config: { access: { permission: 'calendar:read', tenant: { resource: 'calendar', idParam: 'id' } } },
    },
    async (req) => ok(await calendars.getCalendar(deps, studioOf(req), req.params.id)),
  );

  app.post(
    '/calendars',
    {
      schema: { tags: ['calendar'], body: calendarInputSchema, response: { 200: envelopeSchema(calendarSchema) } },
      config: { access: { permission: 'calendar:write' } },
    },
    async (req) => ok(await calendars.createCalendar(deps, studioOf(req), req.body), m.calendarCreated),
  );

  app.put(
    '/calendars',
    {
      schema: {
        tags: ['calendar'],
        body: calendarUpdateSchema,
        response: { 200: envelopeSchema(calendarSchema) },
      },
      config: { access: { permission: 'calendar:write', tenant: { resource: 'calendar', idField: 'id' } } },
    },
    async (req) => ok(await calendars.updateCalendar(deps, studioOf(req), req.body.id, req.body), m.calendarUpdated),
  );

  // the same with the id in the path (kept: REST clients expect it)
  app.put(
    '/calendars/:id',
    {
      schema: {
        tags: ['calendar'],
        params: uuidParams,
        body: calendarInputSchema,
        response: { 200: envelopeSchema(calendarSchema) },
      },
      config: { access: { permission: 'calendar:write', tenant: { resource: 'calendar', idParam: 'id' } } },
    },
    async (req) => ok(await calendars.updateCalendar(deps, studioOf(req), req.params.id, req.body), m.calendarUpdated),
  );

  const feedSchema = {
    tags: ['calendar'],
    params: uuidParams,
    response: {
      200: envelopeSchema(
        z.object({ active: z.boolean(), createdAt: z.string().nullable(), url: z.string().nullable() }),
      ),
    },
  };
  const calendarTenant = { resource: 'calendar', idParam: 'id' } as const;
  // SECURITY (issue 25 item 3): publishing a calendar is for those who administer the studio, not for every user
  // with calendar rights: a feed leaves the studio with whatever it shows
  const feedAccess = { access: { permission: feedPermission, tenant: calendarTenant } };
  app.get('/calendars/:id/feed', { schema: feedSchema, config: feedAccess }, async (req) =>
    ok(await feedStatus(deps, studioOf(req), req.params.id)),
  );
  app.post('/calendars/:id/feed', { schema: feedSchema, config: feedAccess }, async (req) =>
    ok(await createFeed(deps, studioOf(req), req.params.id), m.feedCreated),
  );
  app.delete('/calendars/:id/feed', { schema: feedSchema, config: feedAccess }, async (req) =>
    ok(await revokeFeed(deps, studioOf(req), req.params.id), m.feedRevoked),
  );

  /** Impostazioni › Calendari pubblicati: what every feed shows, and each live feed with its author. */
  app.get(
    '/calendar-feeds',
    {
      schema: { tags: ['calendar'], response: { 200: envelopeSchema(calendarFeedsAnswerSchema) } },
      config: { access: { permission: feedPermission } },
    },
    async (req) => ok(await listFeeds(deps, studioOf(req))),
  );
  app.put(
    '/calendar-feeds/settings',
    {
      schema: {
        tags: ['calendar'],
        body: calendarFeedSettingsInputSchema,
        response: { 200: envelopeSchema(calendarFeedsAnswerSchema) },
      },
      config: { access: { permission: feedPermission } },
    },
    async (req) => ok(await setFeedContent(deps, studioOf(req), req.body), calendarFeedMessages.contentSaved),
  );

  app.get(
    '/public/calendar-feeds/:file',
    {
      schema: { tags: ['calendar'], params: z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{43}\.ics$/) }) },
      config: { access: { public: true } },
    },
    async (req, reply) => {
      const ics = await feedIcs(deps, req.params.file.slice(0, -4));
      if (ics === null) throw notFound();
      return reply.header('content-type', 'text/calendar; charset=utf-8').send(ics);
    },
  );

  app.get(
    '/events',
    {
      schema: {
        tags: ['calendar'],
        querystring: eventsQuerySchema,
        response: { 200: envelopeSchema(z.array(eventSchema)) },
      },
      config: { access: { permission: 'calendar:read' } },
    },
    async (req, reply) => sendReadyAnswer(req, reply, await events.listEventsAnswer(deps, studioOf(req), req.query)),
  );

  app.get(
    '/events/count',
    {
      schema: {
        tags: ['calendar'],
        querystring: eventsRangeQuerySchema,
        response: { 200: envelopeSchema(z.object({ count: z.number().int() })) },
      },
      config: { access: { permission: 'calendar:read' } },
    },
    async (req) => ok(await countEventsStartingIn(deps, studioOf(req), req.query)),
  );

  app.delete(
    '/events/bulk',
    {
      schema: {
        tags: ['calendar'],
        querystring: eventsRangeQuerySchema,
        response: { 200: envelopeSchema(z.object({ deletedCount: z.number().int() })) },
      },
      config: { access: { permission: 'calendar:write' } },
    },
    async (req) => {
      const { deletedCount, backup } = await bulkDeleteEvents(deps, studioOf(req), req.query);
      if (deletedCount === 0) return ok({ deletedCount }, m.noEventsFound);
      return ok(
        { deletedCount },
        backup === 'LOCAL_OUTBOX' ? m.bulkDeletedLocalOutbox(deletedCount) : m.bulkDeleted(deletedCount),
      );
    },
  );

  app.get(
    '/data-exporter/events',
    {
      schema: { tags: ['calendar'], querystring: eventsRangeQuerySchema },
      config: { access: { permission: 'export:run' } },
    },
    async (req, reply) => {
      const ctx = studioOf(req);
      const { from, to } = events.romeDayRange(req.query.start, req.query.end);
      await recordAudit(deps.db, ctx, { action: 'event.export', entityType: 'event' });
      const stream = await streamEventsCsv(deps.db, ctx, { from, to, pazienteIds: req.query.pazienteIds }, (err) =>
        req.log.error({ err }, 'events export failed'),
      );
      const name = `eventi-${req.query.start.replaceAll('-', '')}${req.query.end.replaceAll('-', '')}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(stream);
    },
  );

  app.get(
    '/events/appointments-to-pay',
    {
      schema: {
        tags: ['calendar'],
        querystring: appointmentsToPayQuerySchema,
        response: { 200: envelopeSchema(appointmentsToPayPageSchema) },
      },
      config: { access: { permission: 'invoice:read' } },
    },
    async (req) => ok(await events.appointmentsToPay(deps, studioOf(req), req.query)),
  );

  app.post(
    '/events/duplicate',
    {
      schema: {
        tags: ['calendar'],
        body: eventDuplicateInputSchema,
        response: { 200: envelopeSchema(z.array(eventSchema)) },
      },
      config: { access: { permission: 'calendar:write' } },
    },
    async (req) => {
      const created = await events.duplicateEvents(deps, studioOf(req), req.body.events);
      return ok(created, m.duplicated(created.length));
    },
  );

  app.put(
    '/events/sync-cal',
    {
      schema: {
        tags: ['calendar'],
        querystring: studioQuery,
        response: { 200: envelopeSchema(googleSyncAnswerSchema) },
      },
      config: { access: { permission: 'calendar:write' } },
    },
    // Without Google credentials, or without a linked account, the answer says so (ALERT) and nothing is synced.
    async (req) => {
      const {
        configured,
        synced,
        alert: warning,
      } = await syncGoogleCalendar(deps, studioOf(req), (err) => req.log.warn({ err }, 'google calendar sync failed'));
      return warning ? alert({ configured, synced }, warning) : ok({ configured, synced }, m.googleSynced(synced));
    },
  );

  app.get(
    '/events/paziente/:id',
    {
      schema: { tags: ['calendar'], params: uuidParams, response: { 200: envelopeSchema(z.array(eventSchema)) } },
      config: { access: { permission: 'calendar:read', tenant: { resource: 'patient', idParam: 'id' } } },
    },
    async (req) => ok(await events.eventsOfPatient(deps, studioOf(req), req.params.id)),
  );

  app.get(
    '/events/:id',
    {
      schema: { tags: ['calendar'], params: readableEventParams, response: eventEnvelope },
      config: { access: { permission: 'calendar:read', tenant: eventTenant } },
    },
    async (req) => ok(await events.getEvent(deps, studioOf(req), req.params.id)),
  );

  app.post(
    '/events',
    {
      schema: { tags: ['calendar'], body: eventInputSchema, response: eventEnvelope },
      config: { access: { permission: 'calendar:write' } },
    },
    async (req) => ok(await events.createEvent(deps, studioOf(req), req.body), m.created),
  );

  app.put(
    '/events',
    {
      schema: { tags: ['calendar'], body: eventUpdateSchema, response: eventEnvelope },
      config: { access: { permission: 'calendar:write', tenant: { resource: 'event', idField: 'id' } } },
    },
    async (req) => ok(await events.updateEvent(deps, studioOf(req), req.body), m.updated),
  );

  app.put(
    '/events/paid',
    {
      schema: { tags: ['calendar'], body: eventPaidInputSchema, response: eventEnvelope },
      config: { access: { permission: 'calendar:write', tenant: { resource: 'event', idField: 'eventId' } } },
    },
    async (req) => ok(await events.setPaid(deps, studioOf(req), req.body.eventId, req.body.isPagato)),
  );

  app.delete(
    '/events/:id',
    {
      schema: { tags: ['calendar'], params: eventParams, response: { 200: envelopeSchema(z.null()) } },
      config: { access: { permission: 'calendar:write', tenant: eventTenant } },
    },
    async (req) => {
      await events.deleteEvent(deps, studioOf(req), req.params.id);
      return ok(null, m.deleted);
    },
  );

  app.delete(
    '/events/recur/:id',
    {
      schema: {
        tags: ['calendar'],
        params: eventParams,
        querystring: deleteRecurQuerySchema,
        response: { 200: envelopeSchema(z.null()) },
      },
      config: { access: { permission: 'calendar:write', tenant: eventTenant } },
    },
    async (req) => {
      await events.deleteRecurring(deps, studioOf(req), req.params.id, req.query.deleteEventOption);
      return ok(null, m.deleted);
    },
  );
};
