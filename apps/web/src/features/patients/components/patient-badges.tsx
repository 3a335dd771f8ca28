import { Badge, Group, Tooltip } from '@mantine/core';
import {
  opposesSistemaTs,
  type Patient,
  type PatientState,
  patientMessages,
  patientStateLabels,
} from '@studiolo/domain/patients';

/** Texts of the list that the spec does not word (decided). */
export const patientBadgeTexts = {
  invoiceDataIncomplete: 'Dati di fatturazione incompleti',
  invoiceDataIncompleteHint:
    'Per emettere fattura servono nome o ragione sociale, codice fiscale o partita IVA e l’indirizzo completo (per la PA anche il codice destinatario di 6 caratteri).',
  publicAdministration: 'PA',
  publicAdministrationHint: 'Pubblica amministrazione',
  // decision 035: a patient the online booking made
  onlineBooking: 'Da prenotazione online',
  completeCodiceFiscale: 'Completa il codice fiscale prima di fatturare',
  completeCodiceFiscaleHint:
    'Il paziente si è registrato con una prenotazione online senza codice fiscale. Puoi salvare la scheda anche senza, ma per emettere fattura e trasmettere le spese al Sistema TS serve il codice fiscale.',
} as const;

/** A patient made by an online booking who still lacks the fiscal code (decision 035): the studio completes it. */
export const lacksBookedCodiceFiscale = (patient: Patient) =>
  patient.source === 'ONLINE_BOOKING' &&
  patient.datiGenerali.tipologiaPersona === 'FISICA' &&
  !patient.datiGenerali.codiceFiscale;

/** The patient's state as a badge: Attivo (green) or Non attivo (grey). */
export const PatientStateBadge = ({ state }: { state: PatientState }) => (
  <Badge color={state === 'ACTIVE' ? 'green' : 'gray'} variant="light" tt="none" miw="max-content">
    {patientStateLabels[state]}
  </Badge>
);

/**
 * What a studio must notice about a patient at a glance: made by an online booking (decision 035), opposition to the Sistema TS (spec part 2 §5), data not
 * enough for an invoice (validForFattura false, part 2 §5), a public administration.
 */
export const PatientBadges = ({ patient }: { patient: Patient }) => {
  const opposes = opposesSistemaTs(patient);
  const pa = patient.datiGenerali.tipologiaPersona === 'GIURIDICA' && patient.datiGenerali.isPubblicaAmministrazione;
  const booked = patient.source === 'ONLINE_BOOKING';
  if (!opposes && patient.validForFattura && !pa && !booked) return null;
  return (
    <Group gap={4} wrap="wrap">
      {booked && (
        <Badge color="grape" variant="light" tt="none" size="sm">
          {patientBadgeTexts.onlineBooking}
        </Badge>
      )}
      {pa && (
        <Tooltip label={patientBadgeTexts.publicAdministrationHint}>
          <Badge
            color="blue"
            variant="light"
            tt="none"
            size="sm"
            aria-label={patientBadgeTexts.publicAdministrationHint}
          >
            {patientBadgeTexts.publicAdministration}
          </Badge>
        </Tooltip>
      )}
      {opposes && (
        <Badge color="orange" variant="light" tt="none" size="sm">
          {patientMessages.opponeTs}
        </Badge>
      )}
      {!patient.validForFattura && (
        <Tooltip label={patientBadgeTexts.invoiceDataIncompleteHint} multiline w={300}>
          <Badge color="yellow" variant="light" tt="none" size="sm" c="yellow.9">
            {patientBadgeTexts.invoiceDataIncomplete}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
};
