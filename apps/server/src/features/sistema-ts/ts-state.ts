import type { OperazioneTs, StatoTs } from '@studiolo/domain/sistema-ts';
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
  /** What the next record does when the document is sent: I, V or R; null when nothing is due. */
  operazione: OperazioneTs | null;
  errori: TsErrore[];
};

/**
 * Where a health document stands with the Sistema TS, from its records (oldest first) and its content now:
 * - a record travelling: Inviato;
 * - accepted and unchanged since: Accettato; changed since: Da inviare again, as a variazione;
 * - cancelled (an accepted C): Cancellato;
 * - refused: Scartato with the reasons, until a new record leaves;
 * - never sent: Da inviare once paid (the expense counts in the year it is paid), else In attesa di pagamento.
 */
export const tsStateOf = (
  doc: { pagata: boolean; rimborso: boolean; contenuto: string },
  invii: readonly TsInvioSeen[],
): TsState => {
  const last = invii.at(-1);
  if (last && (last.stato === 'IN_CODA' || last.stato === 'INVIATO'))
    return { stato: 'INVIATO', operazione: null, errori: [] };
  const accepted = invii.filter((i) => i.stato === 'ACCETTATO').at(-1);
  if (accepted?.operazione === 'C' && accepted === last) return { stato: 'CANCELLATO', operazione: null, errori: [] };
  const inTs = accepted !== undefined && accepted.operazione !== 'C';
  // unchanged since accepted: a later refused variazione no longer matters
  if (inTs && accepted.contenuto === doc.contenuto) return { stato: 'ACCETTATO', operazione: null, errori: [] };
  const operazione: OperazioneTs = inTs ? 'V' : doc.rimborso ? 'R' : 'I';
  if (!inTs && !doc.pagata) return { stato: 'NON_PAGATA', operazione: null, errori: [] };
  if (last?.stato === 'SCARTATO') return { stato: 'SCARTATO', operazione, errori: last.errori };
  return { stato: 'DA_INVIARE', operazione, errori: last?.stato === 'ERRORE_INVIO' ? last.errori : [] };
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
