/** Every patient query of a studio starts with this key, so one invalidation refreshes lists, tags and records. */
export const patientsQueryKey = (studioId: string | null) => [studioId, 'patients'] as const;
