export * from './billing.messages.ts';
export * from './billing.schema.ts';
export * from './plans.ts';
export * from './subscription.ts';
