import type { NotConfiguredGoogleCalendar } from './google-calendar.ts';

/**
 * The default without GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: no operation exists, and every route of the feature
 * answers that Google Calendar is not configured on this server (calendarMessages.googleNotConfigured).
 */
export const notConfiguredGoogleCalendar: NotConfiguredGoogleCalendar = { kind: 'not-configured', configured: false };
