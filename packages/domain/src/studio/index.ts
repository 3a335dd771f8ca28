export * from './display-name.ts';
export * from './regime-fiscale.ts';
export * from './studio.messages.ts';
export * from './studio.schema.ts';
export * from './studio-delete.ts';
