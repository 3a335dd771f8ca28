import {
  ActionIcon,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Slider,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type Evaluation,
  type EvaluationKind,
  type EvaluationSection,
  evaluationKindLabels,
  evaluationSectionLabels,
  romSideLabels,
  romSides,
} from '@studiolo/domain/clinical';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { DateField, uiToIsoDay } from '../../../components/date-field.tsx';
import { applyServerFieldErrors, requiredField } from '../../../lib/form.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useSaveEvaluation } from '../api/evaluations.ts';
import { clinicalTexts as t } from './clinical-texts.ts';

type RomValues = {
  distretto: string;
  movimento: string;
  lato: string | null;
  attivo: number | '';
  passivo: number | '';
};
export type EvaluationValues = {
  tipo: EvaluationKind;
  data: string;
  motivoInvio: string;
  anamnesi: string;
  doloreNrs: number | null;
  doloreSede: string;
  doloreCaratteristiche: string;
  esameObiettivo: string;
  testFunzionali: string;
  articolarita: RomValues[];
  diagnosi: string;
  obiettivi: string;
  pianoTrattamento: string;
  note: string;
};

const emptyValues = (tipo: EvaluationKind): EvaluationValues => ({
  tipo,
  data: dayjs().format('DD-MM-YYYY'),
  motivoInvio: '',
  anamnesi: '',
  doloreNrs: null,
  doloreSede: '',
  doloreCaratteristiche: '',
  esameObiettivo: '',
  testFunzionali: '',
  articolarita: [],
  diagnosi: '',
  obiettivi: '',
  pianoTrattamento: '',
  note: '',
});

const valuesOf = (e: Evaluation): EvaluationValues => ({
  tipo: e.tipo,
  data: dayjs(e.data).format('DD-MM-YYYY'),
  motivoInvio: e.motivoInvio ?? '',
  anamnesi: e.anamnesi ?? '',
  doloreNrs: e.doloreNrs,
  doloreSede: e.doloreSede ?? '',
  doloreCaratteristiche: e.doloreCaratteristiche ?? '',
  esameObiettivo: e.esameObiettivo ?? '',
  testFunzionali: e.testFunzionali ?? '',
  articolarita: e.articolarita.map((r) => ({
    distretto: r.distretto,
    movimento: r.movimento,
    lato: r.lato,
    attivo: r.attivo ?? '',
    passivo: r.passivo ?? '',
  })),
  diagnosi: e.diagnosi ?? '',
  obiettivi: e.obiettivi ?? '',
  pianoTrattamento: e.pianoTrattamento ?? '',
  note: e.note ?? '',
});

/** The body the API takes from the form's values (empty texts are sent empty: the server stores null). */
export const evaluationBodyOf = (v: EvaluationValues) => ({
  tipo: v.tipo,
  data: uiToIsoDay(v.data) || v.data,
  motivoInvio: v.motivoInvio,
  anamnesi: v.anamnesi,
  doloreNrs: v.doloreNrs,
  doloreSede: v.doloreSede,
  doloreCaratteristiche: v.doloreCaratteristiche,
  esameObiettivo: v.esameObiettivo,
  testFunzionali: v.testFunzionali,
  articolarita: v.articolarita.map((r) => ({
    distretto: r.distretto,
    movimento: r.movimento,
    lato: (r.lato as (typeof romSides)[number] | null) ?? null,
    attivo: r.attivo === '' ? null : r.attivo,
    passivo: r.passivo === '' ? null : r.passivo,
  })),
  diagnosi: v.diagnosi,
  obiettivi: v.obiettivi,
  pianoTrattamento: v.pianoTrattamento,
  note: v.note,
});

const longField = (label: string) => ({ label, autosize: true, minRows: 2, maxRows: 12 });

/**
 * An evaluation, new or to change: the sections the studio uses (settings cartella-paziente), each free text except
 * pain (NRS slider, site, character) and range of motion (rows of joint, movement, side, degrees).
 */
export const EvaluationFormDialog = ({
  opened,
  pazienteId,
  evaluation,
  defaultKind,
  sections,
  onClose,
}: {
  opened: boolean;
  pazienteId: string;
  evaluation: Evaluation | null;
  defaultKind: EvaluationKind;
  sections: readonly EvaluationSection[];
  onClose: () => void;
}) => {
  const isPhone = useIsPhone();
  const save = useSaveEvaluation(pazienteId);
  const form = useForm<EvaluationValues>({
    initialValues: emptyValues(defaultKind),
    validate: { data: (v) => (uiToIsoDay(v) ? null : 'Data non valida') },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form restarts when the dialog opens on another record
  useEffect(() => {
    if (!opened) return;
    const values = evaluation ? valuesOf(evaluation) : emptyValues(defaultKind);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  }, [opened, evaluation]);

  const shows = (s: EvaluationSection) => sections.includes(s);
  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({ ...(evaluation ? { id: evaluation.id } : {}), pazienteId, ...evaluationBodyOf(values) });
      onClose();
    } catch (e) {
      applyServerFieldErrors(form, e);
    }
  });
  const rom = form.values.articolarita;

  return (
    <Modal
      opened={opened}
      onClose={() => !save.isPending && onClose()}
      title={evaluation ? t.editEvaluation : t.newEvaluation}
      size="xl"
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': 'Chiudi' }}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t.kind}
              data={(Object.keys(evaluationKindLabels) as EvaluationKind[]).map((k) => ({
                value: k,
                label: evaluationKindLabels[k],
              }))}
              allowDeselect={false}
              {...form.getInputProps('tipo')}
              {...requiredField}
            />
            <DateField
              label={t.date}
              value={form.values.data}
              onChange={(v) => form.setFieldValue('data', v)}
              error={form.errors.data}
              clearable={false}
              {...requiredField}
            />
          </SimpleGrid>
          {shows('motivoInvio') && (
            <Textarea {...longField(evaluationSectionLabels.motivoInvio)} {...form.getInputProps('motivoInvio')} />
          )}
          {shows('anamnesi') && (
            <Textarea {...longField(evaluationSectionLabels.anamnesi)} {...form.getInputProps('anamnesi')} />
          )}
          {shows('dolore') && (
            <Stack gap={6}>
              <Text size="sm" fw={700} id="nrs-label">
                {t.nrs}: {form.values.doloreNrs ?? '—'}
              </Text>
              <Slider
                min={0}
                max={10}
                step={1}
                marks={Array.from({ length: 11 }, (_, i) => ({ value: i, label: String(i) }))}
                value={form.values.doloreNrs ?? 0}
                onChange={(v) => form.setFieldValue('doloreNrs', v)}
                thumbProps={{ 'aria-labelledby': 'nrs-label' }}
                mb="lg"
              />
              {form.errors.doloreNrs && (
                <Text size="xs" c="red.9">
                  {form.errors.doloreNrs}
                </Text>
              )}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t.painSite} {...form.getInputProps('doloreSede')} />
                <Textarea
                  {...longField(t.painCharacter)}
                  minRows={1}
                  {...form.getInputProps('doloreCaratteristiche')}
                />
              </SimpleGrid>
            </Stack>
          )}
          {shows('esameObiettivo') && (
            <Textarea
              {...longField(evaluationSectionLabels.esameObiettivo)}
              {...form.getInputProps('esameObiettivo')}
            />
          )}
          {shows('testFunzionali') && (
            <Textarea
              {...longField(evaluationSectionLabels.testFunzionali)}
              {...form.getInputProps('testFunzionali')}
            />
          )}
          {shows('articolarita') && (
            <Stack gap={6}>
              <Text size="sm" fw={700}>
                {evaluationSectionLabels.articolarita}
              </Text>
              {rom.map((_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; they are edited in place
                <Group key={i} gap="xs" align="flex-end" wrap={isPhone ? 'wrap' : 'nowrap'}>
                  <TextInput
                    label={t.romJoint}
                    style={{ flex: 2, minWidth: 120 }}
                    {...form.getInputProps(`articolarita.${i}.distretto`)}
                  />
                  <TextInput
                    label={t.romMovement}
                    style={{ flex: 2, minWidth: 120 }}
                    {...form.getInputProps(`articolarita.${i}.movimento`)}
                  />
                  <Select
                    label={t.romSide}
                    style={{ flex: 1, minWidth: 110 }}
                    data={romSides.map((s) => ({ value: s, label: romSideLabels[s] }))}
                    clearable
                    {...form.getInputProps(`articolarita.${i}.lato`)}
                  />
                  <NumberInput
                    label={t.romActive}
                    style={{ flex: 1, minWidth: 90 }}
                    min={-360}
                    max={360}
                    allowDecimal={false}
                    {...form.getInputProps(`articolarita.${i}.attivo`)}
                  />
                  <NumberInput
                    label={t.romPassive}
                    style={{ flex: 1, minWidth: 90 }}
                    min={-360}
                    max={360}
                    allowDecimal={false}
                    {...form.getInputProps(`articolarita.${i}.passivo`)}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t.romRemove}
                    onClick={() => form.removeListItem('articolarita', i)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              ))}
              <Button
                variant="light"
                size="compact-sm"
                leftSection={<IconPlus size={14} aria-hidden />}
                style={{ alignSelf: 'flex-start' }}
                onClick={() =>
                  form.insertListItem('articolarita', {
                    distretto: '',
                    movimento: '',
                    lato: null,
                    attivo: '',
                    passivo: '',
                  })
                }
              >
                {t.romAdd}
              </Button>
            </Stack>
          )}
          {shows('diagnosi') && (
            <Textarea {...longField(evaluationSectionLabels.diagnosi)} {...form.getInputProps('diagnosi')} />
          )}
          {shows('obiettivi') && (
            <Textarea {...longField(evaluationSectionLabels.obiettivi)} {...form.getInputProps('obiettivi')} />
          )}
          {shows('pianoTrattamento') && (
            <Textarea
              {...longField(evaluationSectionLabels.pianoTrattamento)}
              {...form.getInputProps('pianoTrattamento')}
            />
          )}
          {shows('note') && <Textarea {...longField(evaluationSectionLabels.note)} {...form.getInputProps('note')} />}
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {t.cancel}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
