import { Notifications } from '@mantine/notifications';
import { useIsPhone } from '../lib/use-is-phone.ts';

/**
 * Toasts stay for 5–10 s (lib/http.ts), so they sit where they cover no action (issue 26 item 7: at the bottom right
 * a success toast covered "Salva modifiche", as forms and dialogs put their buttons on the right). On a desktop: at
 * the bottom left of the page, beside the navbar, where no form has a button; on a phone: at the top, just under the
 * header (burger, title, user menu stay free), where the page has its title, not its buttons, which sit at the bottom.
 * The offsets from the navbar and the header are in global.css (.studiolo-toasts), for the container in use only.
 */
export const Toasts = () => {
  const isPhone = useIsPhone();
  return (
    <Notifications
      position={isPhone ? 'top-center' : 'bottom-left'}
      classNames={{ root: 'studiolo-toasts' }}
      limit={5}
      zIndex={2000}
    />
  );
};
