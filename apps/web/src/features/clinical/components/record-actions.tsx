import { Button } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { clinicalTexts as t } from './clinical-texts.ts';

/** "Modifica" and "Elimina" of one record of the clinical record (an evaluation, a diary entry). */
export const RecordActions = ({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) => (
  <>
    <Button variant="subtle" size="compact-sm" leftSection={<IconPencil size={14} aria-hidden />} onClick={onEdit}>
      {t.edit}
    </Button>
    <Button
      variant="subtle"
      color="red"
      size="compact-sm"
      leftSection={<IconTrash size={14} aria-hidden />}
      onClick={onDelete}
    >
      {t.delete}
    </Button>
  </>
);
