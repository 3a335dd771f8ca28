import type { ReferralList } from '@studiolo/domain/referrals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';

/** GET /user-referrals?studioId (the studio is the signed-in one). */
export const getReferrals = () => http.get<ReferralList>('/user-referrals');

export const referralsQueryKey = (studioId: string | null) => [studioId, 'user-referrals'] as const;

export const referralsQueryOptions = (studioId: string | null) =>
  queryOptions({ queryKey: referralsQueryKey(studioId), queryFn: getReferrals });

export const useReferrals = () => {
  const studioId = useCurrentStudioId();
  return useQuery({ ...referralsQueryOptions(studioId), enabled: Boolean(studioId) });
};
