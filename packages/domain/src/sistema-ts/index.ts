export * from './sistema-ts.messages.ts';
export * from './sistema-ts.schema.ts';
export * from './tipi-spesa.ts';
