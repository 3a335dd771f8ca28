/** Every calendar query of a studio starts with this key; events and calendars have their own branch under it. */
export const calendarQueryKey = (studioId: string | null) => [studioId, 'calendar'] as const;
export const eventsQueryKey = (studioId: string | null) => [...calendarQueryKey(studioId), 'events'] as const;
export const calendarsQueryKey = (studioId: string | null) => [...calendarQueryKey(studioId), 'calendars'] as const;
