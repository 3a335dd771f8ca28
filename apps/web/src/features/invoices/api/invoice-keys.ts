/**
 * Query keys of the invoices feature. Every invoicing query of a studio starts with `invoicesQueryKey`, so one
 * invalidation refreshes lists, stats and open documents after a save, a payment or a deletion.
 *
 * - documents: `[studioId, 'invoices', 'documento-contabile' | 'proforma', ...]` (one branch per register)
 * - one document: `[..., 'one', id]`; lists: `[..., 'list', query]`; next number: `[..., 'next-number', query]`
 * - stats: `[studioId, 'invoices', 'stats', ...]`; tables shared by every document: `[studioId, 'invoices', 'casse']`
 */
export type InvoiceRegister = 'documento-contabile' | 'proforma';

export const invoicesQueryKey = (studioId: string | null) => [studioId, 'invoices'] as const;

/** Invoices and credit notes (/documento-contabile) or pro-forma (/proforma). */
export const registerQueryKey = (studioId: string | null, register: InvoiceRegister) =>
  [...invoicesQueryKey(studioId), register] as const;

export const invoiceQueryKey = (studioId: string | null, id: string) =>
  [...registerQueryKey(studioId, 'documento-contabile'), 'one', id] as const;
export const proformaQueryKey = (studioId: string | null, id: string) =>
  [...registerQueryKey(studioId, 'proforma'), 'one', id] as const;

/** Lists of a register; the query object (filters, page) goes after it. */
export const invoiceListsQueryKey = (studioId: string | null, register: InvoiceRegister = 'documento-contabile') =>
  [...registerQueryKey(studioId, register), 'list'] as const;

export const nextNumberQueryKey = (studioId: string | null, register: InvoiceRegister) =>
  [...registerQueryKey(studioId, register), 'next-number'] as const;

export const invoiceStatsQueryKey = (studioId: string | null) => [...invoicesQueryKey(studioId), 'stats'] as const;

export const cassePrevidenzialiQueryKey = (studioId: string | null) =>
  [...invoicesQueryKey(studioId), 'casse'] as const;
