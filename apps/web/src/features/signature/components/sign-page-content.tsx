import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  FileInput,
  Group,
  Loader,
  PinInput,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { signatureMessages as m, type PublicSignature } from '@studiolo/domain/signature';
import { IconCircleCheck, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { requiredField } from '../../../lib/form.ts';
import { useMounted } from '../../../lib/use-mounted.ts';
import { publicDocumentUrl, usePublicSignature, useRequestOtp, useSign } from '../api/public-signature.ts';
import { SignaturePad, useSignaturePad } from './signature-pad.tsx';
import { signatureTexts as t } from './signature-texts.ts';

/** The public signing page's body for a link (issue 15 part 5), phone first: one column, large targets. */
export const SignPageContent = ({ linkId }: { linkId: string }) => {
  const request = usePublicSignature(linkId);
  if (request.isPending) return <Loader mx="auto" />;
  if (request.isError || !request.data) return <Alert color="red">{t.invalidLink}</Alert>;
  const r = request.data;
  if (r.status === 'SIGNED') return <Signed request={r} linkId={linkId} />;
  if (r.status !== 'PENDING') {
    const [title, text] = {
      REVOKED: [t.revokedTitle, m.requestRevoked],
      EXPIRED: [t.expiredTitle, m.requestExpired],
      LOCKED: [t.lockedTitle, m.requestLocked],
    }[r.status];
    return (
      <Alert color="red" title={title}>
        {text}
      </Alert>
    );
  }
  return <SignForm request={r} linkId={linkId} />;
};

const Signed = ({ request, linkId }: { request: PublicSignature; linkId: string }) => (
  <Stack align="center" ta="center">
    <IconCircleCheck size={48} color="var(--mantine-color-green-7)" aria-hidden />
    <Title order={2} fz={22}>
      {t.signedTitle}
    </Title>
    <Text>{t.signedText}</Text>
    {request.documents.map((d) => (
      <Anchor key={d.id} href={publicDocumentUrl(linkId, d.id)} target="_blank" rel="noopener">
        {t.download(d.title)}
      </Anchor>
    ))}
  </Stack>
);

const SignForm = ({ request, linkId }: { request: PublicSignature; linkId: string }) => {
  const [opened, setOpened] = useState<string[]>([]);
  const [read, setRead] = useState<string[]>([]);
  const [ruolo, setRuolo] = useState<'GENITORE' | 'TUTORE'>('GENITORE');
  const [guardian, setGuardian] = useState({ nome: '', cognome: '', codiceFiscale: '' });
  const [idDocument, setIdDocument] = useState<File | null>(null);
  const [otp, setOtp] = useState('');
  const pad = useSignaturePad();
  const sendOtp = useRequestOtp(linkId);
  const sign = useSign(linkId);
  const mounted = useMounted();

  const allRead = request.documents.every((d) => read.includes(d.id));
  const signerOk = !request.minore || (guardian.nome.trim() !== '' && guardian.cognome.trim() !== '');
  const codeSent = Boolean(request.otpSentAt) || sendOtp.isSuccess;
  const ready = allRead && signerOk && otp.length === 6 && !pad.isEmpty;

  const submit = async () => {
    const signature = await pad.toBlob();
    if (!signature) return;
    sign.mutate({
      otp,
      signature,
      idDocument,
      paziente: request.minore
        ? { ruolo, nome: guardian.nome, cognome: guardian.cognome, codiceFiscale: guardian.codiceFiscale || null }
        : { ruolo: 'PAZIENTE' },
    });
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Text>{t.intro(request.studioName)}</Text>
        <Text size="sm" c="dimmed">
          {t.forPatient(request.pazienteName)}
        </Text>
        <noscript>
          <Text size="sm">{t.needsScript}</Text>
        </noscript>
      </Stack>

      <Stack gap="xs">
        <Title order={2} fz={18}>
          {t.step1}
        </Title>
        {request.documents.map((d) => (
          <Stack key={d.id} gap={6} p="sm" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
            <Text fw={600}>{d.title}</Text>
            <Button
              component="a"
              href={publicDocumentUrl(linkId, d.id)}
              target="_blank"
              rel="noopener"
              variant="light"
              leftSection={<IconExternalLink size={16} />}
              onClick={() => setOpened((o) => [...new Set([...o, d.id])])}
            >
              {t.open}
            </Button>
            <Checkbox
              label={t.readConfirm}
              description={opened.includes(d.id) ? undefined : t.readFirst}
              disabled={!opened.includes(d.id)}
              checked={read.includes(d.id)}
              onChange={(e) => {
                const checked = e.currentTarget.checked;
                setRead((r) => (checked ? [...r, d.id] : r.filter((x) => x !== d.id)));
              }}
            />
          </Stack>
        ))}
      </Stack>

      {request.minore && (
        <Stack gap="xs">
          <Title order={2} fz={18}>
            {t.signerTitle}
          </Title>
          <Alert color="blue">{t.minorNotice}</Alert>
          <Radio.Group value={ruolo} onChange={(v) => setRuolo(v as 'GENITORE' | 'TUTORE')}>
            <Group>
              <Radio value="GENITORE" label={t.parent} />
              <Radio value="TUTORE" label={t.guardian} />
            </Group>
          </Radio.Group>
          <TextInput
            label={t.nome}
            {...requiredField}
            value={guardian.nome}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setGuardian((g) => ({ ...g, nome: value }));
            }}
          />
          <TextInput
            label={t.cognome}
            {...requiredField}
            value={guardian.cognome}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setGuardian((g) => ({ ...g, cognome: value }));
            }}
          />
          <TextInput
            label={t.codiceFiscale}
            value={guardian.codiceFiscale}
            onChange={(e) => {
              const value = e.currentTarget.value.toUpperCase();
              setGuardian((g) => ({ ...g, codiceFiscale: value }));
            }}
          />
          <FileInput
            label={t.idDocument}
            accept="image/jpeg,image/png,application/pdf"
            value={idDocument}
            onChange={setIdDocument}
            clearable
            disabled={!mounted}
          />
        </Stack>
      )}

      <Stack gap="xs">
        <Title order={2} fz={18}>
          {t.step2}
        </Title>
        <Button
          variant={codeSent ? 'default' : 'filled'}
          onClick={() => sendOtp.mutate()}
          loading={sendOtp.isPending}
          disabled={!mounted}
        >
          {codeSent ? t.resendCode : t.sendCode(request.cellulareMasked)}
        </Button>
        {codeSent && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="otp-label">
              {t.codeLabel}
            </Text>
            <PinInput
              length={6}
              type="number"
              oneTimeCode
              size="lg"
              value={otp}
              onChange={setOtp}
              aria-labelledby="otp-label"
              inputMode="numeric"
              getInputProps={(i) => ({ 'aria-label': `${t.codeLabel}, cifra ${i + 1}` })}
            />
          </Stack>
        )}
      </Stack>

      <Stack gap="xs">
        <Title order={2} fz={18}>
          {t.step3}
        </Title>
        <SignaturePad pad={pad} label={t.padLabel} />
      </Stack>

      <Button size="lg" onClick={submit} disabled={!ready} loading={sign.isPending}>
        {t.sign}
      </Button>
    </Stack>
  );
};
