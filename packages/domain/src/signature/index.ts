export * from './signature.messages.ts';
export * from './signature.schema.ts';
