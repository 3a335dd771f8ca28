import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Collapse,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  type CustomerKind,
  documentStartFor,
  documentTypeAdvice,
  formatiTrasmissione,
  isElectronicType,
  metodiPagamento,
  tipiDocumentoFattura,
  tipoDocumentoLabels,
} from '@studiolo/domain/invoices';
import { IconAlertTriangle, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DateField } from '../../../../components/date-field.tsx';
import { ReadOnlyField } from '../../../../components/read-only-field.tsx';
import { requiredField } from '../../../../lib/form.ts';
import { creditNoteTexts as cn } from './credit-note-button.tsx';
import { documentFormTexts as t } from './document-form.texts.ts';
import { type PatientSummary, useDocumentFormDeps } from './document-form-deps.tsx';
import { type DocumentFormValues, type DocumentKind, formatoOfCodice, todayUi } from './document-form-values.ts';

export type DocumentFormApi = UseFormReturnType<DocumentFormValues>;

export type GeneralSectionProps = {
  form: DocumentFormApi;
  kind: DocumentKind;
  /** An existing document: patient, number and sezionale cannot change. */
  existing: boolean;
  patient: PatientSummary | null;
  /** The sezionali the document may use ('' is the main numbering). */
  sezionaleOptions: readonly string[];
  /** Sent to the SDI: 'Pagato' is asked apart, outside the locked fields. */
  paidApart?: boolean;
};

/** The fields under 'Altro'. */
const moreFields = [
  'suffisso',
  'codiceDestinatario',
  'pecDestinatario',
  'formatoTrasmissione',
  'codiceCIG',
  'idDocumentoOrdineAcquisto',
  'dataDocumentoOrdineAcquisto',
  'codiceCommessaConvenzione',
] as const;

/**
 * A new invoice follows its customer (issue 26 item 4): a person's is a health invoice, a company's an electronic
 * one (FPA12 for a public administration). A credit note stays one.
 */
export const startDocumentFor = (form: DocumentFormApi, customer: CustomerKind | undefined) => {
  if (!customer || form.getValues().tipoDocumento === 'NOTA_DI_CREDITO') return;
  const start = documentStartFor(customer);
  setDocumentType(form, start.tipoDocumento);
  form.setFieldValue('formatoTrasmissione', start.formatoTrasmissione);
};

const setDocumentType = (form: DocumentFormApi, value: DocumentFormValues['tipoDocumento']) => {
  form.setFieldValue('tipoDocumento', value);
  // spec part 2 §4: virtual stamp duty is a choice only for FATTURA_SANITARIA
  if (value !== 'FATTURA_SANITARIA') form.setFieldValue('tassazione.marcaDaBolloVirtuale', true);
};

const yearOf = (date: string) => /^\d{2}-\d{2}-(\d{4})$/.exec(date)?.[1] ?? String(new Date().getFullYear());

/** spec part 2 §2 "Invoice general section" and "Pro-forma general section". */
export const GeneralSection = ({
  form,
  kind,
  existing,
  patient,
  sezionaleOptions,
  paidApart = false,
}: GeneralSectionProps) => {
  const { PatientField } = useDocumentFormDeps();
  const [more, setMore] = useState(false);
  const v = form.values;
  const electronic = kind === 'fattura' && isElectronicType(v.tipoDocumento);
  const creditNote = kind === 'fattura' && v.tipoDocumento === 'NOTA_DI_CREDITO';
  // issue 26 item 4: why the type is what it is for this customer, or why another one is expected
  const customer = patient?.customerKind ?? null;
  const advice = documentTypeAdvice(customer, v.tipoDocumento);
  const typeMatches = customer !== null && documentStartFor(customer).tipoDocumento === v.tipoDocumento;
  // a wrong field hidden under 'Altro' opens it, so the message can be seen
  const hiddenError = moreFields.some((f) => form.errors[f]);
  const expanded = more || hiddenError;

  const upper = (path: keyof DocumentFormValues) => {
    const props = form.getInputProps(path);
    return {
      ...props,
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => props.onChange(e.currentTarget.value.toUpperCase()),
    };
  };
  const dateProps = (path: keyof DocumentFormValues) => {
    const props = form.getInputProps(path);
    return { ...props, value: String(form.values[path] ?? ''), onChange: (d: string) => form.setFieldValue(path, d) };
  };

  return (
    <Stack gap="sm">
      <ReadOnlyField readOnly={existing}>
        <PatientField
          label={t.patient}
          value={v.pazienteId}
          disabled={existing}
          required
          error={form.errors.pazienteId}
          onChange={(id, p) => {
            form.setFieldValue('pazienteId', id);
            if (kind === 'fattura' && !existing) startDocumentFor(form, p?.customerKind);
            // spec part 2 §4: an empty recipient code is filled from the chosen patient's
            const code = p?.codiceDestinatario?.trim().toUpperCase();
            if (code && !form.getValues().codiceDestinatario) {
              form.setFieldValue('codiceDestinatario', code);
              form.setFieldValue('formatoTrasmissione', formatoOfCodice(code));
            }
          }}
        />
      </ReadOnlyField>

      {patient && !patient.validForFattura && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} p="sm">
          <Group gap="xs" justify="space-between" wrap="wrap">
            <span>{kind === 'fattura' ? t.patientInvalidInvoice : t.patientInvalidProforma}</span>
            <Anchor component={Link} to={`/customers/add?id=${patient.id}&tab=0`} fw={600}>
              {t.fix}
            </Anchor>
          </Group>
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {kind === 'fattura' && (
          <Select
            label={t.documentType}
            data={tipiDocumentoFattura.map((value) => ({ value, label: tipoDocumentoLabels[value] }))}
            {...requiredField}
            {...form.getInputProps('tipoDocumento')}
            description={typeMatches ? advice : undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            onChange={(value) => value && setDocumentType(form, value as DocumentFormValues['tipoDocumento'])}
          />
        )}
        <ReadOnlyField readOnly={existing}>
          <NumberInput
            label={t.number}
            description={existing ? undefined : t.numberHint}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            disabled={existing}
            rightSection={<span aria-hidden>/{yearOf(v.data)}</span>}
            rightSectionWidth={56}
            {...form.getInputProps('numero')}
          />
        </ReadOnlyField>
        {kind === 'fattura' && sezionaleOptions.length > 1 && (
          <ReadOnlyField readOnly={existing}>
            <Select
              label={t.sezionale}
              disabled={existing}
              data={sezionaleOptions.map((s) => ({ value: s, label: s || t.mainSezionale }))}
              {...form.getInputProps('sezionale')}
              value={v.sezionale}
              onChange={(value) => form.setFieldValue('sezionale', value ?? '')}
            />
          </ReadOnlyField>
        )}
        <DateField label={t.date} {...requiredField} {...dateProps('data')} />
        <Select
          label={creditNote ? cn.refundMethod : t.paymentMethod}
          data={[...metodiPagamento]}
          {...form.getInputProps('metodoPagamento')}
        />
        {/* a credit note is refunded, never paid by the patient: no payment due date (issue 26 item 1) */}
        {!creditNote && <DateField label={t.dueDate} {...dateProps('dataScadenza')} />}
        {kind === 'fattura' && (
          <DateField
            label={creditNote ? cn.refundDate : t.collectionDate}
            description={v.pagata ? undefined : creditNote ? cn.refundDateHint : t.collectionDateHint}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            disabled={!v.pagata}
            {...dateProps('dataIncasso')}
          />
        )}
      </SimpleGrid>

      {kind === 'fattura' && advice && !typeMatches && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} p="sm" role="note">
          {advice}
        </Alert>
      )}

      {creditNote && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          <TextInput
            label={t.linkedInvoiceNumber}
            maxLength={30}
            autoComplete="off"
            {...requiredField}
            {...form.getInputProps('numeroFatturaCollegata')}
          />
          <DateField label={t.linkedInvoiceDate} {...requiredField} {...dateProps('dataFatturaCollegata')} />
        </SimpleGrid>
      )}

      <Group gap="lg">
        {kind === 'fattura' ? (
          !paidApart && (
            <Checkbox
              label={creditNote ? cn.refunded : t.paid}
              checked={v.pagata}
              onChange={(e) => {
                const paid = e.currentTarget.checked;
                form.setFieldValue('pagata', paid);
                // spec part 2 §4: ticking sets an empty collection date to today; unticking clears it
                if (paid && !form.getValues().dataIncasso) form.setFieldValue('dataIncasso', todayUi());
                if (!paid) form.setFieldValue('dataIncasso', '');
              }}
            />
          )
        ) : (
          <Switch label={t.accepted} {...form.getInputProps('accepted', { type: 'checkbox' })} />
        )}
      </Group>

      {kind === 'fattura' && (
        <>
          <Button
            variant="subtle"
            size="compact-sm"
            w="fit-content"
            px={0}
            onClick={() => setMore(!expanded)}
            aria-expanded={expanded}
            rightSection={
              expanded ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />
            }
          >
            {expanded ? t.less : t.more}
          </Button>
          <Collapse expanded={expanded}>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
              {electronic && (
                <>
                  <TextInput label={t.suffix} maxLength={10} autoComplete="off" {...form.getInputProps('suffisso')} />
                  <TextInput
                    label={t.recipientCode}
                    description={t.recipientCodeHint}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    maxLength={7}
                    autoComplete="off"
                    spellCheck={false}
                    {...upper('codiceDestinatario')}
                  />
                  <TextInput
                    label={t.recipientPec}
                    type="email"
                    autoComplete="off"
                    {...form.getInputProps('pecDestinatario')}
                  />
                  <Select
                    label={t.format}
                    data={formatiTrasmissione.map((value) => ({ value, label: t.formatLabels[value] }))}
                    {...form.getInputProps('formatoTrasmissione')}
                  />
                </>
              )}
              <TextInput label={t.cig} maxLength={15} autoComplete="off" {...form.getInputProps('codiceCIG')} />
              <TextInput
                label={t.purchaseOrderId}
                maxLength={20}
                autoComplete="off"
                {...form.getInputProps('idDocumentoOrdineAcquisto')}
              />
              <DateField label={t.purchaseOrderDate} {...dateProps('dataDocumentoOrdineAcquisto')} />
              <TextInput
                label={t.commessa}
                maxLength={100}
                autoComplete="off"
                {...form.getInputProps('codiceCommessaConvenzione')}
              />
            </SimpleGrid>
          </Collapse>
        </>
      )}
    </Stack>
  );
};
