export * from './booking.schema.ts';
