import {
  Alert,
  Button,
  FileButton,
  Group,
  Paper,
  PasswordInput,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { SistemaTsSettings } from '@studiolo/domain/sistema-ts';
import { useEffect, useState } from 'react';
import { isHttpError } from '../../../lib/http.ts';
import { useSettings } from '../../settings/api/get-settings.ts';
import { useUpdateSettingsSection } from '../../settings/api/update-settings-section.ts';
import { readOnlyStudioNotice } from '../../studio/components/studio-settings.tsx';
import { verifyTsCredentials } from '../api/riepilogo.ts';
import { sistemaTsTexts as t } from '../sistema-ts.texts.ts';

type Values = {
  categoria: SistemaTsSettings['categoria'];
  cfProprietario: string;
  codiceRegione: string;
  codiceAsl: string;
  codiceSSA: string;
  username: string;
  password: string;
  pincode: string;
  invioAutomatico: boolean;
};

const valuesOf = (s: SistemaTsSettings | undefined): Values => ({
  categoria: s?.categoria ?? 'PROFESSIONISTA',
  cfProprietario: s?.cfProprietario ?? '',
  codiceRegione: s?.codiceRegione ?? '',
  codiceAsl: s?.codiceAsl ?? '',
  codiceSSA: s?.codiceSSA ?? '',
  username: s?.username ?? '',
  password: '',
  pincode: '',
  invioAutomatico: s?.invioAutomatico ?? false,
});

/** A .cer as the server takes it: PEM text as it is, DER as base64. */
const certificateText = async (file: File) => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  if (text.includes('BEGIN CERTIFICATE')) return text;
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
};

/** Impostazioni › Sistema TS: who sends, the credentials (write-only secrets), the certificate, automatic sending. */
export const SistemaTsSettingsPanel = ({ canEdit }: { canEdit: boolean }) => {
  const settings = useSettings();
  const update = useUpdateSettingsSection();
  const stored = settings.data?.['sistema-ts'] as SistemaTsSettings | undefined;
  const [v, setV] = useState<Values>(valuesOf(stored));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [verifying, setVerifying] = useState(false);
  useEffect(() => setV(valuesOf(stored)), [stored]);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setV((old) => ({ ...old, [key]: value }));

  const save = async (extra: Record<string, unknown> = {}) => {
    setErrors({});
    const { password, pincode, ...plain } = v;
    try {
      await update.mutateAsync({
        section: 'sistema-ts',
        values: { ...plain, ...(password ? { password } : {}), ...(pincode ? { pincode } : {}), ...extra },
      });
      setV((old) => ({ ...old, password: '', pincode: '' }));
    } catch (err) {
      if (isHttpError(err) && err.fields) setErrors(err.fields);
    }
  };

  const cert = stored?.certificato ?? null;
  const struttura = v.categoria === 'STRUTTURA';
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg">
            {t.settingsTitle}
          </Title>
          <Text size="sm" c="gray.7">
            {t.settingsIntro}
          </Text>
          {!canEdit && (
            <Text size="sm" fw={500}>
              {readOnlyStudioNotice}
            </Text>
          )}
        </Stack>
        <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">
            <Radio.Group
              label={t.categoria}
              value={v.categoria}
              onChange={(c) => set('categoria', c as Values['categoria'])}
            >
              <Group gap="lg" mt={4}>
                <Radio value="PROFESSIONISTA" label={t.professionista} />
                <Radio value="STRUTTURA" label={t.struttura} />
              </Group>
            </Radio.Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={t.cfProprietario}
                value={v.cfProprietario}
                onChange={(e) => set('cfProprietario', e.currentTarget.value.toUpperCase())}
                error={errors.cfProprietario}
                autoComplete="off"
              />
              <TextInput
                label={t.username}
                description={t.usernameHint}
                value={v.username}
                onChange={(e) => set('username', e.currentTarget.value)}
                autoComplete="off"
              />
              {struttura && (
                <>
                  <TextInput
                    label={t.codiceRegione}
                    value={v.codiceRegione}
                    onChange={(e) => set('codiceRegione', e.currentTarget.value)}
                    error={errors.codiceRegione}
                  />
                  <TextInput
                    label={t.codiceAsl}
                    value={v.codiceAsl}
                    onChange={(e) => set('codiceAsl', e.currentTarget.value)}
                    error={errors.codiceAsl}
                  />
                  <TextInput
                    label={t.codiceSSA}
                    value={v.codiceSSA}
                    onChange={(e) => set('codiceSSA', e.currentTarget.value)}
                    error={errors.codiceSSA}
                  />
                </>
              )}
              <PasswordInput
                label={t.password}
                description={stored?.passwordSet ? t.secretSet : t.secretNotSet}
                value={v.password}
                onChange={(e) => set('password', e.currentTarget.value)}
                error={errors.password}
                autoComplete="new-password"
              />
              <PasswordInput
                label={t.pincode}
                description={stored?.pincodeSet ? t.secretSet : t.secretNotSet}
                value={v.pincode}
                onChange={(e) => set('pincode', e.currentTarget.value)}
                error={errors.pincode}
                autoComplete="off"
                inputMode="numeric"
              />
            </SimpleGrid>
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t.certificate}
              </Text>
              <Text size="sm" c="gray.7">
                {cert
                  ? t.certificateOf(cert.soggetto, cert.validoDal, cert.validoAl)
                  : `${t.certificateNone} ${t.certificateSimulator}`}
              </Text>
              {cert?.scaduto && (
                <Alert color="red" variant="light">
                  {t.certificateExpired}
                </Alert>
              )}
              {errors.certificato && (
                <Text size="sm" c="red.9">
                  {errors.certificato}
                </Text>
              )}
              <Group>
                <FileButton
                  accept=".cer,.crt,.pem,.der"
                  onChange={(file) => {
                    if (file) void certificateText(file).then((certificato) => save({ certificato }));
                  }}
                >
                  {(props) => (
                    <Button variant="default" size="xs" {...props}>
                      {t.certificate}
                    </Button>
                  )}
                </FileButton>
              </Group>
            </Stack>
            <Switch
              label={t.invioAutomatico}
              checked={v.invioAutomatico}
              onChange={(e) => set('invioAutomatico', e.currentTarget.checked)}
            />
          </Stack>
        </fieldset>
        {canEdit && (
          <Group justify="flex-end">
            <Button
              variant="default"
              loading={verifying}
              onClick={async () => {
                setVerifying(true);
                try {
                  await verifyTsCredentials();
                } catch {
                  // the answer is shown by the http layer
                } finally {
                  setVerifying(false);
                }
              }}
            >
              {t.verify}
            </Button>
            <Button loading={update.isPending} onClick={() => void save()}>
              {t.save}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
};
