import { DateInput, type DateInputProps } from '@mantine/dates';
import { dayjs } from '../lib/dayjs-it.ts';

const typedFormats = ['DD-MM-YYYY', 'D-M-YYYY', 'DD/MM/YYYY', 'D/M/YYYY'];

/** DD-MM-YYYY (the form's and the wire's) → YYYY-MM-DD (Mantine's), '' for nothing or a wrong date. */
export const uiToIsoDay = (value: string) => {
  const d = dayjs(value, 'DD-MM-YYYY', true);
  return d.isValid() ? d.format('YYYY-MM-DD') : '';
};
/** YYYY-MM-DD (Mantine's, and the wire's where a field holds an ISO day) → DD-MM-YYYY, '' for nothing. */
export const isoDayToUi = (value: string | null) => (value ? dayjs(value, 'YYYY-MM-DD').format('DD-MM-YYYY') : '');

export type DateFieldProps = Omit<DateInputProps, 'value' | 'onChange' | 'defaultValue'> & {
  /** DD-MM-YYYY or ''. */
  value: string;
  onChange: (value: string) => void;
};

/** A day typed or picked, held as DD-MM-YYYY (spec part 2 §3 dates). */
export const DateField = ({ value, onChange, ...props }: DateFieldProps) => (
  <DateInput
    valueFormat="DD-MM-YYYY"
    placeholder="GG-MM-AAAA"
    dateParser={(input) => {
      const d = dayjs(input.trim(), typedFormats, true);
      return d.isValid() ? d.format('YYYY-MM-DD') : null;
    }}
    clearable
    clearButtonProps={{ 'aria-label': 'Cancella la data' }}
    {...props}
    value={uiToIsoDay(value) || null}
    onChange={(v) => onChange(isoDayToUi(v))}
  />
);
