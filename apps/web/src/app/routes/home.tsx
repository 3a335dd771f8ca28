import { Navigate } from 'react-router';
import { useStoredUser } from '../../lib/session.ts';
import { LandingPage } from './landing-page.tsx';

/**
 * "/": the landing page for a visitor; a browser with a session goes on to the app (issue 38). The server draws the
 * landing page (it cannot see the session, kept in the browser), and the hydrated page then moves a signed-in user on.
 */
export const HomePage = () => (useStoredUser() ? <Navigate to="/customers" replace /> : <LandingPage />);
