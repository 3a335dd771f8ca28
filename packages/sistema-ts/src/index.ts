export * from './build.ts';
export * from './crypto.ts';
export * from './from-fattura.ts';
export * from './model.ts';
export * from './prepare.ts';
export * from './ts-checks.ts';
