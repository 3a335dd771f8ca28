import type { CurrentUser } from '@studiolo/domain/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useStoredUser, useSupportMode } from '../../../lib/session.ts';

export const getUser = () => http.get<CurrentUser>('/user/getUser');

/** The user is not studio-scoped: it says which studio is current. Support mode gets its own entry. */
export const userQueryKey = (supportEmail: string | null) => ['user', supportEmail ?? 'self'] as const;

export const userQueryOptions = (supportEmail: string | null) =>
  queryOptions({ queryKey: userQueryKey(supportEmail), queryFn: getUser, staleTime: 60_000 });

/** The signed-in user (null query while signed out). */
export const useCurrentUser = () => {
  const stored = useStoredUser();
  const support = useSupportMode();
  return useQuery({ ...userQueryOptions(support?.email ?? null), enabled: Boolean(stored) });
};

/** The current studio's id: the first of idsStudio (spec part 1 §3). Query keys start with it. */
export const useCurrentStudioId = (): string | null => useCurrentUser().data?.idsStudio[0] ?? null;
