/** /prenota/:slug: a studio's public online booking page (issue 28, decision 035). */
export const StudioBookingPage = () => null;
