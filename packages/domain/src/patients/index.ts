export * from './patient.messages.ts';
export * from './patient.schema.ts';
