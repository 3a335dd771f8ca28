import { describe, expect, it } from 'vitest';
import { appointmentsToSettle, isToSettle } from './appointments-to-settle.ts';

const rossi = 'p-rossi';
const appt = (id: string, start: string, over: Partial<Parameters<typeof isToSettle>[0]> = {}) => ({
  id,
  pazienteId: rossi,
  start,
  isPagato: false,
  linkedDocumentoContabileId: null,
  ...over,
});
const now = new Date('2026-03-20T12:00:00Z');

describe('appointments da saldare (issue 26 item 6)', () => {
  it('takes the past, unpaid, not yet invoiced appointments of the patient, oldest first', () => {
    const events = [
      appt('b', '2026-03-17T09:00:00Z'),
      appt('a', '2026-03-10T09:00:00Z'),
      appt('paid', '2026-03-11T09:00:00Z', { isPagato: true }),
      appt('invoiced', '2026-03-12T09:00:00Z', { linkedDocumentoContabileId: 'f-1' }),
      appt('future', '2026-03-27T09:00:00Z'),
      appt('other', '2026-03-13T09:00:00Z', { pazienteId: 'p-bianchi' }),
      appt('gcal-x', '2026-03-14T09:00:00Z'),
    ];
    expect(appointmentsToSettle(events, rossi, now).map((e) => e.id)).toEqual(['a', 'b']);
  });

  it('offers it on a past unpaid appointment with a patient only', () => {
    expect(isToSettle(appt('a', '2026-03-10T09:00:00Z'), now)).toBe(true);
    expect(isToSettle(appt('a', '2026-03-10T09:00:00Z', { pazienteId: null }), now)).toBe(false);
    expect(isToSettle(appt('a', '2026-03-25T09:00:00Z'), now)).toBe(false);
  });
});
