/** spec part 1 §9: the Italian national holidays, Easter and Easter Monday included. */
export type Holiday = { date: string /* YYYY-MM-DD */; name: string };

const fixed: [month: number, day: number, name: string][] = [
  [1, 1, 'Capodanno'],
  [1, 6, 'Epifania'],
  [4, 25, 'Festa della Liberazione'],
  [5, 1, 'Festa del Lavoro'],
  [6, 2, 'Festa della Repubblica'],
  [8, 15, 'Ferragosto'],
  [11, 1, 'Ognissanti'],
  [12, 8, 'Immacolata Concezione'],
  [12, 25, 'Natale'],
  [12, 26, 'Santo Stefano'],
];

const iso = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** Easter Sunday of the Gregorian calendar (the anonymous algorithm, Meeus/Jones/Butcher). */
export const easterSunday = (year: number): { month: number; day: number } => {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { month, day };
};

/** The holidays of a year in date order. */
export const italianHolidays = (year: number): Holiday[] => {
  const easter = easterSunday(year);
  const monday = new Date(Date.UTC(year, easter.month - 1, easter.day + 1));
  return [
    ...fixed.map(([month, day, name]) => ({ date: iso(year, month, day), name })),
    { date: iso(year, easter.month, easter.day), name: 'Pasqua' },
    { date: monday.toISOString().slice(0, 10), name: "Lunedì dell'Angelo" },
  ].sort((x, y) => x.date.localeCompare(y.date));
};
