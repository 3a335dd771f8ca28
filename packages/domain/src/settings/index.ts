export * from './settings.schema.ts';
