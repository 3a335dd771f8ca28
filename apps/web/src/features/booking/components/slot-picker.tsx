import {
  Alert,
  Button,
  Group,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { type BookingSlot, groupSlotsByPartOfDay } from '@studiolo/domain/booking';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useBookingSlots } from '../api/public-booking.ts';
import { bookingPageTexts as t } from '../booking.texts.ts';
import { addDays, capitalized, dayChipParts, formatDayLong, romeTime, romeToday } from '../booking-dates.ts';
import classes from './booking.module.css';

/** Days asked at once: four weeks, within the server's 31-day bound (decision 035). */
export const slotWindowDays = 28;

/** The times of one day, in two groups (Mattina, Pomeriggio) as Cliniko shows them. */
export const SlotTimes = ({
  slots,
  selected,
  onSelect,
  headingOrder = 4,
}: {
  slots: BookingSlot[];
  selected?: string | null;
  onSelect: (slot: BookingSlot) => void;
  headingOrder?: 3 | 4;
}) => {
  const groups = groupSlotsByPartOfDay(slots);
  return (
    <Stack gap="md">
      {groups.map((g) => (
        <section key={g.part} aria-labelledby={`slot-group-${g.part}`}>
          <Title order={headingOrder} fz="sm" fw={600} c="dimmed" id={`slot-group-${g.part}`} mb={6}>
            {g.label}
          </Title>
          <SimpleGrid cols={{ base: 3, xs: 4, sm: 5 }} spacing="xs">
            {g.slots.map((s) => (
              <Button
                key={s.start}
                variant={selected === s.start ? 'filled' : 'default'}
                aria-pressed={selected === s.start}
                onClick={() => onSelect(s)}
                size="md"
                px={4}
              >
                {romeTime(s.start)}
              </Button>
            ))}
          </SimpleGrid>
        </section>
      ))}
    </Stack>
  );
};

/**
 * The days with free slots as a strip of buttons (one row that scrolls sideways on a phone), and the chosen day's
 * times. Only the days the server found free are shown: a day without times is never offered.
 */
export const SlotPicker = ({
  slug,
  productId,
  staffMemberId,
  onSelect,
}: {
  slug: string;
  productId: string;
  staffMemberId: string | null;
  onSelect: (slot: BookingSlot) => void;
}) => {
  const today = romeToday();
  const [from, setFrom] = useState(today);
  const to = addDays(from, slotWindowDays - 1);
  const slots = useBookingSlots(slug, { productId, ...(staffMemberId ? { staffMemberId } : {}), from, to });
  const days = (slots.data?.days ?? []).filter((d) => d.slots.length > 0);
  const [day, setDay] = useState<string | null>(null);
  const chosen = days.find((d) => d.date === day) ?? days[0] ?? null;

  // a day not in this window (the window moved) falls back to its first free day

  return (
    <Stack gap="md">
      {slots.isPending ? (
        <Stack gap="xs" aria-busy="true">
          <Text size="sm" c="dimmed">
            {t.slotsLoading}
          </Text>
          <Skeleton height={64} />
          <Skeleton height={120} />
        </Stack>
      ) : days.length === 0 ? (
        <Alert color="gray" variant="light">
          {t.noSlots}
        </Alert>
      ) : (
        <>
          <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars="x">
            <Group gap="xs" wrap="nowrap" role="group" aria-label={t.daysLabel} pb={4}>
              {days.map((d) => {
                const parts = dayChipParts(d.date);
                const active = chosen?.date === d.date;
                return (
                  // the visible words are the name (WCAG 2.5.3); the full date is the tooltip
                  <UnstyledButton
                    key={d.date}
                    className={classes.day}
                    data-active={active || undefined}
                    data-date={d.date}
                    aria-pressed={active}
                    title={formatDayLong(d.date)}
                    onClick={() => setDay(d.date)}
                  >
                    <Text span size="xs" tt="uppercase" fw={600}>
                      {parts.weekday}
                    </Text>{' '}
                    <Text span size="sm" fw={700}>
                      {parts.day}
                    </Text>
                  </UnstyledButton>
                );
              })}
            </Group>
          </ScrollArea>
          {chosen && (
            <section aria-labelledby="slot-day-title">
              <Title order={3} fz="md" id="slot-day-title" mb="xs">
                {capitalized(formatDayLong(chosen.date))}
              </Title>
              <SlotTimes slots={chosen.slots} onSelect={onSelect} />
            </section>
          )}
        </>
      )}
      <Group justify="space-between">
        <Button
          variant="subtle"
          leftSection={<IconChevronLeft size={16} aria-hidden />}
          disabled={from <= today}
          onClick={() => setFrom(addDays(from, -slotWindowDays) < today ? today : addDays(from, -slotWindowDays))}
        >
          {t.previousDays}
        </Button>
        <Button
          variant="subtle"
          rightSection={<IconChevronRight size={16} aria-hidden />}
          onClick={() => setFrom(addDays(from, slotWindowDays))}
        >
          {t.nextDays}
        </Button>
      </Group>
    </Stack>
  );
};
