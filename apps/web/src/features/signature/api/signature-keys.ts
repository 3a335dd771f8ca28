export const signaturesQueryKey = (studioId: string | null) => ['studio', studioId, 'signatures'] as const;
