/** /prenota/annulla?token=: the patient's booking and its cancellation (issue 28, decision 035). */
export const BookingCancelPage = () => null;
