import { Alert, Anchor, Box, Button, Checkbox, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import type { CalendarEvent } from '@studiolo/domain/calendar';
import {
  type AppointmentLineAction,
  type AppointmentLineMode,
  applyAppointmentLines,
  appointmentsToSettle,
  defaultCodiceIvaId,
  type Fattura,
  linesFromAppointments,
  invoiceMessages as m,
  type Proforma,
} from '@studiolo/domain/invoices';
import type { RegimeFiscale } from '@studiolo/domain/studio';
import { IconFileInvoice, IconFileText, IconLock, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { BackLink } from '../../../../components/back-link.tsx';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { DeleteConfirmDialog } from '../../../../components/delete-confirm-dialog.tsx';
import { TitledPanel } from '../../../../components/titled-panel.tsx';
import { UnsavedChangesGuard } from '../../../../components/unsaved-changes-guard.tsx';
import { widgetMessages } from '../../../../components/widget.messages.ts';
import { isHttpError, showToast } from '../../../../lib/http.ts';
import { useConvertProforma } from '../../api/convert-proforma.ts';
import { useDeleteDocument } from '../../api/delete-document.ts';
import { useNextNumber } from '../../api/get-next-number.ts';
import { usePatientEvents } from '../../api/get-patient-events.ts';
import { useLinkEvents } from '../../api/link-events.ts';
import { useSaveInvoice } from '../../api/save-invoice.ts';
import { useSaveProforma } from '../../api/save-proforma.ts';
import { PaidDialogs } from '../tables/paid-select.tsx';
import { AppointmentLinesDialog } from './appointment-lines-dialog.tsx';
import { AppointmentPicker } from './appointment-picker.tsx';
import { BankPanel } from './bank-panel.tsx';
import { CreditNoteButton } from './credit-note-button.tsx';
import { documentFormTexts as t } from './document-form.texts.ts';
import { useDocumentFormDeps } from './document-form-deps.tsx';
import {
  type DocumentFormValues,
  type DocumentKind,
  formatoOfCodice,
  formPathOf,
  lineOfFormLine,
  lineToFormLine,
  toFatturaInput,
  toProformaInput,
  totalsOf,
  validateDocument,
} from './document-form-values.ts';
import { ExtraInfoPanel } from './extra-info-panel.tsx';
import { GeneralSection, startDocumentFor } from './general-section.tsx';
import { LinesPanel } from './lines-panel.tsx';
import { TaxPanel, WithholdingPanel } from './tax-panels.tsx';
import { TotalsRecap } from './totals-recap.tsx';

/**
 * spec part 2 §4: on an invoice already sent to the SDI, ticking or unticking 'Pagato' opens the paid dialog; what the
 * server answers (the collection date) is shown, and a cancelled dialog leaves the box as it was.
 */
const SentInvoicePaid = ({ fattura }: { fattura: Fattura }) => {
  const [asking, setAsking] = useState<'paid' | 'unpaid' | null>(null);
  return (
    <Group gap="md">
      <Checkbox
        label={t.paidSent}
        checked={fattura.pagata}
        onChange={(e) => setAsking(e.currentTarget.checked ? 'paid' : 'unpaid')}
      />
      {fattura.pagata && fattura.dataIncasso && (
        <Text size="sm" c="gray.7">
          {t.collectedOn(fattura.dataIncasso)}
        </Text>
      )}
      {asking && <PaidDialogs invoice={fattura} asking={asking} onClose={() => setAsking(null)} />}
    </Group>
  );
};

/** spec part 2 §9: totals debounce 100 ms (the first figures are computed at once: the domain is cheap). */
export const totalsDebounceMs = 100;

/** The invoice whose 'still unpaid' warning was last shown (the form remounts after each save). */
let lastWarnedUnpaid: string | null = null;

export type SavedDocument = { kind: DocumentKind; id: string };

export type DocumentFormProps = {
  kind: DocumentKind;
  /** The document being edited, or null for a new one. */
  document: Fattura | Proforma | null;
  initialValues: DocumentFormValues;
  /** The regime of the document (an existing one keeps its own), for the totals and the default VAT code. */
  regimeFiscale: RegimeFiscale | null;
  studioId: string | null;
  /** Where 'Torna indietro' goes. */
  backTo: string;
  /** A new document was saved (the page moves to it), or another one was created from this (credit note, invoice). */
  onOpen: (doc: SavedDocument) => void;
  onDeleted: () => void;
  /**
   * "Fattura appuntamenti da saldare" (issue 26 item 6): a new invoice starts with the patient's past unpaid
   * appointments linked and their lines applied, so only the payment is left to choose.
   */
  settle?: boolean;
};

const titleOf = (kind: DocumentKind, document: Fattura | Proforma | null) => {
  if (!document) return kind === 'fattura' ? t.newInvoice : t.newProforma;
  if (document.tipoDocumento === 'PROFORMA') return t.proformaTitle(document.idDocumento);
  return document.tipoDocumento === 'NOTA_DI_CREDITO'
    ? t.creditNoteTitle(document.idDocumento)
    : t.invoiceTitle(document.idDocumento);
};

/**
 * The invoice (and credit note) and pro-forma form (spec part 2 §2–§5): general data, lines, taxes, withholding,
 * totals from the domain, bank details, extra information, appointments as lines; save, PDF, conversions, delete.
 */
export const DocumentForm = ({
  kind,
  document,
  initialValues,
  regimeFiscale,
  studioId,
  backTo,
  onOpen,
  onDeleted,
  settle = false,
}: DocumentFormProps) => {
  const deps = useDocumentFormDeps();
  const form = useForm<DocumentFormValues>({
    mode: 'controlled',
    initialValues,
    validate: (values) => validateDocument(kind, values),
  });
  const v = form.values;
  const fattura = document && document.tipoDocumento !== 'PROFORMA' ? (document as Fattura) : null;
  const proforma = document && document.tipoDocumento === 'PROFORMA' ? (document as Proforma) : null;
  // spec part 2 §4 and issue 13: sent invoices are read-only, unless the SDI refused the last attempt
  const lastStato = fattura?.sdiInvii.at(-1)?.stato;
  const sentToSdi = Boolean(fattura?.isInviataToSDI) && lastStato !== 'SCARTATO' && lastStato !== 'ERRORE_INVIO';
  const existing = document !== null;

  // ---- totals: the domain's documentTotals, 100 ms after the last change ----
  const [figures] = useDebouncedValue(
    useMemo(() => ({ prestazione: v.prestazione, tassazione: v.tassazione }), [v.prestazione, v.tassazione]),
    totalsDebounceMs,
  );
  const totali = useMemo(() => totalsOf(figures, regimeFiscale), [figures, regimeFiscale]);

  /**
   * What the form fills by itself (the next number, the preselected customer's type and code) is not a change of the
   * person's: an untouched new document may be left without the unsaved-changes question (issue 26 item 7).
   */
  const quietly = (fill: () => void) => {
    const untouched = !form.isDirty();
    fill();
    if (untouched) form.resetDirty(form.getValues());
  };

  // ---- the patient ----
  const summary = deps.usePatientSummary(v.pazienteId);
  const patient =
    summary ??
    (document && document.pazienteId === v.pazienteId && v.pazienteId
      ? {
          id: v.pazienteId,
          name: document.paziente.nomeCompleto,
          validForFattura: document.paziente.validForFattura,
          codiceDestinatario: document.paziente.codiceDestinatario,
        }
      : null);
  // spec part 2 §4: a preselected patient's recipient code fills an empty one (new documents)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per patient
  useEffect(() => {
    if (existing) return;
    quietly(() => {
      // issue 26 item 4: a preselected customer sets the document type
      if (kind === 'fattura') startDocumentFor(form, summary?.customerKind);
      if (!summary?.codiceDestinatario) return;
      const code = summary.codiceDestinatario.trim().toUpperCase();
      if (!form.getValues().codiceDestinatario) {
        form.setFieldValue('codiceDestinatario', code);
        form.setFieldValue('formatoTrasmissione', formatoOfCodice(code));
      }
    });
  }, [summary?.id]);

  // ---- spec part 2 §8: an unpaid invoice says so when it is opened ----
  useEffect(() => {
    // once per opening: not again when the form starts over after a save of the same invoice
    if (!fattura || fattura.pagata || lastWarnedUnpaid === fattura.id) return;
    lastWarnedUnpaid = fattura.id;
    showToast('WARNING', m.stillUnpaid);
    return () => {
      if (!window.location.search.includes(fattura.id)) lastWarnedUnpaid = null;
    };
  }, [fattura]);

  // ---- numbering: the next number of the register, asked again when the sezionale (or year) changes ----
  const year = /^\d{2}-\d{2}-(\d{4})$/.exec(v.data)?.[1] ?? null;
  const next = useNextNumber(
    kind === 'fattura' ? 'documento-contabile' : 'proforma',
    { startDate: year ? `01-01-${year}` : null, sezionale: kind === 'fattura' ? v.sezionale : null },
    !existing,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the server's answer only
  useEffect(() => {
    if (!existing && next.data) quietly(() => form.setFieldValue('numero', next.data.numeroDocumento));
  }, [next.data]);

  const sezionaleOptions = useMemo(() => {
    const allowed = deps.sezionali
      .filter((s) => s.active && (s.documentTypes.length === 0 || s.documentTypes.includes(v.tipoDocumento)))
      .map((s) => s.name);
    return [...new Set(['', ...allowed, ...(v.sezionale ? [v.sezionale] : [])])];
  }, [deps.sezionali, v.tipoDocumento, v.sezionale]);

  // ---- saving ----
  const saveInvoice = useSaveInvoice();
  const saveProforma = useSaveProforma();
  const saving = saveInvoice.isPending || saveProforma.isPending;
  const [created, setCreated] = useState(false);
  const submit = form.onSubmit(
    async (values) => {
      const total = totalsOf(values, regimeFiscale).totale;
      try {
        const saved =
          kind === 'fattura'
            ? await saveInvoice.mutateAsync({ ...toFatturaInput(values, total), id: document?.id ?? null })
            : await saveProforma.mutateAsync({ ...toProformaInput(values, total), id: document?.id ?? null });
        form.resetDirty(values);
        if (!existing) {
          setCreated(true);
          onOpen({ kind, id: saved.id });
        }
      } catch (e) {
        if (!isHttpError(e)) throw e;
        const errors = Object.fromEntries(Object.entries(e.fields).map(([path, msg]) => [formPathOf(path), msg]));
        if (Object.keys(errors).length) form.setErrors(errors);
      }
    },
    () => showToast('ERROR', t.fixErrors),
  );

  // ---- appointments → lines ----
  const [pickerOpen, setPickerOpen] = useState(false);
  const [pendingEvents, setPendingEvents] = useState<CalendarEvent[] | null>(null);
  const linkEvents = useLinkEvents();
  const codiceIvaId = defaultCodiceIvaId(regimeFiscale);

  const onLink = async (events: CalendarEvent[]) => {
    const ids = events.map((e) => e.id);
    if (fattura?.isInviataToSDI) {
      // spec part 2 §4: an invoice already sent to the SDI saves its links at once
      try {
        await linkEvents.mutateAsync({ id: fattura.id, eventIds: ids });
        setPickerOpen(false);
      } catch (e) {
        if (!isHttpError(e)) throw e;
      }
      return;
    }
    setPickerOpen(false);
    if (!events.length) {
      form.setFieldValue('linkedCalendarEventsIds', []);
      return;
    }
    setPendingEvents(events);
  };

  const applyLines = ({ action, mode }: { action: AppointmentLineAction; mode: AppointmentLineMode }) => {
    const events = pendingEvents ?? [];
    setPendingEvents(null);
    applyEvents(events, action, mode);
  };
  const applyEvents = (events: CalendarEvent[], action: AppointmentLineAction, mode: AppointmentLineMode) => {
    const values = form.getValues();
    const already = new Set(values.linkedCalendarEventsIds);
    // appended lines are those of the newly chosen appointments; overwritten ones are of all the chosen
    const source = action === 'APPEND' ? events.filter((e) => !already.has(e.id)) : events;
    const added = linesFromAppointments(source, {
      mode,
      codiceIvaId,
      ivaAndRivalsaInclusa: values.tassazione.ivaAndRivalsaInclusa,
      products: new Map(deps.products.map((p) => [p.id, p])),
      defaultDescription: deps.serviceDescription,
    });
    const lines = applyAppointmentLines(values.prestazione.map(lineToFormLine), added, action);
    form.setFieldValue('prestazione', lines.map(lineOfFormLine));
    form.setFieldValue(
      'linkedCalendarEventsIds',
      events.map((e) => e.id),
    );
  };
  const hasLines = v.prestazione.some((l) => l.descrizione.trim() || l.prezzoPerUnita);

  // ---- issue 26 item 6: the appointments da saldare, linked and applied at once ----
  const settling = settle && !existing && kind === 'fattura';
  const patientEvents = usePatientEvents(v.pazienteId, settling);
  const [settled, setSettled] = useState<{ count: number } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the patient's appointments arrive
  useEffect(() => {
    if (!settling || settled || !patientEvents.data || !v.pazienteId) return;
    const due = appointmentsToSettle(patientEvents.data, v.pazienteId, new Date());
    if (due.length) applyEvents(due, 'OVERWRITE', 'MULTIPLE');
    setSettled({ count: due.length });
  }, [patientEvents.data]);

  // ---- other actions ----
  const convert = useConvertProforma();
  const remove = useDeleteDocument();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [setNotPaid, setSetNotPaid] = useState(false);
  const doDelete = async () => {
    if (!document) return;
    try {
      await remove.mutateAsync(
        kind === 'fattura'
          ? { kind, id: document.id, setLinkedEventsAsNotPaid: setNotPaid }
          : { kind, id: document.id },
      );
      setConfirmDelete(false);
      onDeleted();
    } catch (e) {
      if (!isHttpError(e)) throw e;
      setConfirmDelete(false);
    }
  };
  const pdfUrl = document
    ? kind === 'proforma'
      ? `/accounting/fattura/pdf?id=${document.id}&tipo=PROFORMA`
      : `/accounting/fattura/pdf?id=${document.id}`
    : null;

  // what the electronic-invoicing panel previews: the invoice as it would be saved now
  // a new invoice just created has its number taken: a preview still asked as new would be refused ("Il numero … è già
  // stato usato"), shown as an error right after "Fattura creata"; the page opens the saved one at once
  const sdiPayload = useMemo(
    () =>
      kind === 'fattura' && !created && !saving && Object.keys(validateDocument(kind, v)).length === 0
        ? toFatturaInput(v, totali.totale)
        : null,
    [kind, v, totali.totale, created, saving],
  );
  const SdiPanel = deps.SdiPanel;

  const cassa = v.tassazione.cassaPrevidenziale;
  return (
    <Stack gap="lg">
      <BackLink to={backTo}>{t.back}</BackLink>
      <Group gap="sm" wrap="wrap" align="center">
        <Title order={1} fz={{ base: 24, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
          {titleOf(kind, document)}
        </Title>
        {proforma?.fatturaId && (
          <Anchor component={Link} to={`/accounting/fattura?id=${proforma.fatturaId}`} size="sm">
            {t.converted(proforma.fatturaIdDocumento ?? '')}
          </Anchor>
        )}
      </Group>
      {settling && settled && (
        <Alert color={settled.count ? 'teal' : 'gray'} variant="light" role="status">
          {settled.count ? t.settleReady(settled.count) : t.settleNone}
        </Alert>
      )}
      {sentToSdi && fattura && (
        <Alert color="blue" variant="light" icon={<IconLock size={18} aria-hidden />}>
          <Stack gap="xs">
            <Text size="sm">{t.sentToSdi}</Text>
            <SentInvoicePaid fattura={fattura} />
          </Stack>
        </Alert>
      )}

      <form onSubmit={submit} noValidate data-document-form={kind}>
        {!sentToSdi && <UnsavedChangesGuard dirty={form.isDirty()} saving={saving || form.submitting} />}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Box component="fieldset" disabled={sentToSdi} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
              <Stack gap="lg">
                <TitledPanel title={t.generalSection} description={t.generalDescription}>
                  <GeneralSection
                    form={form}
                    kind={kind}
                    existing={existing}
                    patient={patient}
                    sezionaleOptions={sezionaleOptions}
                    paidApart={sentToSdi}
                  />
                </TitledPanel>
                <LinesPanel
                  form={form}
                  defaultCodiceIvaId={codiceIvaId}
                  onLinkAppointments={() => setPickerOpen(true)}
                  canLink={Boolean(v.pazienteId)}
                  readOnly={sentToSdi}
                />
                <TaxPanel form={form} kind={kind} totali={totali} readOnly={sentToSdi} />
                <WithholdingPanel form={form} kind={kind} totali={totali} />
                <BankPanel form={form} />
                <ExtraInfoPanel form={form} kind={kind} />
              </Stack>
            </Box>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="md" style={{ position: 'sticky', top: 16 }}>
              <TotalsRecap
                totali={totali}
                cassa={{
                  type: v.tassazione.cassaPrevidenzialeType,
                  percent: Number(cassa.value) || 0,
                  typeValue: cassa.typeValue,
                }}
                marcaDaBolloCaricoMio={v.tassazione.marcaDaBolloCaricoMio}
              />
              <Stack gap="xs">
                {!sentToSdi && (
                  <Button type="submit" loading={saving} size="md">
                    {existing ? t.save : t.create}
                  </Button>
                )}
                {pdfUrl && (
                  <Button
                    component={Link}
                    to={pdfUrl}
                    variant="default"
                    leftSection={<IconFileText size={16} aria-hidden />}
                  >
                    {t.pdf}
                  </Button>
                )}
                {fattura && fattura.tipoDocumento !== 'NOTA_DI_CREDITO' && (
                  <CreditNoteButton fattura={fattura} onCreated={(id) => onOpen({ kind: 'fattura', id })} />
                )}
                {proforma && !proforma.fatturaId && (
                  <Button
                    variant="default"
                    leftSection={<IconFileInvoice size={16} aria-hidden />}
                    loading={convert.isPending}
                    onClick={async () => {
                      try {
                        const invoice = await convert.mutateAsync(proforma.id);
                        onOpen({ kind: 'fattura', id: invoice.id });
                      } catch (e) {
                        if (!isHttpError(e)) throw e;
                      }
                    }}
                  >
                    {t.convert}
                  </Button>
                )}
                {document && !fattura?.isInviataToSDI && (
                  <Button
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={() => {
                      setSetNotPaid(false);
                      setConfirmDelete(true);
                    }}
                  >
                    {t.delete}
                  </Button>
                )}
              </Stack>
              {kind === 'fattura' && SdiPanel && (
                <SdiPanel document={fattura} payload={sdiPayload} dirty={!existing || form.isDirty()} />
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      </form>

      <AppointmentPicker
        opened={pickerOpen}
        pazienteId={v.pazienteId}
        studioId={studioId}
        documentId={document?.id ?? null}
        linkedIds={v.linkedCalendarEventsIds}
        onClose={() => setPickerOpen(false)}
        onLink={onLink}
        linking={linkEvents.isPending}
      />
      <AppointmentLinesDialog
        opened={pendingEvents !== null}
        hasLines={hasLines}
        onCancel={() => setPendingEvents(null)}
        onApply={applyLines}
      />
      {kind === 'fattura' && (fattura?.linkedCalendarEventsIds.length ?? 0) > 0 ? (
        <ConfirmDialog
          opened={confirmDelete}
          title={widgetMessages.deleteTitle}
          message={
            <Stack gap="sm">
              <Text size="sm">{widgetMessages.deleteMessage}</Text>
              <Checkbox
                label={t.setNotPaid}
                checked={setNotPaid}
                onChange={(e) => setSetNotPaid(e.currentTarget.checked)}
              />
            </Stack>
          }
          confirmLabel={widgetMessages.deleteConfirm}
          cancelLabel={widgetMessages.deleteCancel}
          confirmColor="red"
          onConfirm={doDelete}
          onCancel={() => setConfirmDelete(false)}
          loading={remove.isPending}
        />
      ) : (
        <DeleteConfirmDialog
          opened={confirmDelete}
          onConfirm={doDelete}
          onCancel={() => setConfirmDelete(false)}
          loading={remove.isPending}
        />
      )}
    </Stack>
  );
};
