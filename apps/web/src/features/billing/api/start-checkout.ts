import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** spec part 2 §2: after a card checkout the browser comes back to /calendar/settings (the SMS packs' box). */
export const checkoutReturnPath = '/calendar/settings';

/** GET /stripe-integration?priceId&urlAfterCheckout: the Checkout's address (the provider's, or the simulator's). */
export const getCheckoutUrl = (priceId: string, urlAfterCheckout: string = checkoutReturnPath) =>
  http.get<{ url: string }>('/stripe-integration', { query: { priceId, urlAfterCheckout } });

/** GET /stripe-integration/billing: the customer portal's address. */
export const getPortalUrl = () => http.get<{ url: string }>('/stripe-integration/billing');

/** Opens the Checkout of a price in this tab (the answer's url, then the redirect: spec part 2 §7). */
export const useStartCheckout = (assign: (url: string) => void = (url) => window.location.assign(url)) =>
  useMutation({
    mutationFn: ({ priceId, returnPath }: { priceId: string; returnPath?: string }) =>
      getCheckoutUrl(priceId, returnPath),
    onSuccess: ({ url }) => assign(url),
  });

export const useOpenPortal = (assign: (url: string) => void = (url) => window.location.assign(url)) =>
  useMutation({ mutationFn: getPortalUrl, onSuccess: ({ url }) => assign(url) });
