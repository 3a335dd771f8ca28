import { bannerRefresh, type GlobalNotification } from '@studiolo/domain/referrals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/**
 * GET /global-notifications: the banner every signed-in user sees. A background call: a failure shows no toast and no
 * banner (the page never suffers for it; a lost session still signs out).
 */
export const getGlobalNotification = (): Promise<GlobalNotification | null> =>
  http.get<GlobalNotification>('/global-notifications', { silent: true }).catch(() => null);

export const globalNotificationQueryKey = ['global-notification'] as const;

export const globalNotificationQueryOptions = () =>
  queryOptions({ queryKey: globalNotificationQueryKey, queryFn: getGlobalNotification });

/** spec part 2 §4, §9: asked again every 2 s, up to 10 times after the first answer. */
export const useGlobalNotification = (opts: { refresh?: boolean } = {}) =>
  useQuery({
    ...globalNotificationQueryOptions(),
    refetchInterval: (query) =>
      opts.refresh !== false && query.state.dataUpdateCount <= bannerRefresh.times ? bannerRefresh.intervalMs : false,
    refetchIntervalInBackground: false,
  });
