import {
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  maxReminderTextLength,
  previewReminder,
  previewReminderValues,
  type ReminderSettings,
  reminderChannelLabels,
  reminderChannels,
  reminderLeadTimeLabels,
  reminderLeadTimes,
  reminderSettingsMessages,
  reminderTokens,
  unknownReminderTokens,
} from '@studiolo/domain/reminders';
import { useState } from 'react';

export const reminderSettingsTexts = {
  title: 'Promemoria degli appuntamenti',
  enabled: 'Invia promemoria automatici ai pazienti',
  leadTime: 'Quando',
  dayBeforeTime: 'Orario (il giorno prima)',
  channel: 'Canale',
  text: 'Testo del messaggio',
  tokens: (list: string) => `Segnaposto: ${list}`,
  threshold: 'Avvisami per e-mail quando il credito SMS scende a',
  thresholdHint: 'SMS (0: nessun avviso)',
  quietHours: (q: { from: string; to: string } | null) =>
    q
      ? `Di notte (${q.from}–${q.to}) nessun promemoria parte: quelli previsti in quelle ore partono alle ${q.to}.`
      : 'Su questo server i promemoria partono all’orario previsto, anche di notte.',
  preview: 'Anteprima',
  characters: (n: number) => `${n} caratteri`,
  segments: (n: number) => (n === 1 ? '1 SMS (1 credito)' : `${n} SMS concatenati (${n} crediti)`),
  ucs2Hint: (chars: string) => `Caratteri speciali (${chars}): ogni SMS contiene al massimo 70 caratteri.`,
  save: 'Salva',
} as const;

export type ReminderSettingsFormProps = {
  value: ReminderSettings;
  studio: { nome: string; indirizzo: string };
  /** The server's quiet hours (null: none). */
  quietHours: { from: string; to: string } | null;
  canEdit: boolean;
  saving?: boolean;
  onSave: (settings: ReminderSettings) => void;
};

/** Impostazioni › Promemoria: the settings, with a live preview of the text's length, encoding and segments. */
export const ReminderSettingsForm = ({
  value,
  studio,
  quietHours,
  canEdit,
  saving,
  onSave,
}: ReminderSettingsFormProps) => {
  const [form, setForm] = useState<ReminderSettings>(value);
  const set = <K extends keyof ReminderSettings>(key: K, v: ReminderSettings[K]) =>
    setForm((f) => ({ ...f, [key]: v }));
  // {link} at its real length on this server's address (the app is served by the server that makes the links)
  const preview = previewReminder(form.text, previewReminderValues(studio, window.location.origin));
  const unknown = unknownReminderTokens(form.text);
  const textError = unknown.length > 0 ? reminderSettingsMessages.unknownToken(unknown) : undefined;
  const timeError =
    form.leadTime === 'DAY_BEFORE' && !(form.dayBeforeTime >= '08:00' && form.dayBeforeTime <= '20:59')
      ? reminderSettingsMessages.dayBeforeTimeQuiet
      : undefined;
  const disabled = !canEdit;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!textError && !timeError) onSave(form);
        }}
      >
        <Stack gap="md">
          <Title order={2} fz="lg">
            {reminderSettingsTexts.title}
          </Title>
          <Switch
            label={reminderSettingsTexts.enabled}
            checked={form.enabled}
            disabled={disabled}
            onChange={(e) => set('enabled', e.currentTarget.checked)}
          />
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label={reminderSettingsTexts.leadTime}
              data={reminderLeadTimes.map((v) => ({ value: v, label: reminderLeadTimeLabels[v] }))}
              value={form.leadTime}
              disabled={disabled}
              allowDeselect={false}
              onChange={(v) => v && set('leadTime', v as ReminderSettings['leadTime'])}
            />
            {form.leadTime === 'DAY_BEFORE' && (
              <TextInput
                type="time"
                label={reminderSettingsTexts.dayBeforeTime}
                value={form.dayBeforeTime}
                disabled={disabled}
                error={timeError}
                onChange={(e) => set('dayBeforeTime', e.currentTarget.value)}
              />
            )}
            <Select
              label={reminderSettingsTexts.channel}
              data={reminderChannels.map((v) => ({ value: v, label: reminderChannelLabels[v] }))}
              value={form.channel}
              disabled={disabled}
              allowDeselect={false}
              onChange={(v) => v && set('channel', v as ReminderSettings['channel'])}
            />
          </Group>
          <Text size="sm" c="dimmed">
            {reminderSettingsTexts.quietHours(quietHours)}
          </Text>
          <Textarea
            label={reminderSettingsTexts.text}
            description={reminderSettingsTexts.tokens(reminderTokens.map((t) => `{${t}}`).join(' '))}
            value={form.text}
            maxLength={maxReminderTextLength}
            rows={4}
            disabled={disabled}
            error={textError}
            onChange={(e) => set('text', e.currentTarget.value)}
          />
          <Paper bg="var(--mantine-color-gray-0)" p="sm" aria-live="polite">
            <Stack gap={6}>
              <Text size="sm" fw={600}>
                {reminderSettingsTexts.preview}
              </Text>
              <Text
                size="sm"
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                data-testid="reminder-preview"
              >
                {preview.text}
              </Text>
              <Group gap="xs">
                <Badge variant="light">{reminderSettingsTexts.characters(preview.characters)}</Badge>
                <Badge variant="light" color={preview.encoding === 'GSM-7' ? 'blue' : 'orange'}>
                  {preview.encoding}
                </Badge>
                <Badge variant="light" color={preview.segments > 1 ? 'orange' : 'green'}>
                  {reminderSettingsTexts.segments(preview.segments)}
                </Badge>
              </Group>
              {preview.encoding === 'UCS-2' && (
                <Text size="xs" c="orange.8">
                  {reminderSettingsTexts.ucs2Hint(preview.nonGsmCharacters.join(' '))}
                </Text>
              )}
            </Stack>
          </Paper>
          <NumberInput
            label={reminderSettingsTexts.threshold}
            description={reminderSettingsTexts.thresholdHint}
            value={form.lowBalanceThreshold}
            min={0}
            max={100_000}
            allowDecimal={false}
            allowNegative={false}
            disabled={disabled}
            onChange={(v) => set('lowBalanceThreshold', typeof v === 'number' ? v : Number(v) || 0)}
          />
          {canEdit && (
            <Group justify="flex-end">
              <Button type="submit" loading={saving} disabled={Boolean(textError || timeError)}>
                {reminderSettingsTexts.save}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
};
