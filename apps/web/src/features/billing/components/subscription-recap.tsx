import { Anchor, Badge, Group, Menu, Paper, Text } from '@mantine/core';
import { billingMessages as m, planDisplayName, type SubscriptionSummary } from '@studiolo/domain/billing';
import { IconCreditCard } from '@tabler/icons-react';
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

/** The recap as an entry of the user menu: the plan, 'Scaduto' when overdue, to /billing. */
export const SubscriptionMenuItem = () => {
  const { data } = useSubscription();
  if (!data) return null;
  return (
    <Menu.Item component={Link} to="/billing" leftSection={<IconCreditCard size={16} aria-hidden />}>
      <Group gap={6} wrap="nowrap" data-testid="subscription-recap">
        <Text size="sm">Piano {planDisplayName(data.plan)}</Text>
        {data.overdue && (
          <Badge color="red" size="xs" variant="filled">
            {m.overdueBadge}
          </Badge>
        )}
      </Group>
    </Menu.Item>
  );
};
