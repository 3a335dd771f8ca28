export * from './dates.ts';
export * from './envelope.ts';
export * from './file-name.ts';
export * from './http.messages.ts';
export * from './permissions.ts';
export * from './roles.ts';
export * from './text.ts';
export * from './zod-it.ts';
