export * from './audit.schema.ts';
