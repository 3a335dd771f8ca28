import { Notifications } from '@mantine/notifications';
import { useIsPhone } from '../lib/use-is-phone.ts';

/** The app header's height and the desktop navbar's width (layout/app-layout.tsx), and a gap. */
const headerHeight = 60;
const navbarWidth = 250;
const gap = 16;

/**
 * Toasts stay for 5–10 s (lib/http.ts), so they sit where they cover no action (issue 26 item 7: at the bottom right
 * a success toast covered "Salva modifiche", as forms and dialogs put their buttons on the right). On a desktop: at
 * the bottom left of the page, beside the navbar, where no form has a button; on a phone: at the top, just under the
 * header (burger, title, user menu stay free), where the page has its title, not its buttons, which sit at the bottom.
 */
export const Toasts = () => {
  const isPhone = useIsPhone();
  return (
    <Notifications
      position={isPhone ? 'top-center' : 'bottom-left'}
      styles={{ root: isPhone ? { top: headerHeight + 8 } : { left: navbarWidth + gap } }}
      limit={5}
      zIndex={2000}
    />
  );
};
