import { Anchor, Badge, Group, Paper, Text } from '@mantine/core';
import { billingMessages as m, planDisplayName, type SubscriptionSummary } from '@studiolo/domain/billing';
import { Link } from 'react-router';
import { useSubscription } from '../api/get-subscription.ts';

/**
 * spec part 2 §2 "Subscription recap": the plan's name (EARLY_ADOPTERS as UNLIMITED, TRIAL as BASIC), a 'Scaduto'
 * badge when the subscription is overdue (part 2 §4), a link to /billing.
 */
export const SubscriptionRecap = ({ summary }: { summary: Pick<SubscriptionSummary, 'plan' | 'overdue'> }) => (
  <Paper withBorder radius="md" p="xs" data-testid="subscription-recap">
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          Il tuo piano
        </Text>
        <Group gap={6} wrap="nowrap">
          <Text fw={700} size="sm">
            {planDisplayName(summary.plan)}
          </Text>
          {summary.overdue && (
            <Badge color="red" size="sm" variant="filled">
              {m.overdueBadge}
            </Badge>
          )}
        </Group>
      </div>
      <Anchor component={Link} to="/billing" size="sm" fw={500}>
        {summary.overdue ? 'Rinnova' : 'Gestisci'}
      </Anchor>
    </Group>
  </Paper>
);

/** The recap with the studio's own subscription (nothing while it loads or when it cannot be read). */
export const SubscriptionRecapBox = () => {
  const { data } = useSubscription();
  return data ? <SubscriptionRecap summary={data} /> : null;
};
