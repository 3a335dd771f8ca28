import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` breakpoint (48em): the phone layout (burger menu, full-screen dialogs, cards). */
export const phoneMediaQuery = '(max-width: 47.99em)';

const mobileUserAgentPattern = /Android|iPhone|iPad|iPod|Mobile|webOS|BlackBerry|IEMobile|Opera Mini/i;

/** spec part 1 §9, part 2 §9: a mobile user agent counts as mobile whatever the width of its screen. */
export const isMobileUserAgent = (
  nav: { userAgent?: string; userAgentData?: { mobile?: boolean } } | undefined = typeof navigator === 'undefined'
    ? undefined
    : (navigator as Navigator & { userAgentData?: { mobile?: boolean } }),
): boolean => Boolean(nav && (nav.userAgentData?.mobile === true || mobileUserAgentPattern.test(nav.userAgent ?? '')));

/**
 * Whether to use the phone layout: a screen under 768 px or a mobile user agent (spec part 1 §9, part 2 §9).
 * Read on the first render too (`getInitialValueInEffect: false`), so a dialog opens full-screen from the start
 * instead of switching layout once open.
 */
export const useIsPhone = (): boolean => {
  const narrow = useMediaQuery(phoneMediaQuery, false, { getInitialValueInEffect: false });
  return narrow || isMobileUserAgent();
};
