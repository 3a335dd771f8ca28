import { Switch } from '@mantine/core';
import type { Patient } from '@studiolo/domain/patients';
import { useSetPatientRemindersOptOut } from '../api/set-patient-reminders-opt-out.ts';

export const patientRemindersTexts = {
  label: 'Non inviare promemoria degli appuntamenti',
  description: 'Il paziente non riceverà SMS né e-mail di promemoria.',
} as const;

/**
 * The patient's opt-out of appointment reminders (decision 036), saved as soon as it is switched (its own route,
 * PUT /pazienti/{id}/promemoria, not the record's "Salva modifiche").
 */
export const PatientRemindersSwitch = ({ patient, canEdit }: { patient: Patient; canEdit: boolean }) => {
  const save = useSetPatientRemindersOptOut();
  const checked = save.isPending ? Boolean(save.variables?.remindersOptOut) : patient.remindersOptOut;
  return (
    <Switch
      label={patientRemindersTexts.label}
      description={patientRemindersTexts.description}
      checked={checked}
      disabled={!canEdit || save.isPending}
      onChange={(e) => save.mutate({ id: patient.id, remindersOptOut: e.currentTarget.checked })}
    />
  );
};
