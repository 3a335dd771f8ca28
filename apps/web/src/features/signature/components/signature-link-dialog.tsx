import { Alert, Anchor, Button, CopyButton, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { signatureMessages as m, type SignatureRequest } from '@studiolo/domain/signature';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { signatureTexts as t } from './signature-texts.ts';

/** spec part 1 §9: the signature QR code is 256 px with error correction M. */
export const signatureQrOptions = { width: 256, errorCorrectionLevel: 'M', margin: 1 } as const;

/**
 * spec part 1 §2 signature-link dialog: the QR code and the link to /sign?id={id}; says that the code and the link were
 * sent to the patient's phone (and whether the SMS really left: the local outbox sends nothing).
 */
export const SignatureLinkDialog = ({
  request,
  onClose,
}: {
  request: SignatureRequest | null;
  onClose: () => void;
}) => {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    setQr(null);
    if (!request) return;
    let live = true;
    QRCode.toDataURL(request.signUrl, signatureQrOptions).then((url) => live && setQr(url));
    return () => {
      live = false;
    };
  }, [request]);
  return (
    <Modal
      opened={request !== null}
      onClose={onClose}
      title={m.linkTitle}
      centered
      closeButtonProps={{ 'aria-label': t.close }}
    >
      {request && (
        <Stack align="center">
          {qr && <Image src={qr} alt={t.qrAlt} w={256} h={256} />}
          <Anchor
            href={request.signUrl}
            target="_blank"
            rel="noopener"
            size="sm"
            style={{ wordBreak: 'break-all' }}
            ta="center"
          >
            {request.signUrl}
          </Anchor>
          <Text ta="center">
            {m.linkSent} {request.email ? m.linkSentEmail : ''}
          </Text>
          {!request.smsSent && (
            <Alert color="yellow" w="100%">
              {t.smsNotSent}
            </Alert>
          )}
          <Group>
            <CopyButton value={request.signUrl}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? t.copied : t.copyLink}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>{t.close}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
};
