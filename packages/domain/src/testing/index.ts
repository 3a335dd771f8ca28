/** Test data shared by the packages' tests (never imported by application code). */
export * from './invoice-documents.ts';
