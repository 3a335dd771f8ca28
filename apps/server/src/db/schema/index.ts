export * from './audit.ts';
export * from './calendars.ts';
export * from './events.ts';
export * from './mail.ts';
export * from './patients.ts';
export * from './settings.ts';
export * from './studios.ts';
export * from './users.ts';
