export * from './sms-credit.schema.ts';
