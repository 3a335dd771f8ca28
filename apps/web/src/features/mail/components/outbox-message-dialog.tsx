import { Alert, Anchor, Box, Divider, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { formatFileSize } from '@studiolo/domain/shared';
import { EmailAddress } from '../../../components/email-address.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useOutboxMessage } from '../api/get-outbox-message.ts';

const urlPattern = /(https?:\/\/[^\s<>"]+)/g;

/** The text with its web addresses as links (invitation and reset links can be followed from here). */
const Linkified = ({ text }: { text: string }) => {
  let offset = 0;
  const parts = text.split(urlPattern).map((part, i) => {
    const at = offset;
    offset += part.length;
    return { part, isUrl: i % 2 === 1, key: `${at}` };
  });
  return (
    <>
      {parts.map(({ part, isUrl, key }) =>
        isUrl ? (
          <Anchor key={key} href={part} target="_blank" rel="noreferrer noopener" size="sm">
            {part}
          </Anchor>
        ) : (
          <span key={key}>{part}</span>
        ),
      )}
    </>
  );
};

const Row = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Group gap="xs" wrap="nowrap" align="flex-start">
    <Text size="sm" c="dimmed" w={90} style={{ flexShrink: 0 }}>
      {label}
    </Text>
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  </Group>
);

/** One e-mail of the outbox with its text (links in it, e.g. invitations, can be copied from here). */
export const OutboxMessageDialog = ({ id, onClose }: { id: string | null; onClose: () => void }) => {
  const message = useOutboxMessage(id);
  const isPhone = useIsPhone();
  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      title={message.data?.subject ?? 'Messaggio'}
      size="xl"
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': 'Chiudi' }}
    >
      {message.isPending ? (
        <Stack>
          <Skeleton h={20} />
          <Skeleton h={160} />
        </Stack>
      ) : message.isError ? (
        <Alert color="red">Impossibile aprire il messaggio.</Alert>
      ) : (
        <Stack gap="sm">
          <Row label="A">
            <EmailAddress email={message.data.to} />
          </Row>
          <Row label="Data">{formatDateTime(message.data.createdAt)}</Row>
          <Row label="Oggetto">{message.data.subject}</Row>
          {message.data.attachments && message.data.attachments.length > 0 && (
            <Row label="Allegati">
              {message.data.attachments.map((a) => `${a.filename} (${formatFileSize(a.size)})`).join(', ')}
            </Row>
          )}
          <Divider />
          <Box
            component="pre"
            m={0}
            p="md"
            bg="gray.0"
            style={{
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              fontFamily: 'inherit',
              fontSize: 'var(--mantine-font-size-sm)',
              borderRadius: 'var(--mantine-radius-md)',
            }}
            aria-label="Testo del messaggio"
          >
            <Linkified text={message.data.text} />
          </Box>
        </Stack>
      )}
    </Modal>
  );
};
