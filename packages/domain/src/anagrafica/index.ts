export * from './address.ts';
export * from './anagrafica.messages.ts';
export * from './contacts.ts';
export * from './fiscal-codes.ts';
