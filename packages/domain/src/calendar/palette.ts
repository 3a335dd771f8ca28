/**
 * spec part 1 §9: 11 named colours from "Blu lavanda" to "Rosso", default the 9th ("Grigio"). The names between are
 * not shown: these are Google Calendar's event colours (googleColorId) in an order that fits the spec (decision 013).
 */
export const eventColors = [
  { name: 'Blu lavanda', hex: '#7986CB', googleColorId: '1' },
  { name: 'Verde salvia', hex: '#33B679', googleColorId: '2' },
  { name: 'Viola', hex: '#8E24AA', googleColorId: '3' },
  { name: 'Rosa', hex: '#E67C73', googleColorId: '4' },
  { name: 'Giallo', hex: '#F6BF26', googleColorId: '5' },
  { name: 'Arancione', hex: '#F4511E', googleColorId: '6' },
  { name: 'Azzurro', hex: '#039BE5', googleColorId: '7' },
  { name: 'Blu', hex: '#3F51B5', googleColorId: '9' },
  { name: 'Grigio', hex: '#616161', googleColorId: '8' },
  { name: 'Verde', hex: '#0B8043', googleColorId: '10' },
  { name: 'Rosso', hex: '#D50000', googleColorId: '11' },
] as const;
export type EventColor = (typeof eventColors)[number];
export const eventColorHexes = eventColors.map((c) => c.hex) as [EventColor['hex'], ...EventColor['hex'][]];
export const defaultEventColor: EventColor = eventColors[8];

/** The palette entry of a colour, or the default when unknown (colours from before a palette change). */
export const eventColorOf = (hex: string | null | undefined): EventColor =>
  eventColors.find((c) => c.hex.toLowerCase() === hex?.toLowerCase()) ?? defaultEventColor;
