import { Button, Group, Modal, Radio, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import {
  type OutcomeMeasureCode,
  OutcomeScoreError,
  outcomeMeasureCodes,
  outcomeMeasures,
  scoreOutcome,
} from '@studiolo/domain/clinical';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { DateField, uiToIsoDay } from '../../../components/date-field.tsx';
import { requiredField } from '../../../lib/form.ts';
import { isHttpError } from '../../../lib/http.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useCreateOutcome } from '../api/outcomes.ts';
import { clinicalTexts as t } from './clinical-texts.ts';

type Answers = Record<string, number | null>;

/** The score as it would be now, or why there is none yet (the scale's own message). */
const preview = (code: OutcomeMeasureCode, answers: Answers) => {
  try {
    const s = scoreOutcome(code, answers);
    return { ok: true as const, text: `${t.score}: ${s.score}${s.unit === '%' ? ' %' : ` ${s.unit}`} · ${s.band}` };
  } catch (e) {
    if (e instanceof OutcomeScoreError) return { ok: false as const, text: e.message };
    throw e;
  }
};

/**
 * A questionnaire filled in the app: the scale, then each item's answer as the scale allows (NRS 0–10, ODI/NDI 0–5,
 * DASH 1–5, Barthel's own values); the score shows as the answers come and the server scores it again on saving.
 */
export const OutcomeFormDialog = ({
  opened,
  pazienteId,
  onClose,
}: {
  opened: boolean;
  pazienteId: string;
  onClose: () => void;
}) => {
  const isPhone = useIsPhone();
  const create = useCreateOutcome(pazienteId);
  const [code, setCode] = useState<OutcomeMeasureCode>('NRS');
  const [data, setData] = useState(dayjs().format('DD-MM-YYYY'));
  const [answers, setAnswers] = useState<Answers>({});
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) return;
    setCode('NRS');
    setData(dayjs().format('DD-MM-YYYY'));
    setAnswers({});
    setNote('');
    setError(null);
  }, [opened]);

  const measure = outcomeMeasures[code];
  const score = preview(code, answers);
  const save = async () => {
    setError(null);
    try {
      await create.mutateAsync({ pazienteId, codice: code, data: uiToIsoDay(data) || data, risposte: answers, note });
      onClose();
    } catch (e) {
      if (isHttpError(e)) setError(Object.values(e.fields)[0] ?? null);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={() => !create.isPending && onClose()}
      title={t.newOutcome}
      size="lg"
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': 'Chiudi' }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t.scale}
              data={outcomeMeasureCodes.map((c) => ({ value: c, label: outcomeMeasures[c].name }))}
              value={code}
              allowDeselect={false}
              onChange={(v) => {
                if (!v) return;
                setCode(v as OutcomeMeasureCode);
                setAnswers({});
              }}
              {...requiredField}
            />
            <DateField label={t.date} value={data} onChange={setData} clearable={false} {...requiredField} />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {measure.description}
          </Text>
          {measure.items.map((item, i) => (
            <Radio.Group
              key={`${code}-${item.id}`}
              label={`${measure.items.length > 1 ? `${i + 1}. ` : ''}${item.label}`}
              value={answers[item.id] === undefined || answers[item.id] === null ? null : String(answers[item.id])}
              onChange={(v) => setAnswers((a) => ({ ...a, [item.id]: Number(v) }))}
            >
              <Group gap="md" mt={4} wrap="wrap">
                {item.values.map((v) => (
                  <Radio key={v} value={String(v)} label={String(v)} />
                ))}
              </Group>
            </Radio.Group>
          ))}
          <Textarea
            label="Note"
            autosize
            minRows={1}
            maxRows={4}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          <Text
            size="sm"
            fw={score.ok ? 600 : 400}
            c={score.ok ? undefined : 'dimmed'}
            role="status"
            aria-live="polite"
          >
            {score.text}
          </Text>
          {error && (
            <Text size="sm" c="red.9">
              {error}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>
              {t.cancel}
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!score.ok}>
              {t.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
