export * from './clinical.messages.ts';
export * from './clinical.schema.ts';
export * from './outcome-measures.ts';
