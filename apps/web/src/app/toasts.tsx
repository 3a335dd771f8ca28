import { Notifications } from '@mantine/notifications';
import { useIsPhone } from '../lib/use-is-phone.ts';

/**
 * Toasts stay for 5–10 s (lib/http.ts), so they sit where they cover no navigation: at the bottom, away from the
 * header (user menu, and on phones the burger and the title and close button of full-screen dialogs); on the
 * right on a desktop, across the bottom on a phone.
 */
export const Toasts = () => {
  const isPhone = useIsPhone();
  return <Notifications position={isPhone ? 'bottom-center' : 'bottom-right'} limit={5} zIndex={2000} />;
};
