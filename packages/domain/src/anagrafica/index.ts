export * from './anagrafica.messages.ts';
export * from './fiscal-codes.ts';
export * from './contacts.ts';
export * from './address.ts';
