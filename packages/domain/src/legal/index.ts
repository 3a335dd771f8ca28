export * from './legal-documents.ts';
