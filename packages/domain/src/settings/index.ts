export * from './settings.messages.ts';
export * from './settings.schema.ts';
