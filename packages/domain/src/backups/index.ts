export * from './backup-settings.schema.ts';
