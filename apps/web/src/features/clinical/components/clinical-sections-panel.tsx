import { Button, Checkbox, Group, Stack } from '@mantine/core';
import { type EvaluationSection, evaluationSectionLabels, evaluationSections } from '@studiolo/domain/clinical';
import { useEffect, useState } from 'react';
import { TitledPanel } from '../../../components/titled-panel.tsx';
import { clinicalTexts as t } from './clinical-texts.ts';

/**
 * Impostazioni › Cartella paziente: which sections of an evaluation the studio's form shows (saved in settings
 * cartella-paziente as sezioniValutazione). The route wires it to the settings feature.
 */
export const ClinicalSectionsPanel = ({
  value,
  canEdit,
  saving,
  onSave,
}: {
  value: readonly EvaluationSection[];
  canEdit: boolean;
  saving: boolean;
  onSave: (sections: EvaluationSection[]) => void;
}) => {
  const [chosen, setChosen] = useState<string[]>([...value]);
  useEffect(() => setChosen([...value]), [value]);
  return (
    <TitledPanel title={t.sectionsTitle} description={t.sectionsIntro}>
      <Checkbox.Group value={chosen} onChange={setChosen} label="Sezioni della valutazione">
        <Stack gap="xs" mt="xs">
          {evaluationSections.map((s) => (
            <Checkbox key={s} value={s} label={evaluationSectionLabels[s]} disabled={!canEdit} />
          ))}
        </Stack>
      </Checkbox.Group>
      {canEdit && (
        <Group>
          <Button loading={saving} onClick={() => onSave(evaluationSections.filter((s) => chosen.includes(s)))}>
            {t.sectionsSave}
          </Button>
        </Group>
      )}
    </TitledPanel>
  );
};
