export * from './spreadsheet-safe.ts';
