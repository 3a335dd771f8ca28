import type { CalendarEvent } from '@studiolo/domain/calendar';
import { describe, expect, it } from 'vitest';
import { settleGroupsOf, settleInvoiceInput } from './settle-batch.ts';

const event = (id: string, pazienteId: string, name: string, start: string, over: Partial<CalendarEvent> = {}) =>
  ({
    id,
    summary: name,
    start,
    end: start,
    pazienteId,
    pazienteName: name,
    productId: null,
    price: 50,
    isPagato: false,
    linkedDocumentoContabileId: null,
    ...over,
  }) as CalendarEvent;

const now = new Date('2026-03-20T12:00:00Z');
const events = [
  event('r1', 'p-rossi', 'Rossi Mario', '2026-03-10T09:00:00Z'),
  event('r2', 'p-rossi', 'Rossi Mario', '2026-03-17T09:00:00Z'),
  event('b1', 'p-bianchi', 'Bianchi Anna', '2026-03-12T09:00:00Z', { price: 70 }),
  event('b2', 'p-bianchi', 'Bianchi Anna', '2026-03-13T09:00:00Z', { isPagato: true }),
  event('v1', 'p-verdi', 'Verdi Luca', '2026-03-25T09:00:00Z'),
];
const defaults = {
  regimeFiscale: 'RF_19' as const,
  products: new Map(),
  serviceDescription: 'Seduta di fisioterapia',
  today: '20-03-2026',
};

describe('invoicing several patients’ appointments in one go (issue 26 item 6)', () => {
  it('groups the past unpaid appointments by patient, with their count and amount', () => {
    expect(settleGroupsOf(events, now).map((g) => [g.name, g.events.map((e) => e.id), g.amount])).toEqual([
      ['Bianchi Anna', ['b1'], 70],
      ['Rossi Mario', ['r1', 'r2'], 100],
    ]);
  });

  it('makes each patient’s invoice as the form does: the studio’s description, the domain’s total, linked and paid', () => {
    const [, rossi] = settleGroupsOf(events, now);
    const input = settleInvoiceInput(
      rossi as NonNullable<typeof rossi>,
      { kind: 'PERSONA', codiceDestinatario: null },
      defaults,
      { pagata: true, metodoPagamento: 'Bonifico bancario' },
    );
    expect(input).toMatchObject({
      pazienteId: 'p-rossi',
      tipoDocumento: 'FATTURA_SANITARIA',
      pagata: true,
      metodoPagamento: 'Bonifico bancario',
      linkedCalendarEventsIds: ['r1', 'r2'],
    });
    expect(input.prestazione.map((l) => [l.descrizione, l.quantita, l.prezzoPerUnita])).toEqual([
      ['Seduta di fisioterapia', 2, 50],
    ]);
    expect(input.totaleFattura).toBeGreaterThanOrEqual(100);
  });

  it('makes a company’s an electronic invoice to its recipient code', () => {
    const input = settleInvoiceInput(
      { pazienteId: 'p-ditta', events: [events[0] as CalendarEvent] },
      { kind: 'AZIENDA', codiceDestinatario: 'abc1234' },
      defaults,
      { pagata: false, metodoPagamento: 'Contanti' },
    );
    expect(input).toMatchObject({
      tipoDocumento: 'FATTURA_ELETTRONICA',
      codiceDestinatario: 'ABC1234',
      formatoTrasmissione: 'FPR_12',
      pagata: false,
    });
  });
});
