import { TimePicker, type TimePickerProps } from '@mantine/dates';
import type { ReactNode } from 'react';
import { requiredGroup } from '../lib/form.ts';

export type TimeFieldProps = Omit<TimePickerProps, 'value' | 'onChange' | 'label' | 'format' | 'error'> & {
  /** The field's name: shown above it, and the accessible names of its hour and minute inputs ("Inizio, ore"). */
  label: string;
  /** A field named only by its neighbours (a row of hours): the label is not shown, the inputs still carry it. */
  hideLabel?: boolean;
  /** HH:mm or ''. */
  value?: string;
  onChange?: (value: string) => void;
  error?: ReactNode;
  required?: boolean;
};

/**
 * A 24-hour time (HH:mm): Mantine's TimePicker, not the native time input, which a browser with an English locale
 * shows with AM/PM in an Italian app. The one time field of the app (appointments, booking hours and exceptions).
 */
export const TimeField = ({
  label,
  hideLabel = false,
  value,
  onChange,
  error,
  required = true,
  ...props
}: TimeFieldProps) => (
  <TimePicker
    label={hideLabel ? undefined : label}
    // the wrapper is a div, where aria-required is not allowed: the two inputs carry it
    {...(required && !hideLabel ? requiredGroup : {})}
    format="24h"
    value={value ? `${value}:00` : ''}
    onChange={(v) => onChange?.(v ? v.slice(0, 5) : '')}
    error={error}
    hoursInputLabel={`${label}, ore`}
    minutesInputLabel={`${label}, minuti`}
    hoursInputProps={{ 'aria-label': `${label}, ore`, ...(required ? { 'aria-required': true } : {}) }}
    minutesInputProps={{ 'aria-label': `${label}, minuti`, ...(required ? { 'aria-required': true } : {}) }}
    {...props}
  />
);
