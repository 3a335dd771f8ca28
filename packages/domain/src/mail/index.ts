export * from './outbox.schema.ts';
