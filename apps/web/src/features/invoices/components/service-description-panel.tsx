import { Button, Group, TextInput } from '@mantine/core';
import { serviceDescriptionMaxChars } from '@studiolo/domain/invoices';
import { useEffect, useState } from 'react';
import { TitledPanel } from '../../../components/titled-panel.tsx';

/** Texts of the panel (decision 003: not in the spec). */
export const serviceDescriptionTexts = {
  title: 'Appuntamenti senza prestazione',
  description:
    'In fattura, un appuntamento senza prestazione diventa una riga con questa descrizione (mai il titolo, che di solito è il nome del paziente).',
  label: 'Descrizione in fattura',
  save: 'Salva descrizione',
} as const;

export type ServiceDescriptionPanelProps = {
  /** The studio's own description, '' when it has none. */
  value: string;
  /** The description in use without one: its profession's. */
  fallback: string;
  canEdit: boolean;
  onSave: (value: string) => Promise<unknown>;
};

/** Settings: what an invoice line of appointments without a service says (issue 26 item 2), set once. */
export const ServiceDescriptionPanel = ({ value, fallback, canEdit, onSave }: ServiceDescriptionPanelProps) => {
  const [text, setText] = useState(value || fallback);
  const [saving, setSaving] = useState(false);
  useEffect(() => setText(value || fallback), [value, fallback]);
  const trimmed = text.trim();
  const changed = trimmed !== (value || fallback);
  return (
    <TitledPanel title={serviceDescriptionTexts.title} description={serviceDescriptionTexts.description}>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          if (!changed || !trimmed) return;
          setSaving(true);
          try {
            await onSave(trimmed);
          } finally {
            setSaving(false);
          }
        }}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={serviceDescriptionTexts.label}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            maxLength={serviceDescriptionMaxChars}
            disabled={!canEdit}
            style={{ flex: '1 1 260px' }}
          />
          {canEdit && (
            <Button type="submit" loading={saving} disabled={!changed || !trimmed}>
              {serviceDescriptionTexts.save}
            </Button>
          )}
        </Group>
      </form>
    </TitledPanel>
  );
};
