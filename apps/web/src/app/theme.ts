import {
  type ComboboxProps,
  createTheme,
  darken,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';

// A calm teal for a health studio. Text and buttons use shade 9 (#006b5f: 6.4:1 on white, 5.4:1 on the light teal of
// shade 1), above WCAG 2.2 AA's 4.5:1 for text (issue 20; decision 021).
const studiolo: MantineColorsTuple = [
  '#e6fbf8',
  '#d3f2ee',
  '#a8e3db',
  '#79d3c7',
  '#53c6b6',
  '#3bbdac',
  '#2bb9a7',
  '#19a291',
  '#008f80',
  '#006b5f',
];

/**
 * Where the list of every Select (any Combobox) opens: under its field, as wide as it, above it when there is no
 * room below. "bottom-start", not Mantine's "bottom": a centred list is placed by its own width, which is still 0
 * while it is hidden, so it lands half a field to the right; `width: 'target'` turns off the sideways shift, the
 * list sticks out of a phone's screen, the mobile browser widens the page, the field moves, the list hides and
 * reopens, in a loop (the "Ruolo" list of the invitation dialog). A left edge aligned with the field's does not
 * depend on the list's measured width.
 */
export const comboboxDefaults = {
  withinPortal: true,
  position: 'bottom-start',
  width: 'target',
  middlewares: { flip: true, shift: true },
} as const satisfies ComboboxProps;

/**
 * Light variants (badges, light buttons, light avatars) write their text in the colour's shade 9 darkened by a fifth
 * instead of Mantine's shade 6, which is under 4.5:1 on the light background for most colours (green badge 3.8:1).
 * Yellow's shade 9 is the lightest: darkened by a fifth it is 4.0:1 on yellow's light background (the billing page's
 * simulator notice), by three tenths 5.0:1.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return colors;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  const shade9 = parsed.isThemeColor && parsed.shade === undefined ? input.theme.colors[parsed.color]?.[9] : undefined;
  return shade9 ? { ...colors, color: darken(shade9, parsed.color === 'yellow' ? 0.3 : 0.2) } : colors;
};

export const theme = createTheme({
  primaryColor: 'studiolo',
  primaryShade: { light: 9, dark: 6 },
  variantColorResolver,
  colors: { studiolo },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    TextInput: { defaultProps: { radius: 'md' } },
    // Mantine's default label is English and contains "password", which would also match the field's label.
    PasswordInput: {
      defaultProps: { radius: 'md', visibilityToggleButtonProps: { 'aria-label': 'Mostra o nascondi i caratteri' } },
    },
    Select: { defaultProps: { radius: 'md', allowDeselect: false } },
    // Every list that opens under a field (Select, Autocomplete, the app's own autocomplete-input).
    Combobox: { defaultProps: comboboxDefaults },
    Modal: { defaultProps: { centered: true, radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
  },
});
