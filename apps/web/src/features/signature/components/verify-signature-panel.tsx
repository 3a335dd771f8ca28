import { Alert, Button, FileInput, Stack, Text } from '@mantine/core';
import { onFirstUse } from '@studiolo/domain/shared';
import { IconCircleCheck, IconFileUpload, IconFileX } from '@tabler/icons-react';
import { useState } from 'react';
import { useMounted } from '../../../lib/use-mounted.ts';
import { useVerifySignedPdf } from '../api/verify-signed-pdf.ts';
import { signatureTexts as t } from './signature-texts.ts';

const dateTime = onFirstUse(
  () => new Intl.DateTimeFormat('it-IT', { dateStyle: 'long', timeStyle: 'medium', timeZone: 'Europe/Rome' }),
);

/** The public verification page's body (issue 15 part 6): upload a signed PDF, see if it is intact, who signed, when. */
export const VerifySignaturePanel = () => {
  const [file, setFile] = useState<File | null>(null);
  const verify = useVerifySignedPdf();
  const mounted = useMounted();
  const result = verify.data;
  const intact =
    result && result.signatures.length > 0 && !result.modifiedAfterSigning && result.signatures.every((s) => s.intact);
  return (
    <Stack>
      <Text>{t.verifyIntro}</Text>
      <FileInput
        label={t.verifyFile}
        accept="application/pdf"
        value={file}
        onChange={(f) => {
          setFile(f);
          verify.reset();
        }}
        leftSection={<IconFileUpload size={16} />}
        clearable
        disabled={!mounted}
      />
      <Button onClick={() => file && verify.mutate(file)} disabled={!file} loading={verify.isPending}>
        {t.verifyButton}
      </Button>
      {result && result.signatures.length === 0 && (
        <Alert color="yellow" icon={<IconFileX size={18} />} title={t.verifyNoSignature}>
          {t.verifyNoSignatureText}
        </Alert>
      )}
      {result && result.signatures.length > 0 && (
        <Alert
          color={intact ? 'green' : 'red'}
          icon={intact ? <IconCircleCheck size={18} /> : <IconFileX size={18} />}
          title={intact ? t.verifyIntact : t.verifyNotIntact}
        >
          <Stack gap="xs">
            {result.signatures.map((s) => (
              <Stack key={`${s.signedAt}-${s.certificateSubject}-${s.reason}`} gap={2}>
                <Text size="sm">
                  {t.verifySignedBy(s.signerName ?? '—', s.signedAt ? dateTime().format(new Date(s.signedAt)) : '—')}
                </Text>
                {s.reason && (
                  <Text size="sm" c="dimmed">
                    {s.reason}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {s.selfSigned
                    ? t.verifySelfSigned(s.certificateSubject ?? '—')
                    : t.verifyIssuer(s.certificateIssuer ?? '—')}
                </Text>
              </Stack>
            ))}
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
              SHA-256: {result.sha256}
            </Text>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
};
