import {
  Alert,
  Anchor,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  type CassaPrevidenzialeCode,
  type CausalePagamento,
  cassePrevidenziali,
  causalePagamentoLabels,
  causaliPagamento,
  defaultAliquotaRitenuta,
  invoiceMessages as m,
  type TassazioneInput,
  type TipoRitenuta,
  type Totali,
  tassazioneInputSchema,
  tipiRitenuta,
  tipoRitenutaLabels,
} from '@studiolo/domain/invoices';
import { IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { TitledPanel } from '../../../../components/titled-panel.tsx';
import { requiredField } from '../../../../lib/form.ts';
import { formatEuro } from '../../../../lib/format.ts';
import { isHttpError } from '../../../../lib/http.ts';
import { useCassePrevidenziali } from '../../api/get-casse-previdenziali.ts';
import { documentFormTexts as t } from './document-form.texts.ts';
import { useDocumentFormDeps } from './document-form-deps.tsx';
import { type DocumentKind, tassazioneToInput, withGross } from './document-form-values.ts';
import type { DocumentFormApi } from './general-section.tsx';
import { euroInputProps } from './lines-panel.tsx';

type PanelProps = { form: DocumentFormApi; kind: DocumentKind; totali: Totali; readOnly?: boolean };

/** spec part 2 §2 'Tassazione': fund, prices including VAT and fund, stamp duty. */
export const TaxPanel = ({ form, kind, totali, readOnly }: PanelProps) => {
  const { saveTaxDefaults } = useDocumentFormDeps();
  const casse = useCassePrevidenziali();
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const tax = form.values.tassazione;
  const types = casse.data ?? cassePrevidenziali;
  const sanitaria = kind === 'fattura' && form.values.tipoDocumento === 'FATTURA_SANITARIA';

  const saveDefaults = async () => {
    const input = tassazioneToInput(form.getValues().tassazione);
    const parsed = tassazioneInputSchema.safeParse(input);
    if (!parsed.success) {
      form.setErrors({
        ...form.errors,
        ...Object.fromEntries(parsed.error.issues.map((i) => [`tassazione.${i.path.join('.')}`, i.message])),
      });
      return;
    }
    setSaving(true);
    try {
      await saveTaxDefaults(input as TassazioneInput);
      setSaved(true);
    } catch (e) {
      if (!isHttpError(e)) throw e;
    } finally {
      setSaving(false);
    }
  };

  return (
    <TitledPanel title={m.taxPanel} description={t.taxDescription}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t.fundType}
            data={types.map((c) => ({ value: c.code, label: c.label }))}
            {...form.getInputProps('tassazione.cassaPrevidenzialeType')}
            onChange={(value) => {
              if (!value) return;
              form.setFieldValue('tassazione.cassaPrevidenzialeType', value as CassaPrevidenzialeCode);
              // spec part 2 §4: choosing a fund type sets the percentage to the type's, or 0
              form.setFieldValue(
                'tassazione.cassaPrevidenziale.value',
                types.find((c) => c.code === value)?.contributoPercentuale ?? 0,
              );
              form.setFieldValue('tassazione.cassaPrevidenziale.typeValue', 'PERCENTAGE');
            }}
          />
          <Group gap="sm" align="flex-end" wrap="nowrap">
            <NumberInput
              label={t.fundValue}
              min={0}
              flex={1}
              {...euroInputProps}
              disabled={!tax.cassaPrevidenziale.active}
              rightSection={tax.cassaPrevidenziale.typeValue === 'PERCENTAGE' ? '%' : '€'}
              {...form.getInputProps('tassazione.cassaPrevidenziale.value')}
            />
            <Select
              label={t.fundTypeValue}
              w={150}
              disabled={!tax.cassaPrevidenziale.active}
              data={(['PERCENTAGE', 'ABS_VALUE'] as const).map((value) => ({ value, label: t.typeValueLabels[value] }))}
              {...form.getInputProps('tassazione.cassaPrevidenziale.typeValue')}
            />
          </Group>
        </SimpleGrid>
        <Switch
          label={t.fundActive}
          {...form.getInputProps('tassazione.cassaPrevidenziale.active', { type: 'checkbox' })}
        />
        <Switch
          label={t.included}
          description={t.includedHint}
          checked={tax.ivaAndRivalsaInclusa}
          onChange={(e) => {
            const included = e.currentTarget.checked;
            form.setFieldValue('tassazione.ivaAndRivalsaInclusa', included);
            // the lines' gross means another thing now: recompute it from the unit prices
            form.setFieldValue(
              'prestazione',
              form.getValues().prestazione.map((l) => withGross(l, included)),
            );
          }}
        />

        <Stack gap={6}>
          <Text fw={600} size="sm">
            {t.stampDuty}
          </Text>
          {/* spec part 2 §4: the stamp duty is not chosen, it applies by itself above 77.47 € */}
          <Alert
            color={totali.marcaDaBolloDovuta ? 'blue' : 'gray'}
            variant="light"
            p="xs"
            icon={<IconInfoCircle size={18} aria-hidden />}
            role="status"
          >
            <Text size="sm">{totali.marcaDaBolloDovuta ? t.stampDutyDue : t.stampDutyNotDue}</Text>
          </Alert>
          <Switch
            label={t.stampDutyMine}
            {...form.getInputProps('tassazione.marcaDaBolloCaricoMio', { type: 'checkbox' })}
          />
          {kind === 'fattura' && (
            <Switch
              label={t.stampDutyVirtual}
              description={sanitaria ? undefined : t.stampDutyVirtualForced}
              disabled={!sanitaria}
              checked={sanitaria ? tax.marcaDaBolloVirtuale : true}
              onChange={(e) => form.setFieldValue('tassazione.marcaDaBolloVirtuale', e.currentTarget.checked)}
            />
          )}
          {kind === 'fattura' && sanitaria && !tax.marcaDaBolloVirtuale && (
            <TextInput
              label={t.stampDutyId}
              maxLength={30}
              autoComplete="off"
              maw={360}
              {...form.getInputProps('idMarcaDaBollo')}
            />
          )}
        </Stack>

        {!readOnly && (
          <Group gap="sm" wrap="wrap">
            <Button
              variant="default"
              onClick={saveDefaults}
              loading={saving}
              leftSection={saved ? <IconCheck size={16} aria-hidden /> : undefined}
            >
              {t.saveAsDefault}
            </Button>
            <Text size="sm">{t.saveAsDefaultHint}</Text>
          </Group>
        )}
      </Stack>
    </TitledPanel>
  );
};

/** spec part 2 §2 withholding-tax panel, §4, §5. */
export const WithholdingPanel = ({ form, totali }: PanelProps) => {
  const r = form.values.tassazione.ritenutaAcconto;
  const suggested = totali.ritenutaBaseSuggerita;
  return (
    <TitledPanel title={t.withholdingPanel} description={t.withholdingDescription}>
      <Stack gap="sm">
        <Switch
          label={t.withholdingActive}
          checked={r.isActive}
          onChange={(e) => {
            const active = e.currentTarget.checked;
            // spec part 2 §4: switched off resets base 0, rate 20, type and reason empty
            form.setFieldValue(
              'tassazione.ritenutaAcconto',
              active
                ? { ...form.getValues().tassazione.ritenutaAcconto, isActive: true }
                : {
                    isActive: false,
                    baseImponibile: 0,
                    aliquotaRitenuta: defaultAliquotaRitenuta,
                    tipoRitenuta: null,
                    causalePagamento: null,
                  },
            );
          }}
        />
        {r.isActive && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t.withholdingType}
              placeholder="Scegli il tipo"
              data={tipiRitenuta.map((value) => ({
                value,
                label: `${value.replace('_', '')} - ${tipoRitenutaLabels[value]}`,
              }))}
              {...requiredField}
              {...form.getInputProps('tassazione.ritenutaAcconto.tipoRitenuta')}
              onChange={(value) =>
                form.setFieldValue('tassazione.ritenutaAcconto.tipoRitenuta', value as TipoRitenuta | null)
              }
            />
            <Select
              label={t.withholdingReason}
              placeholder="Scegli la causale"
              searchable
              data={causaliPagamento.map((value) => ({ value, label: `${value} - ${causalePagamentoLabels[value]}` }))}
              {...requiredField}
              {...form.getInputProps('tassazione.ritenutaAcconto.causalePagamento')}
              onChange={(value) =>
                form.setFieldValue('tassazione.ritenutaAcconto.causalePagamento', value as CausalePagamento | null)
              }
            />
            <NumberInput
              label={t.withholdingRate}
              min={0}
              max={100}
              rightSection="%"
              {...euroInputProps}
              {...form.getInputProps('tassazione.ritenutaAcconto.aliquotaRitenuta')}
            />
            <NumberInput
              label={t.withholdingBase}
              min={0}
              leftSection="€"
              {...euroInputProps}
              description={
                <Anchor
                  component="button"
                  type="button"
                  size="xs"
                  onClick={() => form.setFieldValue('tassazione.ritenutaAcconto.baseImponibile', suggested)}
                >
                  {m.suggested(formatEuro(suggested))}
                </Anchor>
              }
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              {...form.getInputProps('tassazione.ritenutaAcconto.baseImponibile')}
            />
            <Stack gap={2}>
              <Text size="sm" fw={500} id="withholding-amount-label">
                {t.withholdingAmount}
              </Text>
              <Text aria-labelledby="withholding-amount-label" fw={600}>
                {formatEuro(totali.ritenuta)}
              </Text>
            </Stack>
          </SimpleGrid>
        )}
      </Stack>
    </TitledPanel>
  );
};
