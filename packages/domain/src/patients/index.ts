export * from './patient.messages.ts';
export * from './patient.rules.ts';
export * from './patient.schema.ts';
