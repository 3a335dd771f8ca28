export * from './form-template.messages.ts';
export * from './form-template.schema.ts';
export * from './form-template.tokens.ts';
