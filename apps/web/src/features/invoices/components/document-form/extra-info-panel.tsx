import { ActionIcon, Button, Group, Stack, Textarea, TextInput, Tooltip } from '@mantine/core';
import { invoiceMessages as m } from '@studiolo/domain/invoices';
import { isLatinText } from '@studiolo/domain/shared';
import { IconPlus, IconReportMedical, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TitledPanel } from '../../../../components/titled-panel.tsx';
import { showToast } from '../../../../lib/http.ts';
import { useCurrentStudioId } from '../../../auth/api/get-user.ts';
import { patientEventsQueryOptions } from '../../api/get-patient-events.ts';
import { documentFormTexts as t } from './document-form.texts.ts';
import type { DocumentKind } from './document-form-values.ts';
import { insuranceReport } from './event-format.ts';
import type { DocumentFormApi } from './general-section.tsx';

/** spec part 2 §9: notes 1500 characters, causale 200. */
export const notesMax = 1500;
export const causaleMax = 200;

/** spec part 2 §2 invoice extra-info panel: causali, notes and (invoices) the insurance appointment report. */
export const ExtraInfoPanel = ({ form, kind }: { form: DocumentFormApi; kind: DocumentKind }) => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  const [reporting, setReporting] = useState(false);
  const { causali, note } = form.values;

  const addReport = async () => {
    const { linkedCalendarEventsIds: ids, pazienteId } = form.getValues();
    // spec part 2 §5: the report needs at least one linked appointment
    if (!ids.length || !pazienteId) {
      showToast('WARNING', t.insuranceNoAppointments);
      return;
    }
    setReporting(true);
    try {
      const events = await qc.fetchQuery(patientEventsQueryOptions(studioId, pazienteId));
      const linked = events.filter((e) => ids.includes(e.id));
      if (!linked.length) {
        showToast('WARNING', t.insuranceNoAppointments);
        return;
      }
      const current = form.getValues().note.trimEnd();
      const report = insuranceReport(t.insuranceHeader, linked);
      form.setFieldValue('note', current ? `${current}\n\n${report}` : report);
      showToast('SUCCESS', t.insuranceAdded);
    } catch {
      // the failed call has shown its own message
    } finally {
      setReporting(false);
    }
  };

  return (
    <TitledPanel title={t.extraPanel} description={t.extraDescription}>
      <Stack gap="sm">
        {causali.map((c, i) => {
          const n = i + 1;
          const error = form.errors[`causali.${i}`] ?? (c && !isLatinText(c) ? m.forbiddenCharacters : undefined);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: causali are plain texts, their position is their identity
            <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                label={t.causale(n)}
                flex={1}
                maxLength={causaleMax}
                autoComplete="off"
                {...form.getInputProps(`causali.${i}`)}
                error={error}
              />
              {/* spec part 2 §5: at least one causale row always remains */}
              {causali.length > 1 && (
                <Tooltip label={t.removeCausale(n)}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={26}
                    size="lg"
                    aria-label={t.removeCausale(n)}
                    onClick={() => form.removeListItem('causali', i)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          );
        })}
        <Button
          variant="subtle"
          w="fit-content"
          px={4}
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => form.insertListItem('causali', '')}
        >
          {t.addCausale}
        </Button>
        <Textarea
          label={t.notes}
          autosize
          minRows={3}
          maxRows={12}
          maxLength={notesMax}
          description={`${note.length}/${notesMax}`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('note')}
        />
        {kind === 'fattura' && (
          <Button
            variant="default"
            maw="100%"
            w="fit-content"
            h="auto"
            py={8}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
            leftSection={<IconReportMedical size={16} aria-hidden />}
            onClick={addReport}
            loading={reporting}
          >
            {t.insuranceReport}
          </Button>
        )}
      </Stack>
    </TitledPanel>
  );
};
