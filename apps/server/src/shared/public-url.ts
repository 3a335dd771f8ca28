import type { AppDeps } from '../deps.ts';

/** Where people reach this server (links in e-mails, calendar feeds). */
export const publicUrl = (deps: AppDeps) => deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`;
