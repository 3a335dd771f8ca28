import type { Referral, ReferralInput } from '@studiolo/domain/referrals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { referralsQueryKey } from './get-referrals.ts';

/** POST /user-referrals {userInviteeEmail, invitationReason}: sends the invitation e-mail. */
export const createReferral = (input: { userInviteeEmail: string; invitationReason?: string | null }) =>
  http.post<Referral>('/user-referrals', input satisfies Partial<ReferralInput>);

export const useCreateReferral = () => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: createReferral,
    onSuccess: () => qc.invalidateQueries({ queryKey: referralsQueryKey(studioId) }),
  });
};
