import { Alert, Anchor, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { isHttpError } from '../../../lib/http.ts';
import { useMounted } from '../../../lib/use-mounted.ts';
import { useCancelPatientBooking, usePatientBooking } from '../api/public-booking.ts';
import { bookingPageTexts as t } from '../booking.texts.ts';
import { formatWhen } from '../booking-dates.ts';
import { BookingSummary } from './booking-flow.tsx';
import { CancelDeadline, StudioContacts } from './studio-contacts.tsx';

/**
 * /prenota/annulla?token=: the patient's booking through the link of the e-mail (decision 035). "Annulla
 * prenotazione" (asked again in a dialog) while the cancellation limit allows it, saying until when; else why not, and
 * the studio's phone and e-mail as links.
 */
export const BookingCancel = ({ token }: { token: string | null }) => {
  const booking = usePatientBooking(token);
  const cancel = useCancelPatientBooking();
  const [asking, setAsking] = useState(false);
  const [justCancelled, setJustCancelled] = useState(false);
  const mounted = useMounted();

  let body: React.ReactNode;
  if (!token) {
    body = <Text>{t.cancelMissingToken}</Text>;
  } else if (booking.isPending) {
    body = <Skeleton height={160} aria-busy="true" />;
  } else if (booking.isError) {
    const notFound = isHttpError(booking.error) && [400, 404].includes(booking.error.status);
    body = (
      <Alert color="red" role="alert">
        {notFound ? t.cancelNotFound : booking.error.message}
      </Alert>
    );
  } else {
    const b = booking.data;
    const cancelled = b.status === 'CUSTOMER_CANCELLED' || b.status === 'STUDIO_CANCELLED';
    body = (
      <Stack gap="md">
        {justCancelled && (
          <Alert color="green" role="status">
            {t.cancelledNow}
          </Alert>
        )}
        <BookingSummary booking={b} />
        {cancelled ? (
          !justCancelled && <Text>{t.alreadyCancelled}</Text>
        ) : b.cancellable ? (
          <>
            <CancelDeadline booking={b} />
            <Button color="red" variant="light" size="md" disabled={!mounted} onClick={() => setAsking(true)}>
              {t.cancelButton}
            </Button>
          </>
        ) : (
          <Alert color="yellow" variant="light">
            {t.notCancellableLimit(b.cancelLimitHours)}
          </Alert>
        )}
        {/* past the limit, or cancelled (to book again): whom to call */}
        {!b.cancellable && <StudioContacts studio={b.studio} withPlace={false} />}
        {!cancelled && (
          <Anchor href={b.icsUrl} download="prenotazione.ics" size="sm">
            {t.addToCalendar}
          </Anchor>
        )}
      </Stack>
    );
  }

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {t.cancelPageTitle}
        </Title>
        {body}
      </Stack>
      {booking.data && token && (
        <ConfirmDialog
          opened={asking}
          title={t.cancelConfirmTitle}
          message={t.cancelConfirmMessage(formatWhen(booking.data.start))}
          confirmLabel={t.cancelConfirm}
          cancelLabel={t.cancelKeep}
          confirmColor="red"
          loading={cancel.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() =>
            cancel.mutate(token, {
              onSuccess: () => {
                setAsking(false);
                setJustCancelled(true);
              },
              onError: () => {
                setAsking(false);
                void booking.refetch();
              },
            })
          }
        />
      )}
    </Paper>
  );
};
