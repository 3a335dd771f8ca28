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
import { type BookingSlot, type BookingSlotsQuery, groupSlotsByPartOfDay } from '@studiolo/domain/booking';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { useBookingSlots } from '../api/public-booking.ts';
import { bookingPageTexts as t } from '../booking.texts.ts';
import { bookingParams, openDayOf, slotWindowDays } from '../booking-choice.ts';
import { addDays, capitalized, dayChipParts, formatDayLong, romeTime, romeToday } from '../booking-dates.ts';
import classes from './booking.module.css';

/** The times of one day, in two groups (Mattina, Pomeriggio) as Cliniko shows them. */
export const SlotTimes = ({
  slots,
  selected,
  onSelect,
  headingOrder = 4,
  submitName,
}: {
  slots: BookingSlot[];
  selected?: string | null;
  onSelect: (slot: BookingSlot) => void;
  headingOrder?: 3 | 4;
  /** Inside a GET form: each time submits itself under this name before the script runs (decision 047). */
  submitName?: string;
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
                {...(submitName ? { type: 'submit' as const, name: submitName, value: romeTime(s.start) } : {})}
                onClick={(e) => {
                  e.preventDefault();
                  onSelect(s);
                }}
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

/** The parameters a form carries along (the choices made before), as hidden fields. */
const Carried = ({ params }: { params: Record<string, string> }) =>
  Object.entries(params).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);

/**
 * The days with free slots as a strip of buttons (one row that scrolls sideways on a phone), and the open day's
 * times. Only the days the server found free are shown: a day without times is never offered. Each button submits a
 * GET form of the page's own address (decision 047), so the strip and the times work before the script runs; once it
 * runs, they change the address without reloading.
 */
export const SlotPicker = ({
  slug,
  query,
  day,
  carried,
  onDay,
  onSelect,
}: {
  slug: string;
  query: BookingSlotsQuery;
  /** The day asked for in the address. */
  day: string | null;
  /** The choices made before (service, professional), carried by the forms. */
  carried: Record<string, string>;
  onDay: (date: string) => void;
  onSelect: (slot: BookingSlot) => void;
}) => {
  const today = romeToday();
  const slots = useBookingSlots(slug, query);
  const days = (slots.data?.days ?? []).filter((d) => d.slots.length > 0);
  const open = openDayOf(slots.data, day);
  const previous = addDays(query.from, -slotWindowDays);
  const go = (date: string) => (e: MouseEvent) => {
    e.preventDefault();
    onDay(date);
  };

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
          <form method="get">
            <Carried params={carried} />
            <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars="x">
              <Group gap="xs" wrap="nowrap" role="group" aria-label={t.daysLabel} pb={4}>
                {days.map((d) => {
                  const parts = dayChipParts(d.date);
                  const active = open?.date === d.date;
                  return (
                    // the visible words are the name (WCAG 2.5.3); the full date is the tooltip
                    <UnstyledButton
                      key={d.date}
                      type="submit"
                      name={bookingParams.day}
                      value={d.date}
                      className={classes.day}
                      data-active={active || undefined}
                      data-date={d.date}
                      aria-pressed={active}
                      title={formatDayLong(d.date)}
                      onClick={go(d.date)}
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
          </form>
          {open && (
            <section aria-labelledby="slot-day-title">
              <Title order={3} fz="md" id="slot-day-title" mb="xs">
                {capitalized(formatDayLong(open.date))}
              </Title>
              <form method="get">
                <Carried params={{ ...carried, [bookingParams.day]: open.date }} />
                <SlotTimes slots={open.slots} onSelect={onSelect} submitName={bookingParams.time} />
              </form>
            </section>
          )}
        </>
      )}
      <form method="get">
        <Carried params={carried} />
        <Group justify="space-between">
          <Button
            variant="subtle"
            type="submit"
            name={bookingParams.day}
            value={previous < today ? today : previous}
            leftSection={<IconChevronLeft size={16} aria-hidden />}
            disabled={query.from <= today}
            onClick={go(previous < today ? today : previous)}
          >
            {t.previousDays}
          </Button>
          <Button
            variant="subtle"
            type="submit"
            name={bookingParams.day}
            value={addDays(query.from, slotWindowDays)}
            rightSection={<IconChevronRight size={16} aria-hidden />}
            onClick={go(addDays(query.from, slotWindowDays))}
          >
            {t.nextDays}
          </Button>
        </Group>
      </form>
    </Stack>
  );
};
