export * from './clinical-evaluation.pdf.ts';
export * from './form-template.pdf.ts';
export * from './format.ts';
export * from './invoice.pdf.ts';
export * from './pdf-pool.ts';
export * from './signature/index.ts';
export * from './signature-dossier.pdf.ts';
