import { formTemplateMessages as m } from '@studiolo/domain/forms';
import {
  type PatientOption,
  PatientSelectDialog,
  type PatientSelectResult,
} from '../../../components/patient-select-dialog.tsx';
import { formTemplateTexts as t } from './form-template-texts.ts';

export type ChoosePatientResult = { pazienteId?: string } | null;

/**
 * spec part 1 §2 choose-patient dialog: a patient to fill the form with, or "Scarica il modulo vuoto." (not offered
 * when signing); the confirm button reads Scarica (Firma when signing, issue 15 part 4).
 */
export const ChoosePatientDialog = ({
  opened,
  searchPatients,
  onClose,
}: {
  opened: boolean;
  searchPatients: (text: string) => Promise<PatientOption[]>;
  /** null when cancelled; {} for the empty form; { pazienteId } for a patient. */
  onClose: (result: ChoosePatientResult) => void;
}) => (
  <PatientSelectDialog
    opened={opened}
    title={t.choosePatientTitle}
    description={t.choosePatientDescription}
    searchPatients={searchPatients}
    allowProceedWithoutPatient
    proceedWithoutLabel={m.emptyForm}
    confirmLabel={t.download}
    onClose={(r: PatientSelectResult) =>
      onClose(r.type === 'cancel' ? null : r.type === 'proceedWithoutSelection' ? {} : { pazienteId: r.patientId })
    }
  />
);
