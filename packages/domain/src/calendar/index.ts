export * from './calendar.messages.ts';
export * from './event.schema.ts';
export * from './google-calendar.ts';
export * from './holidays.ts';
export * from './palette.ts';
export * from './product.schema.ts';
export * from './recurrence.ts';
export * from './time-zone.ts';
