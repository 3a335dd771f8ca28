import { Navigate, Outlet, useLocation } from 'react-router';
import { signInUrlFor, useStoredUser } from '../../lib/session.ts';

/** Pages that need a stored token but no studio yet (on-boarding, accepting an invitation). */
export const RequireToken = () => {
  const stored = useStoredUser();
  const location = useLocation();
  if (!stored) return <Navigate to={signInUrlFor(`${location.pathname}${location.search}`)} replace />;
  return <Outlet />;
};
