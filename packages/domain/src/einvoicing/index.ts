export * from './einvoicing.messages.ts';
