/** The 20 avatar colours (spec part 1 §9). Names in Italian for the picker's labels. */
export const avatarColors = [
  { value: '#E53935', label: 'Rosso' },
  { value: '#D81B60', label: 'Lampone' },
  { value: '#8E24AA', label: 'Viola' },
  { value: '#5E35B1', label: 'Indaco scuro' },
  { value: '#3949AB', label: 'Indaco' },
  { value: '#1E88E5', label: 'Blu' },
  { value: '#039BE5', label: 'Azzurro' },
  { value: '#00ACC1', label: 'Ciano' },
  { value: '#00897B', label: 'Verde acqua' },
  { value: '#43A047', label: 'Verde' },
  { value: '#7CB342', label: 'Verde chiaro' },
  { value: '#C0CA33', label: 'Lime' },
  { value: '#FDD835', label: 'Giallo' },
  { value: '#FFB300', label: 'Ambra' },
  { value: '#FB8C00', label: 'Arancione' },
  { value: '#F4511E', label: 'Arancione scuro' },
  { value: '#6D4C41', label: 'Marrone' },
  { value: '#757575', label: 'Grigio' },
  { value: '#546E7A', label: 'Grigio blu' },
  { value: '#263238', label: 'Antracite' },
] as const;
export type AvatarColor = (typeof avatarColors)[number]['value'];
export const avatarColorValues = avatarColors.map((c) => c.value) as [AvatarColor, ...AvatarColor[]];

/** Fallback colour when a member has none: a stable hash of the id (spec part 1 §9). */
export const fallbackAvatarColor = (id: string): AvatarColor => {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (Math.imul(h, 31) + id.charCodeAt(i)) | 0;
  return avatarColorValues[Math.abs(h) % avatarColorValues.length] as AvatarColor;
};

/** Initials from name and surname (spec part 1 §9). */
export const initialsOf = (name?: string | null, lastname?: string | null): string =>
  `${name?.trim()[0] ?? ''}${lastname?.trim()[0] ?? ''}`.toUpperCase() || '?';
