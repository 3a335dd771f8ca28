import { afterEach, describe, expect, it, vi } from 'vitest';
import { readEvents } from './get-events.ts';

const event = (id: string) => ({
  id,
  seriesId: null,
  originalStart: null,
  studioId: '11111111-1111-4111-8111-111111111111',
  calendarId: '22222222-2222-4222-8222-222222222222',
  summary: 'Seduta',
  start: '2026-11-25T09:00:00.000Z',
  end: '2026-11-25T09:45:00.000Z',
  allDay: false,
  rrule: null,
  color: 'Grigio',
  googleColorId: null,
  googleCalendarId: null,
  googleEventOwner: null,
  pazienteId: null,
  pazienteName: null,
  paziente: null,
  staffMemberId: null,
  clinicRoomId: null,
  serviceLocationId: null,
  medicalDeviceIds: [],
  productId: null,
  price: null,
  isPagato: false,
  note: null,
  linkedDocumentoContabileId: null,
  linkedDocumentoContabileIdDocumento: null,
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('events read from the API', () => {
  it('logs an event that cannot be read and keeps the others', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = { ...event('e2'), start: 42 };
    const events = readEvents([event('e1'), broken, event('e3')]);
    expect(events.map((e) => e.id)).toEqual(['e1', 'e3']);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).toBe('Evento non leggibile');
    expect(log.mock.calls[0]?.[1]).toBe('e2');
  });

  it('reads well-formed events without logging', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(readEvents([event('e1')])).toHaveLength(1);
    expect(log).not.toHaveBeenCalled();
  });
});
