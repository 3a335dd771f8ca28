export * from './build.ts';
export * from './decimal.ts';
export * from './file-name.ts';
export * from './from-fattura.ts';
export * from './model.ts';
export * from './parse.ts';
export * from './received.ts';
export * from './sdi-checks.ts';
