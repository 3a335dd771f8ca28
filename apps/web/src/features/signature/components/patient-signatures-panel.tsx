import { Badge, Button, Group, Loader, Pagination, Stack, Table, Text } from '@mantine/core';
import { onFirstUse } from '@studiolo/domain/shared';
import { signatureMessages as m, type SignatureRequest } from '@studiolo/domain/signature';
import { IconFileCertificate, IconFileDownload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { saveBlob } from '../../../lib/download.ts';
import { usePatientSignatures } from '../api/get-patient-signatures.ts';
import { downloadDossier, downloadSignedPdf, useRevokeSignature } from '../api/revoke-signature.ts';
import { signatureTexts as t } from './signature-texts.ts';

const dateTime = onFirstUse(
  () => new Intl.DateTimeFormat('it-IT', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Rome' }),
);
const statusColor: Record<SignatureRequest['status'], string> = {
  PENDING: 'blue',
  SIGNED: 'green',
  REVOKED: 'gray',
  EXPIRED: 'gray',
  LOCKED: 'red',
};

/** The patient's signature requests (GET /signature/paziente/{id}): state, documents, downloads, revoke. */
export const PatientSignaturesPanel = ({ pazienteId, canRevoke }: { pazienteId: string; canRevoke: boolean }) => {
  const [page, setPage] = useState(0);
  const list = usePatientSignatures(pazienteId, page);
  const revoke = useRevokeSignature();
  const [toRevoke, setToRevoke] = useState<SignatureRequest | null>(null);
  const save = async (file: Promise<{ blob: Blob; fileName: string | null }>, fallback: string) => {
    const f = await file;
    saveBlob(f.blob, f.fileName ?? fallback);
  };
  if (list.isPending) return <Loader size="sm" />;
  if (!list.data || list.data.content.length === 0) return <Text c="dimmed">{t.noSignatures}</Text>;
  return (
    <Stack>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.sentOn}</Table.Th>
              <Table.Th>{t.documents}</Table.Th>
              <Table.Th>{t.state}</Table.Th>
              <Table.Th>{t.actionsColumn}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.content.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{dateTime().format(new Date(r.createdAt))}</Table.Td>
                <Table.Td>{r.documents.map((d) => d.title).join(', ')}</Table.Td>
                <Table.Td>
                  <Badge color={statusColor[r.status]} variant="light">
                    {m.statusLabels[r.status]}
                  </Badge>
                  {r.signedAt && (
                    <Text size="xs" c="dimmed">
                      {dateTime().format(new Date(r.signedAt))}
                      {r.signer && r.signer.ruolo !== 'PAZIENTE'
                        ? ` · ${m.signerRoles[r.signer.ruolo]}: ${r.signer.nome} ${r.signer.cognome}`
                        : ''}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    {r.status === 'SIGNED' && (
                      <>
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconFileDownload size={14} />}
                          onClick={() => save(downloadSignedPdf(r.id), 'documento firmato.pdf')}
                        >
                          {t.signedPdf}
                        </Button>
                        <Button
                          size="xs"
                          variant="default"
                          leftSection={<IconFileCertificate size={14} />}
                          onClick={() => save(downloadDossier(r.id), 'dossier firma.pdf')}
                        >
                          {t.dossier}
                        </Button>
                      </>
                    )}
                    {r.status === 'PENDING' && canRevoke && (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        leftSection={<IconX size={14} />}
                        onClick={() => setToRevoke(r)}
                      >
                        {t.revoke}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.data.totalPages > 1 && (
        <Pagination total={list.data.totalPages} value={page + 1} onChange={(p) => setPage(p - 1)} />
      )}
      <ConfirmDialog
        opened={toRevoke !== null}
        message={t.revokeQuestion}
        loading={revoke.isPending}
        onConfirm={() => toRevoke && revoke.mutate(toRevoke.id, { onSettled: () => setToRevoke(null) })}
        onCancel={() => setToRevoke(null)}
      />
    </Stack>
  );
};
