import type { CalendarFeedContent, CalendarFeedsAnswer } from '@studiolo/domain/calendar';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { calendarQueryKey } from './calendar-keys.ts';

/** A calendar's private iCalendar link: the URL only in the answer of its creation (decision 013). */
export type CalendarFeed = { active: boolean; createdAt: string | null; url: string | null };

/** GET /calendars/{id}/feed */
export const getCalendarFeed = (calendarId: string) => http.get<CalendarFeed>(`/calendars/${calendarId}/feed`);
/** POST /calendars/{id}/feed: a new link (the previous one stops working). */
export const createCalendarFeed = (calendarId: string) => http.post<CalendarFeed>(`/calendars/${calendarId}/feed`);
/** DELETE /calendars/{id}/feed */
export const revokeCalendarFeed = (calendarId: string) => http.delete<CalendarFeed>(`/calendars/${calendarId}/feed`);

const feedKey = (studioId: string | null, calendarId: string) =>
  [...calendarQueryKey(studioId), 'feed', calendarId] as const;

export const calendarFeedQueryOptions = (studioId: string | null, calendarId: string) =>
  queryOptions({ queryKey: feedKey(studioId, calendarId), queryFn: () => getCalendarFeed(calendarId) });

export const useCalendarFeed = (calendarId: string, enabled = true) => {
  const studioId = useCurrentStudioId();
  return useQuery({ ...calendarFeedQueryOptions(studioId, calendarId), enabled: Boolean(studioId) && enabled });
};

/** GET /calendar-feeds: what the studio's feeds show and every live feed with its author (Impostazioni). */
export const getCalendarFeeds = () => http.get<CalendarFeedsAnswer>('/calendar-feeds');
/** PUT /calendar-feeds/settings */
export const setCalendarFeedContent = (content: CalendarFeedContent) =>
  http.put<CalendarFeedsAnswer>('/calendar-feeds/settings', { content });

const feedsKey = (studioId: string | null) => [...calendarQueryKey(studioId), 'feeds'] as const;

export const useCalendarFeeds = () => {
  const studioId = useCurrentStudioId();
  return useQuery({ queryKey: feedsKey(studioId), queryFn: getCalendarFeeds, enabled: Boolean(studioId) });
};

export const useSetCalendarFeedContent = () => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: setCalendarFeedContent,
    onSuccess: (answer) => qc.setQueryData(feedsKey(studioId), answer),
  });
};

const useFeedMutation = (fn: (calendarId: string) => Promise<CalendarFeed>) => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: fn,
    // the cached status never keeps the URL: it is shown once, from the mutation's answer
    onSuccess: (feed, calendarId) => {
      qc.setQueryData(feedKey(studioId, calendarId), { ...feed, url: null });
      void qc.invalidateQueries({ queryKey: feedsKey(studioId) });
    },
  });
};

export const useCreateCalendarFeed = () => useFeedMutation(createCalendarFeed);
export const useRevokeCalendarFeed = () => useFeedMutation(revokeCalendarFeed);
