import type { AppDeps } from '../deps.ts';

export type DemoLogin = { email: string; password: string };

/** Creates the demo studio when the database has no user yet; returns its login, or null. */
export const seedDemoIfEmpty = async (_deps: AppDeps): Promise<DemoLogin | null> => null;
