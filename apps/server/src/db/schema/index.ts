export * from './users.ts';
export * from './studios.ts';
export * from './calendars.ts';
export * from './settings.ts';
export * from './audit.ts';
export * from './mail.ts';
