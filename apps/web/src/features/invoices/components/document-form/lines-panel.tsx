import {
  ActionIcon,
  Autocomplete,
  Badge,
  Box,
  Button,
  Grid,
  Group,
  NumberInput,
  type NumberInputProps,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  codiciIva,
  findCodiceIva,
  invoiceMessages as m,
  needsRiferimentoAmministrazione,
} from '@studiolo/domain/invoices';
import { defaultTipoSpesa, lineTipoSpesa, type TipoSpesa } from '@studiolo/domain/sistema-ts';
import { IconCalendarPlus, IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { TitledPanel } from '../../../../components/titled-panel.tsx';
import { requiredField } from '../../../../lib/form.ts';
import { showToast } from '../../../../lib/http.ts';
import { tipoSpesaRigaOptions } from '../../../sistema-ts/tipo-spesa-options.ts';
import { documentFormTexts as t } from './document-form.texts.ts';
import { useDocumentFormDeps } from './document-form-deps.tsx';
import {
  emptyLine,
  isLineComplete,
  type LineValues,
  type NumberValue,
  validateDocument,
  withGross,
  withUnitFromGross,
} from './document-form-values.ts';
import type { DocumentFormApi } from './general-section.tsx';

/** Euro amounts typed the Italian way (12,50). */
export const euroInputProps = {
  decimalSeparator: ',',
  thousandSeparator: '.',
  decimalScale: 2,
  allowNegative: false,
  hideControls: true,
} as const satisfies Partial<NumberInputProps>;

const vatOptions = codiciIva.map((c) => ({ value: String(c.id), label: c.description }));

/** spec part 2 §5: 'Caratteri vietati!!', with the hint about curly quotes and accents in a tooltip. */
export const withForbiddenHint = (error: ReactNode): ReactNode =>
  error === m.forbiddenCharacters ? (
    <Tooltip label={m.forbiddenCharactersHint} multiline w={300} events={{ hover: true, focus: true, touch: true }}>
      <Box component="span" tabIndex={0} style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}>
        {m.forbiddenCharacters}
        <IconInfoCircle size={14} aria-hidden />
        <VisuallyHidden>{m.forbiddenCharactersHint}</VisuallyHidden>
      </Box>
    </Tooltip>
  ) : (
    error
  );

export type LinesPanelProps = {
  form: DocumentFormApi;
  /** Default VAT code of a new line (defaultCodiceIvaId of the regime). */
  defaultCodiceIvaId: number;
  onLinkAppointments: () => void;
  /** Appointments can be linked (a patient is chosen). */
  canLink: boolean;
  readOnly?: boolean;
};

/** spec part 2 §2 line-items panel, §4 line editing, §5 line rules. */
export const LinesPanel = ({ form, defaultCodiceIvaId, onLinkAppointments, canLink, readOnly }: LinesPanelProps) => {
  const { products } = useDocumentFormDeps();
  const lines = form.values.prestazione;
  const included = form.values.tassazione.ivaAndRivalsaInclusa;
  // what each line is for the Sistema TS, where a health invoice to a person goes (decision 023)
  const sanitaria = form.values.tipoDocumento === 'FATTURA_SANITARIA';
  const activeProducts = products.filter((p) => p.status === 'ACTIVE');
  const productNames = [...new Set(activeProducts.map((p) => p.name))];

  const setLine = (i: number, line: LineValues) => form.setFieldValue(`prestazione.${i}`, line);
  /** Price, quantity, discount or VAT changed: the gross follows (domain lineGrossCents). */
  const change = (i: number, patch: Partial<LineValues>) => {
    const current = form.getValues().prestazione[i];
    if (current) setLine(i, withGross({ ...current, ...patch }, included));
  };

  const addLine = () => {
    const all = form.getValues().prestazione;
    if (all.every(isLineComplete)) {
      form.insertListItem('prestazione', emptyLine(defaultCodiceIvaId));
      return;
    }
    showToast('WARNING', m.fillAllLines);
    // show what is missing
    const errors = validateDocument('proforma', form.getValues());
    form.setErrors({
      ...form.errors,
      ...Object.fromEntries(Object.entries(errors).filter(([path]) => path.startsWith('prestazione.'))),
    });
  };

  const numberProps = (i: number, field: 'quantita' | 'prezzoPerUnita' | 'sconto') => ({
    ...form.getInputProps(`prestazione.${i}.${field}`),
    onChange: (value: string | number) => change(i, { [field]: value === '' ? '' : Number(value) }),
  });

  return (
    <TitledPanel title={t.linesPanel} description={t.linesDescription}>
      <Stack gap="sm">
        {lines.map((line, i) => {
          const code = findCodiceIva(line.codiceIvaId);
          const n = i + 1;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id; their position is their identity
            <Paper key={i} withBorder p="sm" role="group" aria-label={t.line(n)}>
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={600} size="sm">
                    {t.line(n)}
                  </Text>
                  {lines.length > 1 && !readOnly && (
                    <Tooltip label={t.removeLine(n)}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t.removeLine(n)}
                        onClick={() => form.removeListItem('prestazione', i)}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
                <Autocomplete
                  label={t.description}
                  data={productNames}
                  maxLength={1000}
                  autoComplete="off"
                  {...requiredField}
                  {...form.getInputProps(`prestazione.${i}.descrizione`)}
                  error={withForbiddenHint(form.errors[`prestazione.${i}.descrizione`])}
                  onOptionSubmit={(name) => {
                    // spec part 2 §2: a service fills description, price and VAT code (and its Sistema TS expense type)
                    const product = activeProducts.find((p) => p.name === name);
                    if (!product) return;
                    const current = form.getValues().prestazione[i];
                    if (!current) return;
                    setLine(
                      i,
                      withGross(
                        {
                          ...current,
                          descrizione: product.name,
                          prezzoPerUnita: product.price,
                          codiceIvaId:
                            product.codiceIvaId !== null && findCodiceIva(product.codiceIvaId)
                              ? product.codiceIvaId
                              : current.codiceIvaId,
                          tipoSpesa: lineTipoSpesa(product.tipoSpesa),
                        },
                        included,
                      ),
                    );
                  }}
                />
                <Grid gap="sm">
                  <Grid.Col span={{ base: 6, sm: 2 }}>
                    <NumberInput
                      label={t.quantity}
                      min={0}
                      allowDecimal={false}
                      allowNegative={false}
                      hideControls
                      {...requiredField}
                      {...numberProps(i, 'quantita')}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 6, sm: 4 }}>
                    <NumberInput
                      label={t.unitPrice}
                      min={0}
                      leftSection="€"
                      {...euroInputProps}
                      {...requiredField}
                      {...numberProps(i, 'prezzoPerUnita')}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 6, sm: 2 }}>
                    <NumberInput
                      label={t.discount}
                      min={0}
                      max={100}
                      {...euroInputProps}
                      {...requiredField}
                      {...numberProps(i, 'sconto')}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 6, sm: 4 }}>
                    <NumberInput
                      label={t.grossPrice}
                      min={0}
                      leftSection="€"
                      {...euroInputProps}
                      {...requiredField}
                      {...form.getInputProps(`prestazione.${i}.prezzoLordo`)}
                      onChange={(value) => {
                        const current = form.getValues().prestazione[i];
                        const gross: NumberValue = value === '' ? '' : Number(value);
                        // spec part 2 §4: the gross sets the unit price, the discount goes back to 0
                        if (current) setLine(i, withUnitFromGross(current, gross, included));
                      }}
                    />
                  </Grid.Col>
                </Grid>
                <SimpleGrid
                  cols={{ base: 1, sm: needsRiferimentoAmministrazione(line.codiceIvaId) || sanitaria ? 2 : 1 }}
                  spacing="sm"
                >
                  <Select
                    label={t.vatCode}
                    data={vatOptions}
                    searchable
                    nothingFoundMessage="Nessun codice trovato"
                    {...requiredField}
                    {...form.getInputProps(`prestazione.${i}.codiceIvaId`)}
                    value={String(line.codiceIvaId)}
                    onChange={(value) => value && change(i, { codiceIvaId: Number(value) })}
                    renderOption={({ option }) => {
                      const c = findCodiceIva(Number(option.value));
                      return (
                        <Group gap="xs" wrap="nowrap" justify="space-between" w="100%">
                          <Text size="sm">{option.label}</Text>
                          {c?.deprecated && (
                            <Badge color="orange" variant="light" size="sm" tt="none" style={{ flexShrink: 0 }}>
                              {m.deprecatedCode}
                            </Badge>
                          )}
                        </Group>
                      );
                    }}
                    description={
                      code?.deprecated ? (
                        <Tooltip
                          label={m.deprecatedCodeHint}
                          multiline
                          w={280}
                          events={{ hover: true, focus: true, touch: true }}
                        >
                          <Badge component="span" tabIndex={0} color="orange" variant="light" size="sm" tt="none">
                            {m.deprecatedCode}
                            <VisuallyHidden> {m.deprecatedCodeHint}</VisuallyHidden>
                          </Badge>
                        </Tooltip>
                      ) : undefined
                    }
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                  />
                  {needsRiferimentoAmministrazione(line.codiceIvaId) && (
                    <TextInput
                      label={t.riferimentoAmministrazione}
                      maxLength={20}
                      autoComplete="off"
                      {...form.getInputProps(`prestazione.${i}.riferimentoAmministrazione`)}
                    />
                  )}
                  {sanitaria && (
                    <Select
                      label={t.tipoSpesa}
                      description={t.tipoSpesaHint}
                      data={tipoSpesaRigaOptions}
                      allowDeselect={false}
                      value={line.tipoSpesa ?? defaultTipoSpesa}
                      onChange={(value) => value && change(i, { tipoSpesa: lineTipoSpesa(value as TipoSpesa) })}
                    />
                  )}
                </SimpleGrid>
              </Stack>
            </Paper>
          );
        })}
        {!readOnly && (
          <Group gap="sm" wrap="wrap">
            <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={addLine}>
              {m.addLine}
            </Button>
            <Tooltip label={t.noPatientForAppointments} disabled={canLink}>
              <Button
                variant="default"
                leftSection={<IconCalendarPlus size={16} aria-hidden />}
                onClick={onLinkAppointments}
                disabled={!canLink}
              >
                {t.linkAppointmentsButton}
              </Button>
            </Tooltip>
            {form.values.linkedCalendarEventsIds.length > 0 && (
              <Text size="sm">{t.linkedCount(form.values.linkedCalendarEventsIds.length)}</Text>
            )}
          </Group>
        )}
      </Stack>
    </TitledPanel>
  );
};
