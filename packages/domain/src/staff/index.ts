export * from './avatar.ts';
export * from './staff.messages.ts';
export * from './staff.schema.ts';
