import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  type BillingInvoice,
  billingMessages as m,
  planDisplayName,
  planHighlights,
  type StripePrice,
  type SubscriptionSummary,
  subscriptionStatusLabels,
} from '@studiolo/domain/billing';
import { IconAlertTriangle, IconCheck, IconFlask } from '@tabler/icons-react';
import { formatCents, formatDate } from '../../../lib/format.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';

const perInterval = (p: StripePrice) => (p.interval === 'year' ? '/ anno' : '/ mese');

/** The simulator's label wherever money is asked (decision 037): nothing is charged, and the page says so. */
export const SimulatorNotice = () => (
  <Alert
    color="yellow"
    icon={<IconFlask size={20} />}
    title="Pagamenti in modalità di prova"
    data-testid="simulator-notice"
  >
    Ogni acquisto qui è un {m.simulatorLabel}. {m.simulatorNotice}
  </Alert>
);

/** The referral programme's credit (decision 038): the provider's balance pays the next invoices; the simulator charges nothing. */
export const referralCreditLine = (cents: number, provider: SubscriptionSummary['provider']) =>
  `Credito Invita un amico: ${formatCents(cents)}, ${
    provider === 'simulator'
      ? 'registrato (in modalità di prova non viene scalato nulla)'
      : 'scalato automaticamente dalle prossime fatture dell’abbonamento'
  }`;

const CurrentPlan = ({
  summary,
  onPortal,
  portalPending,
}: {
  summary: SubscriptionSummary;
  onPortal: () => void;
  portalPending: boolean;
}) => {
  const status = summary.stripeSubStatus ? subscriptionStatusLabels[summary.stripeSubStatus] : 'Periodo di prova';
  const end = summary.stripeSubEndDate ? formatDate(summary.stripeSubEndDate) : null;
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            Piano attuale
          </Text>
          <Group gap="xs">
            <Title order={2} size="h3">
              {planDisplayName(summary.plan)}
            </Title>
            {summary.overdue ? (
              <Badge color="red" variant="filled">
                {m.overdueBadge}
              </Badge>
            ) : (
              <Badge color={summary.stripeSubStatus ? 'teal' : 'blue'} variant="light">
                {status}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {summary.overdue
              ? `${status}${end ? ` dal ${end}` : ''}: le funzioni del piano tornano quelle di Basic finché non rinnovi. I tuoi dati restano consultabili ed esportabili.`
              : end
                ? `Si rinnova il ${end}`
                : 'Prova gratuita: tutte le funzioni sono attive. Scegli un piano quando vuoi.'}
          </Text>
          {summary.referralCreditCents > 0 && (
            <Text size="sm" data-testid="referral-credit">
              {referralCreditLine(summary.referralCreditCents, summary.provider)}
            </Text>
          )}
        </Stack>
        <Stack gap={4} align="flex-end">
          <Button variant="default" onClick={onPortal} loading={portalPending} disabled={!summary.hasCustomer}>
            {m.manage}
          </Button>
          {!summary.hasCustomer && (
            <Text size="xs" c="dimmed" maw={220} ta="right">
              Disponibile dopo il primo pagamento
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
};

const PlanCard = ({
  price,
  current,
  change,
  onChoose,
  pending,
}: {
  price: StripePrice;
  current: boolean;
  /** The studio has a subscription: another plan is chosen in the provider's portal. */
  change: boolean;
  onChoose: () => void;
  pending: boolean;
}) => {
  const plan = price.metadata.plan ?? 'BASIC';
  const name = planDisplayName(plan);
  const highlights = planHighlights[name];
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      style={current ? { borderColor: 'var(--mantine-color-blue-5)' } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {name}
          </Title>
          {current && <Badge variant="light">Il tuo piano</Badge>}
        </Group>
        <Text>
          <Text span fw={700} fz={28}>
            {formatCents(price.unitAmount ?? 0)}
          </Text>{' '}
          <Text span c="dimmed" size="sm">
            {perInterval(price)} + IVA
          </Text>
        </Text>
        <List
          spacing={4}
          size="sm"
          icon={<IconCheck size={16} color="var(--mantine-color-teal-6)" />}
          style={{ flexGrow: 1 }}
        >
          {highlights.map((h) => (
            <List.Item key={h}>{h}</List.Item>
          ))}
        </List>
        <Button
          onClick={onChoose}
          loading={pending}
          disabled={current}
          variant={current ? 'light' : 'filled'}
          fullWidth
        >
          {current ? 'Piano attuale' : change ? `Passa a ${name}` : `Scegli ${name}`}
        </Button>
      </Stack>
    </Card>
  );
};

const InvoicesList = ({ invoices }: { invoices: BillingInvoice[] }) => {
  const phone = useIsPhone();
  if (invoices.length === 0)
    return (
      <Text c="dimmed" size="sm">
        Nessuna fattura ancora: compariranno qui dopo il primo pagamento.
      </Text>
    );
  const link = (i: BillingInvoice) => {
    const href = i.pdfUrl ?? i.hostedInvoiceUrl;
    return href ? (
      <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
        Scarica
      </Anchor>
    ) : null;
  };
  if (phone)
    return (
      <Stack gap="xs">
        {invoices.map((i) => (
          <Card key={i.id} withBorder radius="md" padding="sm">
            <Group justify="space-between" wrap="nowrap">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate="end">
                  {i.description ?? i.number ?? i.id}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDate(i.created)} · {i.number ?? '—'}
                </Text>
              </div>
              <Stack gap={0} align="flex-end">
                <Text size="sm" fw={600}>
                  {formatCents(i.amountPaid || i.amountDue)}
                </Text>
                {link(i)}
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  return (
    <Table striped highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Data</Table.Th>
          <Table.Th>Numero</Table.Th>
          <Table.Th>Descrizione</Table.Th>
          <Table.Th ta="right">Importo</Table.Th>
          <Table.Th>Stato</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {invoices.map((i) => (
          <Table.Tr key={i.id}>
            <Table.Td>{formatDate(i.created)}</Table.Td>
            <Table.Td>{i.number ?? '—'}</Table.Td>
            <Table.Td>{i.description ?? ''}</Table.Td>
            <Table.Td ta="right">{formatCents(i.amountPaid || i.amountDue)}</Table.Td>
            <Table.Td>{i.status === 'paid' ? 'Pagata' : i.status === 'open' ? 'Da pagare' : (i.status ?? '')}</Table.Td>
            <Table.Td>{link(i)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
};

export type BillingOverviewProps = {
  summary: SubscriptionSummary | undefined;
  plans: StripePrice[] | undefined;
  invoices: BillingInvoice[] | undefined;
  /** The outcome the provider's return address carries (?checkout=ok|annullato). */
  checkoutOutcome: string | null;
  onChoose: (priceId: string) => void;
  choosingPriceId: string | null;
  onPortal: () => void;
  portalPending: boolean;
};

/** /billing (issue 29): the plan and its state, the plans with their prices, the provider's invoices, the portal. */
export const BillingOverview = (p: BillingOverviewProps) => {
  const currentPlan = p.summary ? planDisplayName(p.summary.plan) : null;
  const subscribed = Boolean(p.summary?.stripeSubStatus) && !p.summary?.overdue;
  // a subscription that is not cancelled is changed in the portal, never doubled by a second Checkout
  const live = Boolean(p.summary?.stripeSubStatus) && p.summary?.stripeSubStatus !== 'canceled';
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {m.title}
      </Title>
      {p.summary?.provider === 'simulator' && <SimulatorNotice />}
      {p.checkoutOutcome === 'ok' && (
        <Alert color="teal" icon={<IconCheck size={20} />} title="Pagamento completato">
          Grazie! Il piano si aggiorna appena il pagamento è confermato.
        </Alert>
      )}
      {p.checkoutOutcome === 'annullato' && (
        <Alert color="gray" icon={<IconAlertTriangle size={20} />} title="Pagamento annullato">
          Nessun addebito: puoi scegliere un piano quando vuoi.
        </Alert>
      )}
      {p.summary ? (
        <CurrentPlan summary={p.summary} onPortal={p.onPortal} portalPending={p.portalPending} />
      ) : (
        <Skeleton h={120} radius="md" />
      )}
      <Stack gap="sm">
        <Title order={2} size="h3">
          Piani
        </Title>
        {p.plans ? (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {p.plans.map((price) => (
              <PlanCard
                key={price.id}
                price={price}
                current={subscribed && currentPlan === planDisplayName(price.metadata.plan ?? 'BASIC')}
                change={live}
                pending={p.choosingPriceId === price.id}
                onChoose={() => (live ? p.onPortal() : p.onChoose(price.id))}
              />
            ))}
          </SimpleGrid>
        ) : (
          <Skeleton h={260} radius="md" />
        )}
      </Stack>
      <Stack gap="sm">
        <Title order={2} size="h3">
          Fatture
        </Title>
        <Card withBorder radius="md" padding="md">
          {p.invoices ? <InvoicesList invoices={p.invoices} /> : <Skeleton h={60} />}
        </Card>
      </Stack>
    </Stack>
  );
};
