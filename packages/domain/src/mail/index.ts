export * from './mail.messages.ts';
export * from './outbox.schema.ts';
