import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export type TotpSetup = { secret: string; otpauthUrl: string };

/** POST /user/2fa/setup: a new secret; with challengeToken during a sign-in that must set it up. */
export const setupTwoFactor = (input: { challengeToken?: string } = {}) =>
  http.post<TotpSetup>('/user/2fa/setup', input);

export const useSetupTwoFactor = () => useMutation({ mutationFn: setupTwoFactor });
