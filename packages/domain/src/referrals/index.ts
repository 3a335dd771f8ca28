export * from './referrals.messages.ts';
export * from './referrals.schema.ts';
