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
});
