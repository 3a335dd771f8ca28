import { Alert, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export const smsCreditBoxTexts = {
  // spec part 2 §2: the box's title
  title: 'Reminder appuntamenti automatici',
  balance: (n: number) => `Credito disponibile: ${n} SMS`,
  perSegment: 'Ogni SMS di 160 caratteri (70 con caratteri speciali) consuma un credito.',
  smsSwitch: 'Invia i promemoria per SMS',
  outOfCredit: 'Credito SMS esaurito: i promemoria partono per e-mail finché non ricarichi il credito.',
  lowBalance: (n: number) => `Credito SMS quasi esaurito: restano ${n} SMS.`,
  readOnly: 'Solo il titolare dello studio può attivare gli SMS e acquistare il credito.',
} as const;

export type SmsCreditBoxProps = {
  balance: number;
  enabled: boolean;
  /** The studio's low-balance threshold (0: no warning before the credit is out). */
  threshold: number;
  canManage: boolean;
  saving?: boolean;
  onToggle: (enabled: boolean) => void;
  /** The purchase of SMS packs (the billing feature's, composed by the page). */
  purchase?: ReactNode;
};

/** The SMS reminder credit box (spec part 2 §2): balance, switch, purchase, and a warning when the credit is out. */
export const SmsCreditBox = ({
  balance,
  enabled,
  threshold,
  canManage,
  saving,
  onToggle,
  purchase,
}: SmsCreditBoxProps) => (
  <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
    <Stack gap="sm">
      <Title order={2} fz="lg">
        {smsCreditBoxTexts.title}
      </Title>
      <Group justify="space-between" wrap="wrap">
        <Text fw={600}>{smsCreditBoxTexts.balance(balance)}</Text>
        <Switch
          label={smsCreditBoxTexts.smsSwitch}
          checked={enabled}
          disabled={!canManage || saving}
          onChange={(e) => onToggle(e.currentTarget.checked)}
        />
      </Group>
      <Text size="sm" c="dimmed">
        {smsCreditBoxTexts.perSegment}
      </Text>
      {enabled && balance <= 0 && (
        <Alert color="orange" role="alert">
          {smsCreditBoxTexts.outOfCredit}
        </Alert>
      )}
      {enabled && balance > 0 && threshold > 0 && balance <= threshold && (
        <Alert color="yellow">{smsCreditBoxTexts.lowBalance(balance)}</Alert>
      )}
      {canManage ? purchase : <Text size="sm">{smsCreditBoxTexts.readOnly}</Text>}
    </Stack>
  </Paper>
);
