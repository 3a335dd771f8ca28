/**
 * dayjs in Italian with typed-format parsing, for the date fields and pickers (@mantine/dates reads dayjs's locale
 * through DatesProvider's `locale: 'it'`). Imported by the modules that use dayjs or a Mantine date picker, not by
 * the app's entry: a page without dates does not fetch dayjs before its first screen (issue 17 item 11).
 */
import 'dayjs/locale/it';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);
dayjs.locale('it');

export { dayjs };
