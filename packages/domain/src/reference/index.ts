/**
 * Reference data for patients (decision 011): countries for `nazionalita`, comuni with province, CAP and catastral
 * code for addresses and birthplaces, and catastral codes to birthplaces for fiscal codes. Large (≈ 100 kB gzip
 * with every comune): the web imports it lazily. Nothing is computed at import beyond the lists themselves.
 */
export * from './belfiore.ts';
export * from './comuni.ts';
export * from './countries.ts';
