import { Button, Group, Text } from '@mantine/core';
import { useSmsPrices } from '../features/billing/api/get-prices.ts';
import { useStartCheckout } from '../features/billing/api/start-checkout.ts';
import { formatCents } from '../lib/format.ts';

export const smsPackTexts = {
  buy: (qty: number, price: string) => `Acquista ${qty} SMS (${price})`,
  none: 'Nessun pacchetto SMS disponibile al momento.',
} as const;

/**
 * The SMS packs of the reminder box (spec part 2 §2, §7): GET /stripe-products/sms, then the billing feature's
 * Checkout (the card provider's, or the local payment simulator); the credit comes with the payment's webhook.
 * Composed here: the reminders feature does not import the billing feature.
 */
export const SmsPackPurchase = () => {
  const prices = useSmsPrices();
  const checkout = useStartCheckout();
  if (!prices.data) return null;
  if (prices.data.length === 0) return <Text size="sm">{smsPackTexts.none}</Text>;
  return (
    <Group gap="sm" wrap="wrap">
      {prices.data.map((p) => {
        const qty = Number(p.metadata.qty ?? 0);
        const cents = p.unitAmountDecimal !== null ? Number(p.unitAmountDecimal) : (p.unitAmount ?? 0);
        return (
          <Button
            key={p.id}
            variant="light"
            loading={checkout.isPending && checkout.variables?.priceId === p.id}
            // spec part 2 §7: back to /calendar/settings, whose Promemoria tab shows the box again
            onClick={() => checkout.mutate({ priceId: p.id })}
          >
            {smsPackTexts.buy(qty, formatCents(cents))}
          </Button>
        );
      })}
    </Group>
  );
};
