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
 * when signing); the confirm button reads Scarica, or Firma when signing.
 */
export const ChoosePatientDialog = ({
  opened,
  searchPatients,
  onClose,
  signing = false,
}: {
  opened: boolean;
  /** Sending for signature: a patient is required (no empty form) and the button reads Firma. */
  signing?: boolean;
  searchPatients: (text: string) => Promise<PatientOption[]>;
  /** null when cancelled; {} for the empty form; { pazienteId } for a patient. */
  onClose: (result: ChoosePatientResult) => void;
}) => (
  <PatientSelectDialog
    opened={opened}
    title={t.choosePatientTitle}
    description={signing ? t.choosePatientSignDescription : t.choosePatientDescription}
    searchPatients={searchPatients}
    allowProceedWithoutPatient={!signing}
    proceedWithoutLabel={m.emptyForm}
    confirmLabel={signing ? t.sign : t.download}
    onClose={(r: PatientSelectResult) =>
      onClose(r.type === 'cancel' ? null : r.type === 'proceedWithoutSelection' ? {} : { pazienteId: r.patientId })
    }
  />
);
