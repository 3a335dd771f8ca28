import { describe, expect, it } from 'vitest';
import { type TsInvioSeen, tsStateOf } from './ts-state.ts';

const doc = (over: Partial<{ pagata: boolean; rimborso: boolean; contenuto: string }> = {}) => ({
  pagata: true,
  rimborso: false,
  contenuto: 'A',
  ...over,
});
const seen = (operazione: TsInvioSeen['operazione'], stato: string, contenuto = 'A'): TsInvioSeen => ({
  operazione,
  stato,
  contenuto,
  errori: stato === 'SCARTATO' ? [{ codice: '40', descrizione: 'Codice fiscale non presente' }] : [],
});

describe('where a health document stands with the Sistema TS', () => {
  it('unpaid and never sent: waiting for the payment; paid: due as an inserimento, a credit note as a rimborso', () => {
    expect(tsStateOf(doc({ pagata: false }), [])).toMatchObject({ stato: 'NON_PAGATA', operazione: null });
    expect(tsStateOf(doc(), [])).toMatchObject({ stato: 'DA_INVIARE', operazione: 'I' });
    expect(tsStateOf(doc({ rimborso: true }), [])).toMatchObject({ stato: 'DA_INVIARE', operazione: 'R' });
  });

  it('a record queued or awaiting its outcome: sent, nothing due', () => {
    expect(tsStateOf(doc(), [seen('I', 'IN_CODA')])).toMatchObject({ stato: 'INVIATO', operazione: null });
    expect(tsStateOf(doc(), [seen('I', 'INVIATO')])).toMatchObject({ stato: 'INVIATO', operazione: null });
  });

  it('refused: the reasons, and due again with the same operation', () => {
    const s = tsStateOf(doc(), [seen('I', 'SCARTATO')]);
    expect(s).toMatchObject({ stato: 'SCARTATO', operazione: 'I' });
    expect(s.errori[0]?.codice).toBe('40');
  });

  it('accepted and unchanged: accepted; changed since: due again as a variazione', () => {
    expect(tsStateOf(doc(), [seen('I', 'ACCETTATO')])).toMatchObject({ stato: 'ACCETTATO', operazione: null });
    expect(tsStateOf(doc({ contenuto: 'B' }), [seen('I', 'ACCETTATO')])).toMatchObject({
      stato: 'DA_INVIARE',
      operazione: 'V',
    });
  });

  it('a refused variazione whose change was undone is accepted again; still changed, it stays refused', () => {
    const history = [seen('I', 'ACCETTATO', 'A'), seen('V', 'SCARTATO', 'B')];
    expect(tsStateOf(doc({ contenuto: 'A' }), history)).toMatchObject({ stato: 'ACCETTATO' });
    expect(tsStateOf(doc({ contenuto: 'B' }), history)).toMatchObject({ stato: 'SCARTATO', operazione: 'V' });
  });

  it('cancelled: cancelled; a failed transmission is due again with its reason', () => {
    expect(tsStateOf(doc(), [seen('I', 'ACCETTATO'), seen('C', 'ACCETTATO')])).toMatchObject({ stato: 'CANCELLATO' });
    const failed = { ...seen('I', 'ERRORE_INVIO'), errori: [{ codice: 'INVIO', descrizione: 'Non raggiungibile' }] };
    expect(tsStateOf(doc(), [failed])).toMatchObject({ stato: 'DA_INVIARE', operazione: 'I' });
    expect(tsStateOf(doc(), [failed]).errori).toHaveLength(1);
  });

  describe('a credit note and its invoice (decision 023)', () => {
    const annullata = (rimborsata: boolean) => ({ ruolo: 'FATTURA_ANNULLATA' as const, nota: '2/2026', rimborsata });
    const nota = (over: Partial<{ totale: boolean; fatturaInTs: boolean; fatturaCancellata: boolean }> = {}) => ({
      ruolo: 'NOTA' as const,
      fattura: '1/2026',
      totale: true,
      fatturaInTs: false,
      fatturaCancellata: false,
      ...over,
    });

    it('an invoice cancelled in full before it was sent: neither it nor its note goes', () => {
      const f = tsStateOf(doc(), [], annullata(true));
      expect(f).toMatchObject({ stato: 'ANNULLATA', operazione: null });
      expect(f.nota).toContain('Annullata da nota di credito 2/2026');
      const n = tsStateOf(doc({ rimborso: true }), [], nota());
      expect(n).toMatchObject({ stato: 'ANNULLATA', operazione: null });
      expect(tsStateOf(doc({ rimborso: true, pagata: false }), [], nota())).toMatchObject({ stato: 'ANNULLATA' });
    });

    it('an invoice the Sistema TS has, cancelled in full and not refunded: its expense is cancelled (C)', () => {
      const f = tsStateOf(doc(), [seen('I', 'ACCETTATO')], annullata(false));
      expect(f).toMatchObject({ stato: 'DA_INVIARE', operazione: 'C' });
      expect(f.nota).toContain('2/2026');
      expect(tsStateOf(doc(), [seen('I', 'ACCETTATO'), seen('C', 'ACCETTATO')], annullata(false))).toMatchObject({
        stato: 'CANCELLATO',
      });
      // the note itself waits for a refund, and says the invoice's expense is being cancelled
      const n = tsStateOf(doc({ rimborso: true, pagata: false }), [], nota({ fatturaInTs: true }));
      expect(n).toMatchObject({ stato: 'NON_RIMBORSATA', operazione: null });
      expect(n.nota).toContain('cancellazione della spesa della fattura 1/2026');
      // once the cancellation went, a refund recorded later sends nothing
      expect(
        tsStateOf(doc({ rimborso: true }), [], nota({ fatturaInTs: false, fatturaCancellata: true })),
      ).toMatchObject({ stato: 'ANNULLATA' });
    });

    it('refunded: the invoice stays accepted and the note goes as a rimborso (R)', () => {
      expect(tsStateOf(doc(), [seen('I', 'ACCETTATO')], annullata(true))).toMatchObject({ stato: 'ACCETTATO' });
      expect(tsStateOf(doc({ rimborso: true }), [], nota({ fatturaInTs: true }))).toMatchObject({
        stato: 'DA_INVIARE',
        operazione: 'R',
      });
    });

    it('a partial credit note is a rimborso of that part once refunded; before, it waits for the refund, not a payment', () => {
      const waiting = tsStateOf(doc({ rimborso: true, pagata: false }), [], nota({ totale: false, fatturaInTs: true }));
      expect(waiting).toMatchObject({ stato: 'NON_RIMBORSATA', operazione: null });
      expect(waiting.nota).toContain('rimborso');
      expect(tsStateOf(doc({ rimborso: true }), [], nota({ totale: false, fatturaInTs: true }))).toMatchObject({
        stato: 'DA_INVIARE',
        operazione: 'R',
      });
      // a credit note with no invoice of ours to refer to: never "unpaid" either
      expect(tsStateOf(doc({ rimborso: true, pagata: false }), [])).toMatchObject({ stato: 'NON_RIMBORSATA' });
    });
  });
});
