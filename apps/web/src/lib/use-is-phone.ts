import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` breakpoint (48em): the phone layout (burger menu, full-screen dialogs, cards). */
export const phoneMediaQuery = '(max-width: 47.99em)';

/**
 * Whether the screen is phone-sized. Read on the first render too (`getInitialValueInEffect: false`),
 * so a dialog opens full-screen from the start instead of switching layout once open.
 */
export const useIsPhone = (): boolean => useMediaQuery(phoneMediaQuery, false, { getInitialValueInEffect: false });
