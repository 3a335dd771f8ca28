import type { SdiNotificationType } from '../../adapters/sdi/sdi.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { correctableStati, type NotificaRow, einvoicingRepository as repo } from './einvoicing.repository.ts';

/**
 * What the invoices feature reads of a document's life at the SDI: its notifications (in every answer and table
 * row) and whether it may be changed again. Apart from the service so that the two features do not import each
 * other's services.
 */

/** The notification as the API answers it (spec part 2 §3 "SDI notification"). */
export const notificationAnswer = (n: NotificaRow) => ({
  uuid: n.id,
  invoice_uuid: n.documentoId,
  created_at: n.createdAt.toISOString(),
  type: n.type as SdiNotificationType,
  message: n.message,
});
export type NotificationAnswer = ReturnType<typeof notificationAnswer>;

/** Each document's notifications, oldest first (every attempt's: a rejection stays in the history). */
export const sdiNotificationsOf = async (db: DbOrTx, ctx: StudioContext, documentoIds: string[]) => {
  const byDocument = new Map<string, NotificationAnswer[]>();
  for (const n of await repo.notificheOf(db, ctx, documentoIds)) {
    const list = byDocument.get(n.documentoId) ?? [];
    list.push(notificationAnswer(n));
    byDocument.set(n.documentoId, list);
  }
  return byDocument;
};

/** A document sent to the SDI can be changed again only when its last attempt was refused or could not leave. */
export const isCorrectable = async (db: DbOrTx, ctx: StudioContext, documentoId: string) => {
  const last = await repo.lastInvio(db, ctx, documentoId);
  return !last || (correctableStati as readonly string[]).includes(last.stato);
};

/** Every attempt of a document, oldest first, as the invoice page lists them (the XML itself is downloaded apart). */
export const sdiInviiOf = async (db: DbOrTx, ctx: StudioContext, documentoId: string) =>
  (await repo.invii(db, ctx, documentoId)).map((i) => ({
    id: i.id,
    fileName: i.fileName,
    stato: i.stato,
    canale: i.canale,
    identificativoSdi: i.identificativoSdi,
    errore: i.errore,
    createdAt: i.createdAt.toISOString(),
    inviatoAt: i.inviatoAt?.toISOString() ?? null,
  }));

/** What received invoices cost in a period (YYYY-MM-DD bounds): the overview's 'costo' and 'nrFattureRicevute'. */
export const receivedCostsOf = (db: DbOrTx, ctx: StudioContext, from: string, to: string) =>
  repo.costsOf(db, ctx, from, to);
