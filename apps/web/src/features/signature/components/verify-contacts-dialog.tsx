import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { anagraficaMessages } from '@studiolo/domain/anagrafica';
import { signatureMessages as m } from '@studiolo/domain/signature';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { requiredField } from '../../../lib/form.ts';
import { signatureTexts as t } from './signature-texts.ts';

export type SignerContacts = { cellulare: string; email: string };

const phonePattern = /^\+?[0-9()\- ]{6,30}$/;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * spec part 1 §2 "Verifica contatti": cellulare and email prefilled from the patient, the note on simple vs advanced
 * electronic signature, Annulla / Conferma.
 */
export const VerifyContactsDialog = ({
  opened,
  initial,
  loading = false,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  initial: SignerContacts;
  loading?: boolean;
  onCancel: () => void;
  onConfirm: (contacts: SignerContacts) => void;
}) => {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (opened) {
      setValues(initial);
      setTouched(false);
    }
  }, [opened, initial]);
  const cellulare = values.cellulare.trim();
  const email = values.email.trim();
  const cellulareError = !cellulare
    ? m.cellulareRequired
    : !phonePattern.test(cellulare)
      ? anagraficaMessages.phoneInvalid
      : null;
  const emailError = email && !emailPattern.test(email) ? anagraficaMessages.emailInvalid : null;
  const submit = () => {
    setTouched(true);
    if (!cellulareError && !emailError) onConfirm({ cellulare, email });
  };
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={m.contactsTitle}
      centered
      closeButtonProps={{ 'aria-label': t.close }}
    >
      <Stack>
        <TextInput
          label={t.cellulare}
          {...requiredField}
          type="tel"
          autoComplete="tel"
          value={values.cellulare}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setValues((v) => ({ ...v, cellulare: value }));
          }}
          error={touched ? cellulareError : null}
        />
        <TextInput
          label={t.email}
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setValues((v) => ({ ...v, email: value }));
          }}
          error={touched ? emailError : null}
        />
        <Alert color="blue" icon={<IconInfoCircle size={18} />}>
          {m.contactsNote}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t.cancel}
          </Button>
          <Button onClick={submit} loading={loading}>
            {t.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
