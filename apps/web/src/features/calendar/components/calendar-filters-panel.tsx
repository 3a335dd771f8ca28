import {
  Button,
  Checkbox,
  ColorSwatch,
  Group,
  MultiSelect,
  SegmentedControl,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { appointmentTypeFilters, type Calendar, eventColors } from '@studiolo/domain/calendar';
import { type AppointmentType, activeFilterCount, type CalendarFilters, emptyFilters } from '../calendar-filters.ts';
import { staffMemberName } from '../staff-columns.ts';
import { useCalendarDeps } from './calendar-deps.tsx';

export const filterTexts = {
  title: 'Filtri',
  calendars: 'Calendari',
  staff: 'Operatori',
  tags: 'Etichette pazienti',
  colors: 'Colori',
  devices: 'Dispositivi medici',
  patient: 'Paziente',
  type: 'Appuntamenti',
  all: 'Tutti',
  any: 'Tutti',
  reset: 'Azzera filtri',
  selectedHint: 'Per selezionare gli appuntamenti usa «Seleziona» nella barra del calendario.',
} as const;

/**
 * The filter panel (spec part 1 §1, §9): calendars as checkboxes (the local "selected" flag), staff members, patient
 * tags, colours, medical devices, one patient, and the appointment type (Pagati, Non Pagati, Selezionati).
 */
export const CalendarFiltersPanel = ({
  calendars,
  filters,
  onChange,
  selectedCount,
}: {
  calendars: readonly Calendar[];
  filters: CalendarFilters;
  onChange: (next: CalendarFilters) => void;
  selectedCount: number;
}) => {
  const deps = useCalendarDeps();
  const set = <K extends keyof CalendarFilters>(key: K, value: CalendarFilters[K]) =>
    onChange({ ...filters, [key]: value });
  const toggleCalendar = (id: string, shown: boolean) =>
    set(
      'hiddenCalendarIds',
      shown ? filters.hiddenCalendarIds.filter((h) => h !== id) : [...filters.hiddenCalendarIds, id],
    );
  const toggleColor = (hex: string) =>
    set('colors', filters.colors.includes(hex) ? filters.colors.filter((c) => c !== hex) : [...filters.colors, hex]);

  return (
    <Stack gap="md" data-testid="calendar-filters">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {filterTexts.calendars}
        </Text>
        {calendars.map((c) => (
          <Checkbox
            key={c.id}
            label={c.summary}
            checked={!filters.hiddenCalendarIds.includes(c.id)}
            onChange={(e) => toggleCalendar(c.id, e.currentTarget.checked)}
          />
        ))}
      </Stack>
      <Stack gap={6}>
        <Text size="sm" fw={600} id="appointment-type-label">
          {filterTexts.type}
        </Text>
        <SegmentedControl
          aria-labelledby="appointment-type-label"
          fullWidth
          size="xs"
          value={filters.appointmentType ?? 'ALL'}
          onChange={(v) => set('appointmentType', v === 'ALL' ? null : (v as AppointmentType))}
          data={[
            { value: 'ALL', label: filterTexts.all },
            ...(Object.keys(appointmentTypeFilters) as AppointmentType[]).map((k) => ({
              value: k,
              label: appointmentTypeFilters[k],
            })),
          ]}
        />
        {filters.appointmentType === 'SELECTED' && (
          <Text size="xs" c="dimmed">
            {selectedCount === 0 ? filterTexts.selectedHint : `${selectedCount} selezionati`}
          </Text>
        )}
      </Stack>
      <deps.PatientField
        label={filterTexts.patient}
        value={filters.pazienteId}
        onChange={(id) => set('pazienteId', id)}
      />
      <MultiSelect
        label={filterTexts.staff}
        placeholder={filters.staffMemberIds.length === 0 ? filterTexts.any : undefined}
        data={deps.staff.map((s) => ({ value: s.id, label: staffMemberName(s) }))}
        value={filters.staffMemberIds}
        onChange={(v) => set('staffMemberIds', v)}
        clearable
        searchable
      />
      <MultiSelect
        label={filterTexts.tags}
        placeholder={filters.tags.length === 0 ? filterTexts.any : undefined}
        data={deps.tags}
        value={filters.tags}
        onChange={(v) => set('tags', v)}
        clearable
        searchable
      />
      <MultiSelect
        label={filterTexts.devices}
        placeholder={filters.medicalDeviceIds.length === 0 ? filterTexts.any : undefined}
        data={deps.medicalDevices.map((d) => ({ value: d.id, label: d.name }))}
        value={filters.medicalDeviceIds}
        onChange={(v) => set('medicalDeviceIds', v)}
        clearable
        searchable
      />
      <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Text component="legend" size="sm" fw={600} mb={6} p={0}>
          {filterTexts.colors}
        </Text>
        <Group gap={6}>
          {eventColors.map((c) => {
            const on = filters.colors.includes(c.hex);
            return (
              <Tooltip key={c.hex} label={c.name} withArrow openDelay={200}>
                <ColorSwatch
                  component="button"
                  type="button"
                  color={c.hex}
                  size={24}
                  aria-label={c.name}
                  aria-pressed={on}
                  onClick={() => toggleColor(c.hex)}
                  style={{
                    cursor: 'pointer',
                    outline: on ? '2px solid var(--mantine-color-dark-6)' : undefined,
                    outlineOffset: 2,
                  }}
                />
              </Tooltip>
            );
          })}
        </Group>
      </fieldset>
      {activeFilterCount(filters) > 0 && (
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => onChange(emptyFilters)}
          style={{ alignSelf: 'flex-start' }}
        >
          {filterTexts.reset}
        </Button>
      )}
    </Stack>
  );
};
