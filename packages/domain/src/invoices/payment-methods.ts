/** spec part 2 §3: payment methods, default Contanti. */
export const metodiPagamento = [
  'Contanti',
  'Carta di credito',
  'Carta di debito',
  'Bonifico bancario',
  'Assegno',
  'PayPal',
  'Altro',
] as const;
export type MetodoPagamento = (typeof metodiPagamento)[number];
export const defaultMetodoPagamento: MetodoPagamento = 'Contanti';
