import { Anchor, Stack, Text } from '@mantine/core';
import type { PublicBooking, PublicStudio } from '@studiolo/domain/booking';
import { bookingPageTexts as t } from '../booking.texts.ts';
import { formatWhen } from '../booking-dates.ts';

/** "tel:" wants the digits and a leading +, whatever the spacing the studio typed. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/gu, '')}`;

/**
 * The studio's contacts as the patient can use them (decision 035): the phone as a tel: link, the e-mail as a mailto:
 * link (their visible words are the number and the address, so a screen reader says what is seen), and the address.
 * Shown when the booking can no longer be cancelled online. `withPlace` false: under the booking's summary, which
 * already says where (the studio's name and address), only how to reach it.
 */
export const StudioContacts = ({ studio, withPlace = true }: { studio: PublicStudio; withPlace?: boolean }) =>
  !withPlace && !studio.phone && !studio.email ? null : (
    <Stack gap={4} component="section" aria-label={t.studioContacts}>
      <Text size="sm" fw={600}>
        {t.studioContacts}
      </Text>
      {withPlace && <Text size="sm">{studio.name}</Text>}
      {studio.phone && (
        <Text size="sm">
          {t.phoneLabel}:{' '}
          <Anchor href={telHref(studio.phone)} fw={600}>
            {studio.phone}
          </Anchor>
        </Text>
      )}
      {studio.email && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t.emailLabel}:{' '}
          <Anchor href={`mailto:${studio.email}`} fw={600}>
            {studio.email}
          </Anchor>
        </Text>
      )}
      {withPlace && studio.address && (
        <Text size="sm" c="dimmed">
          {studio.address}
        </Text>
      )}
    </Stack>
  );

/** "Puoi annullare fino a lunedì 30 novembre 2026, ore 09:00 (24 ore prima dell'appuntamento)." */
export const CancelDeadline = ({ booking }: { booking: PublicBooking }) => (
  <Text size="sm">{t.cancelUntil(formatWhen(booking.cancelUntil), booking.cancelLimitHours)}</Text>
);
