import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { SignUpMailSent } from '../../features/auth/components/check-email-panel.tsx';
import { SignUpForm } from '../../features/auth/components/sign-up-form.tsx';
import { setStoredUser, useStoredUser } from '../../lib/session.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /signUp?inviteToken=…&customerInvitedByUserId=…: a staff invitation or a referral travel with the sign-up.
 * A new owner is asked to open the mailed confirmation link (which signs in and leads to on-boarding); an invited
 * member signs in at once and already belongs to a studio.
 */
export const SignUpPage = () => {
  usePageTitle('Registrati');
  const [params] = useSearchParams();
  const stored = useStoredUser();
  const queryClient = useQueryClient();
  const [destination, setDestination] = useState<string | null>(null);
  // Without a session the answer says to open the mailed link (the same for a new and a registered address).
  const [sentTo, setSentTo] = useState<string | null>(null);
  const rawInvite = params.get('inviteToken');
  const inviteToken = rawInvite && rawInvite.length >= 20 && rawInvite.length <= 200 ? rawInvite : null;
  const rawReferrer = params.get('customerInvitedByUserId');
  const customerInvitedByUserId = rawReferrer && uuidPattern.test(rawReferrer) ? rawReferrer : null;
  const acceptPath = inviteToken ? `/invito?token=${encodeURIComponent(inviteToken)}` : null;

  if (destination) return <Navigate to={destination} replace />;
  // Already signed in: an invitation is accepted by the signed-in account.
  if (stored) return <Navigate to={acceptPath ?? '/customers'} replace />;
  if (sentTo) return <SignUpMailSent email={sentTo} />;

  return (
    <SignUpForm
      inviteToken={inviteToken}
      customerInvitedByUserId={customerInvitedByUserId}
      signInHref={acceptPath ? `/signIn?returnUrl=${encodeURIComponent(acceptPath)}` : '/signIn'}
      onSignedUp={(session) => {
        if (!session.token) {
          setSentTo(session.username);
          return;
        }
        queryClient.clear();
        setDestination(inviteToken ? '/customers' : '/on-boarding');
        setStoredUser({ token: session.token, username: session.username });
      }}
    />
  );
};
