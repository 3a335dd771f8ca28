import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { SignInForm } from '../../features/auth/components/sign-in-form.tsx';
import { acknowledgeSignOut, safeReturnUrl, setStoredUser, useStoredUser } from '../../lib/session.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /signIn: stores the token and goes back to returnUrl (or /customers). */
export const SignInPage = () => {
  usePageTitle('Accedi');
  const [params] = useSearchParams();
  const stored = useStoredUser();
  const queryClient = useQueryClient();
  const returnUrl = safeReturnUrl(params.get('returnUrl'));
  useEffect(() => acknowledgeSignOut(), []);
  if (stored) return <Navigate to={returnUrl} replace />;
  return (
    <SignInForm
      onSignedIn={(session) => {
        // Nothing cached from a previous session may leak into this one.
        queryClient.clear();
        setStoredUser(session);
      }}
    />
  );
};
