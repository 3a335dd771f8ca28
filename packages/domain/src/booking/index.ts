export * from './booking.schema.ts';
export * from './booking-flow.ts';
export * from './booking-format.ts';
export * from './busy-intervals.ts';
export * from './slots.ts';
