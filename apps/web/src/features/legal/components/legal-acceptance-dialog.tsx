import { Alert, Button, Checkbox, Group, List, Modal, Stack, Text } from '@mantine/core';
import { currentLegalVersion, type LegalDocumentId, legalDocuments, legalMessages } from '@studiolo/domain/legal';
import { supportEmailAddress } from '@studiolo/domain/shared';
import { useState } from 'react';
import { useConfig } from '../../../lib/config.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useLegalDocuments } from '../api/get-legal-documents.ts';
import { useAcceptLegalDocuments } from '../api/legal-acceptances.ts';
import { LegalDocumentView } from './legal-document.tsx';

/** The documents to accept again, in full, with a checkbox and the acceptance recorded on the server. */
export const LegalAcceptanceDialog = ({
  pending,
  onSignOut,
}: {
  pending: LegalDocumentId[];
  onSignOut: () => void;
}) => {
  const [checked, setChecked] = useState(false);
  const accept = useAcceptLegalDocuments();
  const { data: config } = useConfig();
  const { data: info } = useLegalDocuments();
  const email = config?.supportEmail ?? supportEmailAddress;
  const isPhone = useIsPhone();

  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      title={legalMessages.gateTitle}
      size="xl"
      fullScreen={isPhone}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      <Stack gap="md">
        {/* focus starts at the top of the dialog, where reading starts (not on the first link of a text) */}
        <Text size="sm" tabIndex={-1} data-autofocus>
          {legalMessages.gateIntro}
        </Text>
        <List size="sm" spacing={4} aria-label={legalMessages.gateChanges}>
          {pending.map((id) => {
            const { version, note } = currentLegalVersion(id);
            return (
              <List.Item key={id}>
                <Text span size="sm" fw={600}>
                  {legalDocuments[id].title}, versione {version}:
                </Text>{' '}
                {note}
              </List.Item>
            );
          })}
        </List>
        {pending.map((id) => (
          <LegalDocumentView
            key={id}
            id={id}
            email={email}
            subProcessors={info?.subProcessors}
            operator={info?.operator}
            headingOrder={3}
          />
        ))}
        {accept.isError && (
          <Alert color="red" role="alert">
            {accept.error.message}
          </Alert>
        )}
        <Checkbox
          label={legalMessages.gateCheckbox}
          checked={checked}
          onChange={(e) => setChecked(e.currentTarget.checked)}
        />
        <Group justify="space-between">
          <Button variant="subtle" color="gray" onClick={onSignOut}>
            {legalMessages.gateSignOut}
          </Button>
          <Button disabled={!checked} loading={accept.isPending} onClick={() => accept.mutate(pending)}>
            {legalMessages.gateAccept}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
