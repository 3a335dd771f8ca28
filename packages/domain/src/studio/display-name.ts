import { displayNameOf } from '../anagrafica/display-name.ts';

/** The studio's display name (spec part 1 §3); kept apart from the schemas so the app shell does not load zod. */
export const studioDisplayName = displayNameOf;
