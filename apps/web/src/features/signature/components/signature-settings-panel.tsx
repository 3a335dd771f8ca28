import { Button, Divider, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import {
  isSignatureExpiryDays,
  signatureDefaultExpiryDays,
  signatureExpirySettingKey,
} from '@studiolo/domain/signature';
import { useEffect, useState } from 'react';
import { useSettings } from '../../settings/api/get-settings.ts';
import { useUpdateSettingsSection } from '../../settings/api/update-settings-section.ts';
import { signatureTexts as t } from './signature-texts.ts';
import { SigningCertificateSection } from './signing-certificate-section.tsx';

/**
 * Impostazioni → Firma elettronica: how many days a signature link stays open (settings section `general`), and the
 * studio's certificate the signed PDFs are sealed with.
 */
export const SignatureSettingsPanel = ({ canEdit }: { canEdit: boolean }) => {
  const settings = useSettings();
  const update = useUpdateSettingsSection();
  const stored = settings.data?.general?.[signatureExpirySettingKey];
  const current = isSignatureExpiryDays(stored) ? stored : signatureDefaultExpiryDays;
  const [days, setDays] = useState<number | string>(current);
  useEffect(() => setDays(current), [current]);
  const valid = isSignatureExpiryDays(days);
  return (
    <Stack maw={640} gap="lg">
      <Stack gap="sm" maw={480}>
        <Title order={3} size="h4">
          {t.expiryTitle}
        </Title>
        <Text size="sm">{t.expiryHelp}</Text>
        <NumberInput
          label={t.expiryLabel}
          min={1}
          max={90}
          allowDecimal={false}
          value={days}
          onChange={setDays}
          disabled={!canEdit}
          error={valid ? null : t.expiryInvalid}
        />
        {canEdit && (
          <Group>
            <Button
              onClick={() => update.mutate({ section: 'general', values: { [signatureExpirySettingKey]: days } })}
              disabled={!valid || days === current}
              loading={update.isPending}
            >
              {t.save}
            </Button>
          </Group>
        )}
      </Stack>
      <Divider />
      <SigningCertificateSection canEdit={canEdit} />
    </Stack>
  );
};
