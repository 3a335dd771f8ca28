export * from './outcome-measures.ts';
