import { Accordion, Button, Fieldset, Group, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { anagraficaMessages, type TipologiaPersona } from '@studiolo/domain/anagrafica';
import {
  type RegimeFiscale,
  regimeFiscaleLabels,
  regimiFiscali,
  type Studio,
  type StudioInput,
  studioInputSchema,
} from '@studiolo/domain/studio';
import { type ReactNode, useState } from 'react';
import { PhoneInput } from '../../../components/phone-input.tsx';
import { ReadOnlyField } from '../../../components/read-only-field.tsx';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { applyServerFieldErrors, requiredField, requiredGroup } from '../../../lib/form.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';

/** The form keeps every field as text; empty text becomes null in the shared schema. */
export type StudioFormValues = {
  tipologiaPersona: TipologiaPersona;
  nome: string;
  cognome: string;
  ragioneSociale: string;
  sesso: 'U' | 'D';
  codiceFiscale: string;
  partitaIva: string;
  professione: string;
  iscrizioneAlbo: string;
  contatti: { email: string; cellulare: string; telefono: string; pec: string };
  residenza: { indirizzo: string; cap: string; comune: string; provincia: string };
  coordinateBancarie: { intestatario: string; nomeBanca: string; iban: string; bicSwift: string };
  tassazione: { regimeFiscale: RegimeFiscale };
};

const text = (v: string | null | undefined) => v ?? '';

export const emptyStudioValues = (): StudioFormValues => ({
  tipologiaPersona: 'FISICA',
  nome: '',
  cognome: '',
  ragioneSociale: '',
  sesso: 'U',
  codiceFiscale: '',
  partitaIva: '',
  professione: '',
  iscrizioneAlbo: '',
  contatti: { email: '', cellulare: '', telefono: '', pec: '' },
  residenza: { indirizzo: '', cap: '', comune: '', provincia: '' },
  coordinateBancarie: { intestatario: '', nomeBanca: '', iban: '', bicSwift: '' },
  tassazione: { regimeFiscale: 'RF_19' },
});

export const studioToFormValues = (s: Studio): StudioFormValues => ({
  tipologiaPersona: s.tipologiaPersona,
  nome: text(s.nome),
  cognome: text(s.cognome),
  ragioneSociale: text(s.ragioneSociale),
  sesso: s.sesso,
  codiceFiscale: text(s.codiceFiscale),
  partitaIva: text(s.partitaIva),
  professione: text(s.professione),
  iscrizioneAlbo: text(s.iscrizioneAlbo),
  contatti: {
    email: text(s.contatti.email),
    cellulare: text(s.contatti.cellulare),
    telefono: text(s.contatti.telefono),
    pec: text(s.contatti.pec),
  },
  residenza: {
    indirizzo: text(s.residenza.indirizzo),
    cap: text(s.residenza.cap),
    comune: text(s.residenza.comune),
    provincia: text(s.residenza.provincia),
  },
  coordinateBancarie: {
    intestatario: text(s.coordinateBancarie.intestatario),
    nomeBanca: text(s.coordinateBancarie.nomeBanca),
    iban: text(s.coordinateBancarie.iban),
    bicSwift: text(s.coordinateBancarie.bicSwift),
  },
  tassazione: { regimeFiscale: s.tassazione.regimeFiscale },
});

/** spec part 1 §4: GIURIDICA hides name, surname and sex; FISICA hides the company name. Hidden means not sent. */
export const formValuesToStudioInput = (v: StudioFormValues): StudioInput => ({
  ...v,
  nome: v.tipologiaPersona === 'FISICA' ? v.nome : null,
  cognome: v.tipologiaPersona === 'FISICA' ? v.cognome : null,
  ragioneSociale: v.tipologiaPersona === 'GIURIDICA' ? v.ragioneSociale : null,
  sesso: v.tipologiaPersona === 'FISICA' ? v.sesso : 'U',
});

export const regimeFiscaleOptions = regimiFiscali.map((value) => ({
  value,
  label: `${value.replace('_', '')} · ${regimeFiscaleLabels[value]}`,
}));

const studioSections = ['generali', 'contatti', 'domicilio'] as const;

/** Long form: bring the first wrong field into view (after React has rendered the errors). */
const focusFirstError = () =>
  requestAnimationFrame(() => {
    const el = document.querySelector<HTMLElement>('form [aria-invalid="true"]');
    el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    el?.focus({ preventScroll: true });
  });

const resolveStudio = schemaResolver(studioInputSchema, { sync: true });

const addressParts = ['indirizzo', 'comune', 'cap', 'provincia'] as const;

/**
 * issue 26 item 7: the schema says "Indirizzo non valido" under the street whatever part is missing; the form shows
 * it under each missing part instead, so it goes as that part is filled (a field's error clears when it changes)
 * and never stays under a street already written.
 */
export const placeAddressError = (errors: Record<string, ReactNode>, residenza: StudioFormValues['residenza']) => {
  const message = errors['residenza.indirizzo'];
  if (message !== anagraficaMessages.indirizzoInvalid) return errors;
  const missing = addressParts.filter((part) => !residenza[part].trim());
  if (!missing.length || missing.includes('indirizzo')) return errors;
  const placed: Record<string, ReactNode> = { ...errors };
  delete placed['residenza.indirizzo'];
  for (const part of missing) placed[`residenza.${part}`] ??= message;
  return placed;
};

const upper = (e: React.ChangeEvent<HTMLInputElement>) => e.currentTarget.value.toUpperCase();

/**
 * The studio's data (spec part 1 §3, §5), validated with the server's own schema so messages match.
 * Used by on-boarding (with the avatar colour as `extra`) and by Impostazioni › Studio.
 */
export const StudioForm = ({
  initialValues,
  onSubmit,
  submitLabel,
  loading,
  extra,
  withBankDetails = false,
  serverFieldPrefix = '',
  readOnly = false,
}: {
  initialValues: StudioFormValues;
  onSubmit: (input: StudioInput) => Promise<unknown>;
  submitLabel: string;
  loading?: boolean;
  /** Rendered before the submit button (e.g. the avatar colour). */
  extra?: ReactNode;
  withBankDetails?: boolean;
  /** Where the studio sits in the request body, to match the server's field paths ("studio."). */
  serverFieldPrefix?: string;
  readOnly?: boolean;
}) => {
  const form = useForm<StudioFormValues>({
    mode: 'controlled',
    initialValues,
    validate: (values) => placeAddressError(resolveStudio(formValuesToStudioInput(values)), values.residenza),
    validateInputOnBlur: true,
  });
  const isPhone = useIsPhone();
  const fisica = form.values.tipologiaPersona === 'FISICA';
  // Read-only (a role that may not change the studio): the values in the normal text colour, focusable and
  // copyable (not disabled, which greys them out), no example placeholders that would look like data, no
  // required marks, and each field says why it cannot be changed (ReadOnlyField, spec part 1 §5).
  const inputProps = (path: string) => ({ ...form.getInputProps(path), readOnly });
  const upperProps = (path: string) => {
    const props = inputProps(path);
    return { ...props, onChange: (e: React.ChangeEvent<HTMLInputElement>) => props.onChange(upper(e)) };
  };
  const required = readOnly ? {} : requiredField;
  const example = (text: string) => (readOnly ? undefined : text);
  const field = (input: ReactNode) => <ReadOnlyField readOnly={readOnly}>{input}</ReadOnlyField>;
  const regime = regimeFiscaleLabels[form.values.tassazione.regimeFiscale];
  // spec part 1 §2: expandable panels "Generali", "Contatti", "Domicilio" (as on the patient form), open at first;
  // a wrong field's panel is opened again before it is focused
  const [sections, setSections] = useState<string[]>([...studioSections]);
  const showErrors = () => {
    setSections([...studioSections]);
    focusFirstError();
  };

  const submit = form.onSubmit(
    async (values) => {
      try {
        await onSubmit(formValuesToStudioInput(values));
        form.resetDirty();
      } catch (e) {
        applyServerFieldErrors(form, e, serverFieldPrefix);
        showErrors();
      }
    },
    () => showErrors(),
  );

  return (
    <form onSubmit={submit} noValidate>
      {!readOnly && <UnsavedChangesGuard dirty={form.isDirty()} saving={form.submitting} />}
      <Stack gap="lg">
        <Accordion multiple value={sections} onChange={setSections} variant="separated" radius="md">
          <Accordion.Item value="generali">
            <Accordion.Control>
              <Text fw={600}>Generali</Text>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap="sm">
                {field(
                  <Radio.Group
                    label="Tipologia"
                    {...(readOnly ? {} : requiredGroup)}
                    {...inputProps('tipologiaPersona')}
                  >
                    <Group gap="lg" mt={6}>
                      <Radio value="FISICA" label="Persona fisica" />
                      <Radio value="GIURIDICA" label="Persona giuridica" />
                    </Group>
                  </Radio.Group>,
                )}
                {fisica ? (
                  <>
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                      {field(
                        <TextInput label="Nome" autoComplete="given-name" {...required} {...inputProps('nome')} />,
                      )}
                      {field(
                        <TextInput
                          label="Cognome"
                          autoComplete="family-name"
                          {...required}
                          {...inputProps('cognome')}
                        />,
                      )}
                    </SimpleGrid>
                    {field(
                      <Radio.Group label="Sesso" {...inputProps('sesso')}>
                        <Group gap="lg" mt={6}>
                          <Radio value="U" label="Uomo" />
                          <Radio value="D" label="Donna" />
                        </Group>
                      </Radio.Group>,
                    )}
                  </>
                ) : (
                  field(
                    <TextInput
                      label="Ragione sociale"
                      autoComplete="organization"
                      {...required}
                      {...inputProps('ragioneSociale')}
                    />,
                  )
                )}
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  {field(
                    <TextInput
                      label="Codice fiscale"
                      autoComplete="off"
                      maxLength={16}
                      {...required}
                      {...upperProps('codiceFiscale')}
                    />,
                  )}
                  {field(
                    <TextInput
                      label="Partita IVA"
                      inputMode="numeric"
                      autoComplete="off"
                      maxLength={11}
                      {...required}
                      {...inputProps('partitaIva')}
                    />,
                  )}
                  {field(
                    <TextInput
                      label="Professione"
                      placeholder={example('Es. Fisioterapista')}
                      {...inputProps('professione')}
                    />,
                  )}
                  {field(
                    // The example is a description, not a placeholder: it is long, and a phone would cut it.
                    <TextInput
                      label="Iscrizione all'albo"
                      description={example('Es. Albo dei Fisioterapisti di Milano n. 1234')}
                      {...inputProps('iscrizioneAlbo')}
                    />,
                  )}
                </SimpleGrid>
                {field(
                  <Select
                    label="Regime fiscale"
                    data={regimeFiscaleOptions}
                    searchable={!readOnly}
                    nothingFoundMessage="Nessun regime trovato"
                    // The longer regimes do not fit a phone's field: there the whole name is written under it.
                    description={isPhone ? regime : undefined}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    // read-only: no arrow suggesting a list that does not open
                    rightSection={readOnly ? null : undefined}
                    title={regime}
                    {...required}
                    {...inputProps('tassazione.regimeFiscale')}
                  />,
                )}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>

          <Accordion.Item value="contatti">
            <Accordion.Control>
              <Text fw={600}>Contatti</Text>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap="sm">
                {!readOnly && (
                  <Text size="xs" c="dimmed">
                    Servono un'email e almeno un numero di telefono.
                  </Text>
                )}
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  {field(
                    <TextInput
                      label="Email"
                      type="email"
                      autoComplete="email"
                      {...required}
                      {...inputProps('contatti.email')}
                    />,
                  )}
                  {field(<TextInput label="PEC" type="email" autoComplete="off" {...inputProps('contatti.pec')} />)}
                  {field(
                    <PhoneInput label="Cellulare" autoComplete="tel-national" {...inputProps('contatti.cellulare')} />,
                  )}
                  {field(<PhoneInput label="Telefono" autoComplete="off" {...inputProps('contatti.telefono')} />)}
                </SimpleGrid>
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>

          <Accordion.Item value="domicilio">
            <Accordion.Control>
              <Text fw={600}>Domicilio</Text>
            </Accordion.Control>
            <Accordion.Panel>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {field(
                  <TextInput
                    label="Indirizzo"
                    autoComplete="street-address"
                    placeholder={example('Via Roma 1')}
                    {...required}
                    {...inputProps('residenza.indirizzo')}
                  />,
                )}
                {field(
                  <TextInput
                    label="Comune"
                    autoComplete="address-level2"
                    {...required}
                    {...inputProps('residenza.comune')}
                  />,
                )}
                {field(
                  <TextInput
                    label="CAP"
                    inputMode="numeric"
                    autoComplete="postal-code"
                    maxLength={5}
                    {...required}
                    {...inputProps('residenza.cap')}
                  />,
                )}
                {field(
                  <TextInput
                    label="Provincia"
                    placeholder={example('Es. MI')}
                    maxLength={2}
                    autoComplete="off"
                    {...required}
                    {...upperProps('residenza.provincia')}
                  />,
                )}
              </SimpleGrid>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>

        {withBankDetails && (
          <Fieldset legend="Coordinate bancarie" variant="filled" radius="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {field(<TextInput label="Intestatario" {...inputProps('coordinateBancarie.intestatario')} />)}
              {field(<TextInput label="Banca" {...inputProps('coordinateBancarie.nomeBanca')} />)}
              {field(<TextInput label="IBAN" autoComplete="off" {...upperProps('coordinateBancarie.iban')} />)}
              {field(<TextInput label="BIC/SWIFT" autoComplete="off" {...upperProps('coordinateBancarie.bicSwift')} />)}
            </SimpleGrid>
          </Fieldset>
        )}

        {extra}

        {!readOnly && (
          <Group justify="flex-end">
            <Button type="submit" size="md" loading={loading}>
              {submitLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
};
