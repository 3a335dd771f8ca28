export * from './address.ts';
export * from './anagrafica.messages.ts';
export * from './codice-destinatario.ts';
export * from './codice-fiscale.ts';
export * from './contacts.ts';
export * from './fiscal-codes.ts';
export * from './health-card.ts';
export * from './persona.ts';
