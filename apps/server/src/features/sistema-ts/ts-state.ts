import { sistemaTsMessages as m, type OperazioneTs, type StatoTs } from '@studiolo/domain/sistema-ts';
import type { TsErrore } from '../../adapters/sistema-ts/sistema-ts.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { sistemaTsRepository as repo } from './sistema-ts.repository.ts';

/** A record of the document already in a transmission, as its state needs it. */
export type TsInvioSeen = {
  operazione: OperazioneTs;
  stato: string;
  errori: TsErrore[];
  /** The record's content as sent (compared with the document as it is now). */
  contenuto: string;
};

export type TsState = {
  stato: StatoTs | 'CANCELLATO';
  /** What the next record does when the document is sent: I, V, R or C; null when nothing is due. */
  operazione: OperazioneTs | null;
  errori: TsErrore[];
  /** Why nothing goes, or what goes instead (a credit note and its invoice); null otherwise. */
  nota: string | null;
};

/**
 * How a credit note bears on a health document (decision 023, 'Credit notes'):
 * - FATTURA_ANNULLATA: an invoice whose whole amount a credit note cancels (`rimborsata`: the note records the money
 *   given back to the patient);
 * - NOTA: a credit note, of its whole invoice (`totale`) or of a part; `fatturaInTs`: the invoice's expense is at the
 *   Sistema TS or on its way (not cancelled, no cancellation travelling); `fatturaCancellata`: it was cancelled there.
 */
export type TsStorno =
  | { ruolo: 'FATTURA_ANNULLATA'; nota: string; rimborsata: boolean }
  | { ruolo: 'NOTA'; fattura: string; totale: boolean; fatturaInTs: boolean; fatturaCancellata: boolean };

const inFlight = (invii: readonly TsInvioSeen[]) => {
  const last = invii.at(-1);
  return last !== undefined && (last.stato === 'IN_CODA' || last.stato === 'INVIATO') ? last : null;
};

/** The Sistema TS has the document's expense or is receiving it (and no cancellation of it is travelling). */
export const expenseInTs = (invii: readonly TsInvioSeen[]) => {
  const travelling = inFlight(invii);
  if (travelling) return travelling.operazione !== 'C';
  const accepted = invii.filter((i) => i.stato === 'ACCETTATO').at(-1);
  return accepted !== undefined && accepted.operazione !== 'C';
};

/** The Sistema TS had the expense and cancelled it (its last accepted record is a C). */
export const expenseCancelled = (invii: readonly TsInvioSeen[]) =>
  !inFlight(invii) && invii.filter((i) => i.stato === 'ACCETTATO').at(-1)?.operazione === 'C';

/**
 * Where a health document stands with the Sistema TS, from its records (oldest first) and its content now:
 * - a record travelling: Inviato;
 * - accepted and unchanged since: Accettato; changed since: Da inviare again, as a variazione;
 * - cancelled (an accepted C): Cancellato;
 * - refused: Scartato with the reasons, until a new record leaves;
 * - never sent: Da inviare once paid (the expense counts in the year it is paid), else In attesa di pagamento;
 * - with a credit note (`storno`, decision 023): an invoice cancelled in full before it was sent, and its note, are
 *   not sent (Non va inviata); one the Sistema TS has is cancelled (C) unless the note records a refund, which then
 *   goes as a rimborso (R) with its date; a note not refunded waits (In attesa di rimborso), never "unpaid".
 */
export const tsStateOf = (
  doc: { pagata: boolean; rimborso: boolean; contenuto: string },
  invii: readonly TsInvioSeen[],
  storno: TsStorno | null = null,
): TsState => {
  const last = invii.at(-1);
  const state = (stato: TsState['stato'], operazione: OperazioneTs | null = null, nota: string | null = null) => ({
    stato,
    operazione,
    errori: [] as TsErrore[],
    nota,
  });
  if (inFlight(invii)) return state('INVIATO');
  const accepted = invii.filter((i) => i.stato === 'ACCETTATO').at(-1);
  const annullata = storno?.ruolo === 'FATTURA_ANNULLATA' ? storno : null;
  if (accepted?.operazione === 'C' && accepted === last)
    return state('CANCELLATO', null, annullata ? m.spesaCancellata(annullata.nota) : null);
  const inTs = accepted !== undefined && accepted.operazione !== 'C';
  const due = (operazione: OperazioneTs, nota: string | null = null): TsState =>
    last?.stato === 'SCARTATO'
      ? { stato: 'SCARTATO', operazione, errori: last.errori, nota }
      : { ...state('DA_INVIARE', operazione, nota), errori: last?.stato === 'ERRORE_INVIO' ? last.errori : [] };

  if (annullata) {
    // never at the Sistema TS: neither the invoice nor its note goes
    if (!inTs) return state('ANNULLATA', null, m.annullataDa(annullata.nota));
    // there, and the money was not given back: the expense never really happened, it is withdrawn
    if (!annullata.rimborsata) return due('C', m.spesaCancellata(annullata.nota));
    // there, and refunded: the expense stays, the note goes as a rimborso
  }
  if (storno?.ruolo === 'NOTA' && !inTs) {
    if (storno.totale && !storno.fatturaInTs)
      return state(
        'ANNULLATA',
        null,
        storno.fatturaCancellata ? m.fatturaCancellata(storno.fattura) : m.annullaFatturaNonInviata(storno.fattura),
      );
    if (!doc.pagata)
      return state('NON_RIMBORSATA', null, storno.totale ? m.cancellaSpesaDi(storno.fattura) : m.inAttesaDiRimborso);
  }
  // unchanged since accepted: a later refused variazione no longer matters
  if (inTs && accepted.contenuto === doc.contenuto) return state('ACCETTATO');
  const operazione: OperazioneTs = inTs ? 'V' : doc.rimborso ? 'R' : 'I';
  if (!inTs && !doc.pagata) return state(doc.rimborso ? 'NON_RIMBORSATA' : 'NON_PAGATA');
  return due(operazione);
};

/**
 * Whether the Sistema TS has the document's expense (accepted and not cancelled) or is receiving it: such a document
 * cannot be deleted before its expense is cancelled there. Apart from the service so that invoices can ask it.
 */
export const isInSistemaTs = async (db: DbOrTx, ctx: StudioContext, documentoId: string) => {
  const invii = (await repo.inviiOf(db, ctx, [documentoId])).map((r) => r.invio);
  const last = invii.at(-1);
  if (last && (last.stato === 'IN_CODA' || last.stato === 'INVIATO')) return true;
  const accepted = invii.filter((i) => i.stato === 'ACCETTATO').at(-1);
  return accepted !== undefined && accepted.operazione !== 'C';
};
