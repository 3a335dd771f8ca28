import { createTheme, type MantineColorsTuple } from '@mantine/core';

// A calm teal for a health studio; checked for contrast on white with the default shade (7).
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
  '#007c6e',
];

export const theme = createTheme({
  primaryColor: 'studiolo',
  primaryShade: { light: 8, dark: 6 },
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
    Select: { defaultProps: { radius: 'md', allowDeselect: false, comboboxProps: { withinPortal: true } } },
    Modal: { defaultProps: { centered: true, radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
  },
});
