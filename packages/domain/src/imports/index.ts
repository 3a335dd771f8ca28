/**
 * The patient import (issue 30 item 1, decision 039) and the appointment import (item 2, decision 045): reading,
 * column mapping, row checks, matching, duplicates.
 */
export * from './appointment-header-mapping.ts';
export * from './appointment-import-api.schema.ts';
export * from './appointment-import-row.ts';
export * from './codice-fiscale-agreement.ts';
export * from './header-mapping.ts';
export * from './import.messages.ts';
export * from './import-api.schema.ts';
export * from './import-date.ts';
export * from './import-duplicates.ts';
export * from './import-limits.ts';
export * from './import-preview.ts';
export * from './import-row.ts';
export * from './import-time.ts';
export * from './read-import-file.ts';
