/** Query keys of analytics, per studio (a switch of studio never shows another studio's figures). */
export const analyticsQueryKey = (studioId: string | null) => ['analytics', studioId] as const;
