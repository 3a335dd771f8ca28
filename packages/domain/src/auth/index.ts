export * from './auth.messages.ts';
export * from './auth.schema.ts';
export * from './legal.schema.ts';
