export * from './attachments.ts';
export * from './body-charts.ts';
export * from './clinical.messages.ts';
export * from './clinical.schema.ts';
export * from './export-paths.ts';
export * from './outcome-measures.ts';
