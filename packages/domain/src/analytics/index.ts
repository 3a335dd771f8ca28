export * from './analytics.messages.ts';
export * from './analytics.schema.ts';
