import { http, requestFile } from '../../../lib/http.ts';
import type { IsoDay } from '../calendar-dates.ts';

export type BulkEventsQuery = { start: IsoDay; end: IsoDay; pazienteIds?: string };

/** GET /events/count: how many events the bulk calls would take (those starting in the range, decision 013). */
export const countBulkEvents = (query: BulkEventsQuery, signal?: AbortSignal) =>
  http.get<{ count: number }>('/events/count', { query, ...(signal ? { signal } : {}) });

/** DELETE /events/bulk: the server mails a CSV backup first, then deletes (decision 013). */
export const bulkDeleteEvents = (query: BulkEventsQuery) =>
  http.delete<{ deletedCount: number }>('/events/bulk', { query });

/** GET /data-exporter/events: a CSV with BOM, named eventi-<start><end>.csv by the server. */
export const exportEvents = (query: BulkEventsQuery) =>
  requestFile('/data-exporter/events', { query, headers: { Accept: 'text/csv' } });
