import { Badge, Button, FileInput, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconCertificate, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { isHttpError } from '../../../lib/http.ts';
import {
  useRemoveSigningCertificate,
  useSigningCertificate,
  useUploadSigningCertificate,
} from '../api/signing-certificate.ts';
import { signatureTexts as t } from './signature-texts.ts';

/**
 * Impostazioni › Firma elettronica › the studio's certificate (issue 15 part 6): the PKCS#12 the signed PDFs are
 * sealed with, what it says of itself, and which certificate is in use now.
 */
export const SigningCertificateSection = ({ canEdit }: { canEdit: boolean }) => {
  const state = useSigningCertificate();
  const upload = useUploadSigningCertificate();
  const remove = useRemoveSigningCertificate();
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const cert = state.data?.studio ?? null;
  const fileError = isHttpError(upload.error) ? (upload.error.fields.file ?? null) : null;

  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t.certificateTitle}
      </Title>
      <Text size="sm">{t.certificateHelp}</Text>
      {state.data && (
        <Text size="sm" fw={500}>
          {t.certificateInUse[state.data.inUso]}
        </Text>
      )}
      {cert && (
        <Paper withBorder p="sm" data-testid="studio-certificate">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconCertificate size={28} aria-hidden style={{ flexShrink: 0 }} />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text size="sm" fw={600}>
                  {t.certificateSubject}
                </Text>
                <Badge color={cert.scaduto ? 'red' : 'teal'} variant="light">
                  {cert.scaduto ? t.certificateExpiredBadge : t.certificateValid}
                </Badge>
              </Group>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {cert.soggetto}
              </Text>
              <Text size="sm">
                <Text span fw={600}>
                  {t.certificateIssuer}:
                </Text>{' '}
                <Text span style={{ overflowWrap: 'anywhere' }}>
                  {cert.emittente}
                </Text>
              </Text>
              <Text size="sm">{t.certificateValidity(cert.validoDal, cert.validoAl)}</Text>
              {cert.scaduto && (
                <Text size="sm" c="red.8">
                  {t.certificateExpired}
                </Text>
              )}
            </Stack>
          </Group>
        </Paper>
      )}
      {canEdit && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!file) return;
            upload.mutate(
              { file, password },
              {
                onSuccess: () => {
                  setFile(null);
                  setPassword('');
                },
              },
            );
          }}
        >
          <Stack gap="sm">
            <FileInput
              label={t.certificateFile}
              accept=".p12,.pfx,application/x-pkcs12"
              value={file}
              onChange={(f) => {
                setFile(f);
                upload.reset();
              }}
              clearable
              error={fileError}
            />
            <PasswordInput
              label={t.certificatePassword}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              autoComplete="off"
            />
            <Group gap="sm">
              <Button
                type="submit"
                leftSection={<IconUpload size={16} aria-hidden />}
                disabled={!file}
                loading={upload.isPending}
              >
                {cert ? t.certificateReplace : t.certificateUpload}
              </Button>
              {cert && (
                <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
                  {t.certificateRemove}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      )}
      <ConfirmDialog
        opened={confirming}
        message={t.certificateRemoveQuestion}
        confirmLabel={t.certificateRemove}
        confirmColor="red"
        loading={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </Stack>
  );
};
