export * from './reminder-link.ts';
export * from './reminder-settings.schema.ts';
export * from './reminder-text.ts';
export * from './reminder-timing.ts';
export * from './sms-credit.schema.ts';
export * from './sms-text.ts';
