import { buildPgliteTemplate } from '../src/db/pglite-template.ts';

const file = await buildPgliteTemplate();
console.log(`Modello del database incorporato: ${file}`);
