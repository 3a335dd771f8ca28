export * from './zod-it.ts';
export * from './envelope.ts';
export * from './http.messages.ts';
export * from './roles.ts';
export * from './permissions.ts';
export * from './text.ts';
export * from './file-name.ts';
export * from './dates.ts';
