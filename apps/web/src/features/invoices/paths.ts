/**
 * "Fattura appuntamenti da saldare" (issue 26 item 6): a new invoice of the patient's past unpaid appointments,
 * lines applied, back to where it was asked from.
 */
export const settleInvoicePath = (pazienteId: string, navigateBack: string) => {
  const params = new URLSearchParams({ pazienteId, daSaldare: '1', navigateBack });
  return `/accounting/fattura?${params.toString()}`;
};

/** The button's text (decision 003: the words). */
export const settleInvoiceLabel = 'Fattura appuntamenti da saldare';
