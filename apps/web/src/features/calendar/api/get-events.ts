import { type CalendarEvent, eventSchema } from '@studiolo/domain/calendar';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import type { EventsQuery } from '../calendar-filters.ts';
import { eventsQueryKey } from './calendar-keys.ts';

/**
 * spec part 1 §8: an event the API sends that cannot be read is logged and left out; the others are shown (one bad
 * appointment never empties the week).
 */
export const readEvents = (raw: readonly unknown[]): CalendarEvent[] => {
  const events: CalendarEvent[] = [];
  for (const item of raw) {
    const parsed = eventSchema.safeParse(item);
    if (parsed.success) events.push(parsed.data);
    else
      console.error(
        'Evento non leggibile',
        (item as { id?: unknown } | null)?.id ?? null,
        parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
      );
  }
  return events;
};

/** GET /events: the appointments of a window (both days included, Rome days), series already expanded. */
export const getEvents = async (query: EventsQuery, signal?: AbortSignal) =>
  readEvents(await http.get<unknown[]>('/events', { query, ...(signal ? { signal } : {}) }));

/** The calendar's fetch, marked when its answer is read (the browser render figure: bench part calendar-browser). */
const getEventsMarked = async (query: EventsQuery, signal?: AbortSignal) => {
  const events = await getEvents(query, signal);
  performance.mark('studiolo:events-received', { detail: events.length });
  return events;
};

export const eventsQueryOptions = (studioId: string | null, query: EventsQuery) =>
  queryOptions({
    queryKey: [...eventsQueryKey(studioId), query] as const,
    queryFn: ({ signal }) => getEventsMarked(query, signal),
  });

const none: EventsQuery = { start: '', end: '' };

/**
 * The events of the visible range; the previous range's stay on screen while the next loads (no blank flash
 * when stepping weeks). A null query (every calendar hidden) asks nothing and shows nothing.
 */
export const useEvents = (query: EventsQuery | null) => {
  const studioId = useCurrentStudioId();
  return useQuery({
    ...eventsQueryOptions(studioId, query ?? none),
    enabled: Boolean(studioId) && query !== null,
    placeholderData: keepPreviousData,
  });
};
