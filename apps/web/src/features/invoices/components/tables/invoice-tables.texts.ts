import { onFirstUse } from '@studiolo/domain/shared';

const count = onFirstUse(() => new Intl.NumberFormat('it-IT'));

/** Texts of the invoice tables that the spec does not word (decided here); its own come from invoiceMessages. */
export const invoiceTablesTexts = {
  columns: {
    id: 'ID',
    cliente: 'Cliente',
    data: 'Data',
    pagata: 'Pagata',
    sdi: 'SDI',
    totale: 'Totale',
    pdf: 'PDF',
    accepted: 'Accettata',
  },
  listLabel: 'Documenti',
  proformaListLabel: 'Proforma',
  due: (date: string) => `Scadenza ${date}`,
  overdue: 'Scaduta: non pagata oltre la scadenza',
  paidOf: (id: string) => `Pagata ${id}`,
  openPdf: (id: string) => `Apri il PDF del documento ${id}`,
  open: (id: string) => `Apri il documento ${id}`,
  sortByDate: (direction: 'ASC' | 'DESC') =>
    direction === 'DESC' ? 'Data: dal più recente (cambia ordine)' : 'Data: dal meno recente (cambia ordine)',
  pageSize: 'Documenti per pagina',
  total: (n: number, exact: boolean) =>
    !exact ? `Oltre ${count().format(n)} documenti` : n === 1 ? '1 documento' : `${count().format(n)} documenti`,
  pagination: 'Pagine dei documenti',
  paidDialogTitle: 'Fattura pagata',
  paymentMethod: 'Metodo di pagamento',
  collectionDate: 'Data incasso',
  yes: 'SI',
  no: 'NO',
  acceptedYes: 'Accettata',
  acceptedNo: 'Da accettare',
  creditNote: 'Nota di credito',
  // a credit note is refunded to the patient, never paid by them (issue 26; decision 003)
  refundedOf: (id: string) => `Rimborsata ${id}`,
  refundDialogTitle: 'Nota di credito rimborsata',
  refundMethod: 'Metodo di rimborso',
  refundDate: 'Data del rimborso',
  refundYes: 'Rimborsata',
  refundNo: 'Da rimborsare',
  refundedOn: (date: string, method: string) => `Rimborsata il ${date} (${method})`,
  markNotRefunded: 'Nota di credito NON rimborsata - Vuoi segnare che il rimborso non è stato fatto?',
  loadFailed: 'Impossibile caricare i documenti.',
  noMatch: 'Nessun documento corrisponde ai filtri scelti.',
  sdiNotification: (description: string, date: string) => `${description} del ${date}`,
  sdiInfo: {
    uuid: 'UUID',
    invoiceUuid: 'Invoice UUID',
    createdAt: 'Creata il',
    esito: 'Esito',
    fattura: (esito: 'ACCETTATA' | 'RIFIUTATA') => `Fattura: ${esito}`,
    close: 'Chiudi',
  },
} as const;
