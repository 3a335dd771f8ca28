import {
  Accordion,
  Badge,
  Box,
  Button,
  Checkbox,
  Grid,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { checkCodiceFiscale } from '@studiolo/domain/anagrafica';
import { homeCountry, type PatientInput, patientMessages } from '@studiolo/domain/patients';
import { IconAlertCircle, IconId, IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { PhoneInput } from '../../../components/phone-input.tsx';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { applyServerFieldErrors, requiredField, requiredGroup } from '../../../lib/form.ts';
import { showToast } from '../../../lib/http.ts';
import { loadReference, useReference } from '../reference.ts';
import { ComuneAutocomplete } from './comune-autocomplete.tsx';
import {
  applyDerived,
  birthDataOf,
  birthplaceOf,
  type DerivedField,
  type DerivedValues,
  derivedFields,
  formChangeDebounceMs,
  formValuesToPatientInput,
  normalizeUiDate,
  type PatientFormValues,
  sessoLabels,
  tipologiaLabels,
  titleCase,
  validatePatientValues,
} from './patient-form-values.ts';
import { type HealthCard, useHealthCardReader } from './use-health-card-reader.ts';

/** The expandable sections of the patient form (spec part 1 §2), in the order they are shown. */
export const patientFormSections = [
  { value: 'generali', label: 'Generali' },
  { value: 'contatti', label: 'Contatti' },
  { value: 'domicilio', label: 'Domicilio' },
  { value: 'sanitari', label: 'Dati sanitari' },
] as const;
type SectionValue = (typeof patientFormSections)[number]['value'];

const sectionOfPath = (path: string): SectionValue =>
  path.startsWith('contatti.')
    ? 'contatti'
    : path.startsWith('residenza.')
      ? 'domicilio'
      : path.startsWith('datiSanitari.')
        ? 'sanitari'
        : 'generali';

/** Texts of this form that the spec does not word (decided). */
export const patientFormTexts = {
  cardReaderHint:
    'Hai un lettore di tessere? Passa la tessera sanitaria: nome, cognome, codice fiscale, sesso e data di nascita si compilano da soli.',
  filledFromCode: 'Sesso, data e luogo di nascita ricavati dal codice fiscale: verificali.',
  omocodia: 'Codice con omocodia: alcune cifre sono sostituite da lettere.',
  centuryAmbiguous: (date: string) =>
    `Anno di nascita ambiguo: il codice vale per il ${date} ma anche per lo stesso giorno di cento anni dopo. Verifica la data di nascita.`,
  unknownBirthplace: (belfiore: string) => `Luogo di nascita non riconosciuto (codice catastale ${belfiore}).`,
  tsOn: 'Le spese sanitarie del paziente vengono trasmesse al Sistema Tessera Sanitaria.',
  tsOff: 'Il paziente si è opposto: le sue spese sanitarie non vengono trasmesse al Sistema Tessera Sanitaria.',
  codiceDestinatario: '7 caratteri per i privati, 6 per la PA; 0000000 se non lo conosci',
  sectionHasErrors: 'Da correggere',
  // decision 012, issue 17 item 3: why the code may be missing, and what that costs
  foreignWithoutCode:
    'Facoltativo per un paziente straniero senza codice fiscale italiano: senza codice non potrai emettergli fatture né trasmetterne le spese al Sistema TS.',
  // decision 035: a patient made by an online booking, saved without the code until the studio completes it
  bookedWithoutCode:
    'Il paziente si è registrato con una prenotazione online senza codice fiscale: puoi salvare la scheda anche senza, ma serve per fatturare e per il Sistema TS.',
  // decision 012, issue 17 item 4: the sole trader's case
  companyCode:
    '11 caratteri (se numerico, con la cifra di controllo della partita IVA); per una ditta individuale il codice fiscale personale del titolare (16 caratteri).',
} as const;

/** Long form: bring the first wrong field into view (after React has rendered the errors and opened sections). */
const focusFirstError = () =>
  setTimeout(() => {
    const el = document.querySelector<HTMLElement>('form[data-patient-form] [aria-invalid="true"]');
    el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    el?.focus({ preventScroll: true });
  }, 50);

const valueAt = (values: PatientFormValues, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], values);

export type PatientFormProps = {
  initialValues: PatientFormValues;
  /** Whether the patient already exists (edit) or is new. */
  isNew: boolean;
  onSubmit: (input: PatientInput) => Promise<unknown>;
  /** The button's text, or one per kind of customer ("Crea paziente" / "Crea cliente": issue 26 item 4). */
  submitLabel: string | ((tipologia: 'FISICA' | 'GIURIDICA') => string);
  loading?: boolean;
  onCancel?: () => void;
  /** Tags already used in the studio, offered as suggestions. */
  tagOptions?: readonly string[];
  /** A patient made by an online booking: saved without the fiscal code until the studio completes it (decision 035). */
  mayLackCodiceFiscale?: boolean;
};

/**
 * The patient's data (spec part 1 §2, §3, §5): Generali, Contatti, Domicilio, Dati sanitari as expandable sections,
 * validated with the server's own schema, re-evaluated on every change (100 ms). A personal fiscal code fills sex,
 * birth date and birthplace; a health-card reader fills names, code, sex and birth date.
 */
export const PatientForm = ({
  initialValues,
  isNew,
  onSubmit,
  submitLabel,
  loading,
  onCancel,
  tagOptions = [],
  mayLackCodiceFiscale = false,
}: PatientFormProps) => {
  /** Field path → the server's message and the value it was about: it stays until that field changes. */
  const serverErrors = useRef(new Map<string, { value: unknown; message: ReactNode }>());
  /** The server's messages still about the values as they are (the field has not changed since). */
  const standingServerErrors = (values: PatientFormValues) => {
    const errors: Record<string, ReactNode> = {};
    for (const [path, server] of serverErrors.current) {
      if (valueAt(values, path) === server.value) errors[path] = server.message;
      else serverErrors.current.delete(path);
    }
    return errors;
  };
  const form = useForm<PatientFormValues>({
    mode: 'controlled',
    initialValues,
    // with the server's standing messages: leaving a field (validated on blur) must not drop what the server said of it
    validate: (values) => ({
      ...validatePatientValues(values, { mayLackCodiceFiscale }),
      ...standingServerErrors(values),
    }),
    validateInputOnBlur: true,
    // errors are re-evaluated (debounced) rather than wiped on each keystroke, so they do not flicker
    clearInputErrorOnChange: false,
  });
  const { reference, load: loadCountries } = useReference();
  const [sections, setSections] = useState<string[]>(patientFormSections.map((s) => s.value));
  const [submitted, setSubmitted] = useState(false);
  const [codeNotes, setCodeNotes] = useState<string[]>([]);
  // the errors as last rendered, for the debounced check (its closure would otherwise see older ones)
  const shownErrors = useRef(form.errors);
  shownErrors.current = form.errors;
  const g = form.values.datiGenerali;
  const fisica = g.tipologiaPersona === 'FISICA';

  // ---- validation on every change, debounced (spec part 1 §4, §9) ----
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on value changes only
  useEffect(() => {
    const timer = setTimeout(() => {
      const values = form.getValues();
      const next = validatePatientValues(values, { mayLackCodiceFiscale });
      const shown = shownErrors.current;
      const editing = document.activeElement?.getAttribute('data-path');
      const errors: Record<string, ReactNode> = {};
      for (const [path, message] of Object.entries(next)) {
        // A message appears once the field has been visited (not while typing its first characters), stays
        // up to date while it is shown, and everywhere after a first attempt to save.
        if (submitted || path in shown || (form.isTouched(path) && path !== editing)) errors[path] = message;
      }
      form.setErrors({ ...errors, ...standingServerErrors(values) });
    }, formChangeDebounceMs);
    return () => clearTimeout(timer);
  }, [form.values]);

  // ---- fiscal code → sex, birth date, birthplace ----
  /** What the code (or the defaults of a new patient) put in the derived fields, so it can be replaced. */
  const filled = useRef<DerivedValues>(isNew ? { sesso: 'U', nazionalita: homeCountry } : {});
  /** The saved code's birthplace (catastral code), compared once the reference data are loaded for a new code. */
  const savedBirthplace = useRef<string | null>(null);
  const agreeWithSaved = (derived: DerivedValues) => {
    for (const field of derivedFields) {
      if (derived[field] !== undefined && derived[field] === initialValues.datiGenerali[field]) {
        filled.current[field] ??= derived[field];
      }
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the patient's code as loaded
  useEffect(() => {
    if (isNew) return;
    // An existing patient: the fields that agree with the saved code count as filled from it.
    const check = checkCodiceFiscale(initialValues.datiGenerali.codiceFiscale);
    if (!check.valid || initialValues.datiGenerali.tipologiaPersona !== 'FISICA') return;
    agreeWithSaved(birthDataOf(check));
    // the birthplace needs the comuni: compared when a new code is typed, which loads them (issue 17 item 11)
    savedBirthplace.current = check.belfiore;
  }, []);

  const derivedNow = (): Record<DerivedField, string> => {
    const now = form.getValues().datiGenerali;
    return {
      sesso: now.sesso,
      dataNascita: now.dataNascita,
      comuneNascita: now.comuneNascita,
      provinciaNascita: now.provinciaNascita,
      nazionalita: now.nazionalita,
    };
  };
  const applyFromCode = (derived: DerivedValues, force: DerivedValues = {}) => {
    const result = applyDerived(derivedNow(), derived, filled.current);
    filled.current = { ...result.filled, ...force };
    const changes = { ...result.changes, ...force };
    for (const [field, value] of Object.entries(changes)) form.setFieldValue(`datiGenerali.${field}`, value);
    return Object.keys(changes).length > 0;
  };

  /** Reads a personal code just typed (or read from a card) and fills what it tells. */
  const fillFromCode = (code: string, force: DerivedValues = {}) => {
    const check = checkCodiceFiscale(code);
    if (!check.valid) {
      setCodeNotes([]);
      if (Object.keys(force).length > 0) applyFromCode({}, force);
      return;
    }
    const notes: string[] = [];
    if (check.omocodia) notes.push(patientFormTexts.omocodia);
    if (check.centuryAmbiguous) notes.push(patientFormTexts.centuryAmbiguous(check.dataNascita));
    const changedNow = applyFromCode(birthDataOf(check), force);
    setCodeNotes(changedNow ? [patientFormTexts.filledFromCode, ...notes] : notes);
    void loadReference().then(
      (ref) => {
        // the code changed again meanwhile: that code's own fill wins
        if (form.getValues().datiGenerali.codiceFiscale.replace(/\s+/g, '').toUpperCase() !== check.code) return;
        if (savedBirthplace.current) {
          agreeWithSaved(birthplaceOf(ref, savedBirthplace.current));
          savedBirthplace.current = null;
        }
        const place = birthplaceOf(ref, check.belfiore);
        if (Object.keys(place).length === 0) {
          setCodeNotes((current) => [...current, patientFormTexts.unknownBirthplace(check.belfiore)]);
          return;
        }
        if (applyFromCode(place) && !changedNow) setCodeNotes([patientFormTexts.filledFromCode, ...notes]);
      },
      () => undefined,
    );
  };

  // ---- health-card reader (spec part 1 §4) ----
  useHealthCardReader((card: HealthCard) => {
    form.setFieldValue('datiGenerali.tipologiaPersona', 'FISICA');
    form.setFieldValue('datiGenerali.nome', titleCase(card.nome));
    form.setFieldValue('datiGenerali.cognome', titleCase(card.cognome));
    form.setFieldValue('datiGenerali.codiceFiscale', card.codiceFiscale);
    // the card's own reading of the birth date (its century rule differs from the form's, spec part 1 §5)
    fillFromCode(card.codiceFiscale, { sesso: card.sesso, dataNascita: card.dataNascita });
    setSections((open) => (open.includes('generali') ? open : [...open, 'generali']));
    showToast('SUCCESS', patientMessages.cardReadOk);
  });

  // ---- inputs ----
  const upperProps = (path: string) => {
    const props = form.getInputProps(path);
    return {
      ...props,
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => props.onChange(e.currentTarget.value.toUpperCase()),
    };
  };
  const codiceFiscaleProps = () => {
    const props = form.getInputProps('datiGenerali.codiceFiscale');
    return {
      ...props,
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
        // spaces of a code copied from a document ("RSS MRA 85T10 A562S") are dropped, letters upper-cased
        const code = e.currentTarget.value.replace(/\s+/g, '').toUpperCase();
        props.onChange(code);
        if (form.getValues().datiGenerali.tipologiaPersona === 'FISICA') fillFromCode(code);
      },
    };
  };
  const countryProps = () => {
    const props = form.getInputProps('datiGenerali.nazionalita');
    return {
      ...props,
      // the list of countries is fetched when first needed (issue 17 item 11)
      onFocus: (e: React.FocusEvent<HTMLInputElement>) => {
        loadCountries();
        props.onFocus?.(e);
      },
      onDropdownOpen: loadCountries,
    };
  };
  const dateProps = () => {
    const props = form.getInputProps('datiGenerali.dataNascita');
    return {
      ...props,
      onBlur: () => {
        const value = form.getValues().datiGenerali.dataNascita;
        const normalized = normalizeUiDate(value);
        if (normalized !== value) form.setFieldValue('datiGenerali.dataNascita', normalized);
        props.onBlur?.();
      },
    };
  };

  const countryOptions = useMemo(
    () =>
      reference
        ? reference.countries.map((c) => ({ value: c.codAlpha2, label: c.itName }))
        : [{ value: g.nazionalita, label: g.nazionalita === homeCountry ? 'Italia' : g.nazionalita }],
    [reference, g.nazionalita],
  );
  const comune = form.values.residenza.comune;
  // A comune with several CAPs (the cities): say which ones, since none can be filled in for the person.
  const capHint = useMemo(() => {
    const found = reference && comune.trim() ? reference.searchComuni(comune, 1)[0] : undefined;
    return found && found.nome.toLowerCase() === comune.trim().toLowerCase() && found.cap.length > 1
      ? `CAP di ${found.nome}: da ${found.cap[0]} a ${found.cap.at(-1)}`
      : undefined;
  }, [reference, comune]);

  const errorSections = new Set(Object.keys(form.errors).map(sectionOfPath));
  const openSectionsWithErrors = (errors: Record<string, unknown>) =>
    setSections((open) => [...new Set([...open, ...Object.keys(errors).map(sectionOfPath)])]);

  const submit = form.onSubmit(
    async (values) => {
      try {
        await onSubmit(formValuesToPatientInput(values));
        form.resetDirty(values);
      } catch (e) {
        applyServerFieldErrors(form, e);
        const fields = (e as { fields?: Record<string, string> }).fields ?? {};
        for (const [path, message] of Object.entries(fields)) {
          serverErrors.current.set(path, { value: valueAt(values, path), message });
        }
        openSectionsWithErrors(fields);
        focusFirstError();
      }
    },
    (errors) => {
      setSubmitted(true);
      openSectionsWithErrors(errors);
      focusFirstError();
    },
  );

  const sectionControl = (value: SectionValue, label: string) => (
    <Accordion.Control>
      <Group gap="xs" wrap="nowrap">
        <Text fw={600}>{label}</Text>
        {errorSections.has(value) && (
          <Badge
            color="red"
            variant="light"
            size="sm"
            tt="none"
            leftSection={<IconAlertCircle size={12} aria-hidden />}
          >
            {patientFormTexts.sectionHasErrors}
          </Badge>
        )}
      </Group>
    </Accordion.Control>
  );

  const cfNotes = [
    ...codeNotes,
    ...(fisica && g.nazionalita !== homeCountry ? [patientFormTexts.foreignWithoutCode] : []),
    ...(fisica && g.nazionalita === homeCountry && mayLackCodiceFiscale && !g.codiceFiscale
      ? [patientFormTexts.bookedWithoutCode]
      : []),
    ...(!fisica && !g.isPubblicaAmministrazione && g.nazionalita === homeCountry ? [patientFormTexts.companyCode] : []),
  ];
  const cfDescription = cfNotes.length > 0 ? cfNotes.join(' ') : undefined;

  return (
    <form onSubmit={submit} noValidate data-patient-form>
      <UnsavedChangesGuard dirty={form.isDirty()} saving={form.submitting} />
      <Stack gap="md">
        {/* card readers plug into a computer: on a phone the hint would only take room */}
        <Group gap="xs" wrap="nowrap" align="flex-start" visibleFrom="sm">
          <ThemeIcon variant="light" size="md" radius="xl" aria-hidden>
            <IconId size={16} />
          </ThemeIcon>
          <Text size="sm" c="dimmed">
            {patientFormTexts.cardReaderHint}
          </Text>
        </Group>

        <Accordion multiple value={sections} onChange={setSections} variant="separated" radius="md">
          <Accordion.Item value="generali">
            {sectionControl('generali', 'Generali')}
            <Accordion.Panel>
              <Stack gap="sm">
                <Radio.Group
                  label="Tipologia"
                  {...requiredGroup}
                  {...form.getInputProps('datiGenerali.tipologiaPersona')}
                >
                  <Group gap="lg" mt={6}>
                    <Radio value="FISICA" label={tipologiaLabels.FISICA} />
                    <Radio value="GIURIDICA" label={tipologiaLabels.GIURIDICA} />
                  </Group>
                </Radio.Group>
                {fisica ? (
                  <>
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                      <TextInput
                        label="Nome"
                        autoComplete="off"
                        {...requiredField}
                        {...form.getInputProps('datiGenerali.nome')}
                      />
                      <TextInput
                        label="Cognome"
                        autoComplete="off"
                        {...requiredField}
                        {...form.getInputProps('datiGenerali.cognome')}
                      />
                    </SimpleGrid>
                    <Radio.Group label="Sesso" {...form.getInputProps('datiGenerali.sesso')}>
                      <Group gap="lg" mt={6}>
                        <Radio value="U" label={sessoLabels.U} />
                        <Radio value="D" label={sessoLabels.D} />
                      </Group>
                    </Radio.Group>
                  </>
                ) : (
                  <>
                    <TextInput
                      label="Ragione sociale"
                      autoComplete="off"
                      {...requiredField}
                      {...form.getInputProps('datiGenerali.ragioneSociale')}
                    />
                    <Tooltip
                      label={patientMessages.pubblicaAmministrazioneTooltip}
                      position="top-start"
                      multiline
                      w={280}
                    >
                      <Box w="fit-content">
                        <Checkbox
                          label="Pubblica amministrazione"
                          description={
                            g.isPubblicaAmministrazione ? patientMessages.pubblicaAmministrazioneTooltip : undefined
                          }
                          {...form.getInputProps('datiGenerali.isPubblicaAmministrazione', { type: 'checkbox' })}
                        />
                      </Box>
                    </Tooltip>
                  </>
                )}
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput
                    label="Codice fiscale"
                    autoComplete="off"
                    spellCheck={false}
                    // room for a pasted code with spaces, which are then dropped
                    maxLength={24}
                    description={cfDescription}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    {...(g.nazionalita === homeCountry && !(fisica && mayLackCodiceFiscale) ? requiredField : {})}
                    {...codiceFiscaleProps()}
                  />
                  <TextInput
                    label="Partita IVA"
                    autoComplete="off"
                    spellCheck={false}
                    maxLength={30}
                    {...(!fisica && !g.isPubblicaAmministrazione && g.nazionalita === homeCountry ? requiredField : {})}
                    {...upperProps('datiGenerali.partitaIva')}
                  />
                </SimpleGrid>
                {fisica && (
                  // birth date, town and its province on one line: the province is two letters
                  <Grid gap="sm">
                    <Grid.Col span={{ base: 12, sm: 4 }}>
                      <TextInput
                        label="Data di nascita"
                        placeholder="GG-MM-AAAA"
                        inputMode="numeric"
                        autoComplete="off"
                        maxLength={10}
                        {...dateProps()}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 5 }}>
                      <ComuneAutocomplete
                        label="Comune di nascita"
                        {...form.getInputProps('datiGenerali.comuneNascita')}
                        value={g.comuneNascita}
                        onChange={(value) => form.setFieldValue('datiGenerali.comuneNascita', value)}
                        onComuneSelect={(comune) => {
                          form.setFieldValue('datiGenerali.provinciaNascita', comune.provincia);
                          form.setFieldValue('datiGenerali.nazionalita', homeCountry);
                        }}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 3 }}>
                      <TextInput
                        label="Provincia di nascita"
                        placeholder="Es. BO"
                        autoComplete="off"
                        maxLength={2}
                        {...upperProps('datiGenerali.provinciaNascita')}
                      />
                    </Grid.Col>
                  </Grid>
                )}
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <Select
                    label="Nazionalità"
                    data={countryOptions}
                    searchable
                    nothingFoundMessage="Nessun paese trovato"
                    {...countryProps()}
                  />
                  <TextInput
                    label="Codice destinatario"
                    autoComplete="off"
                    spellCheck={false}
                    maxLength={7}
                    description={patientFormTexts.codiceDestinatario}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    {...upperProps('datiGenerali.codiceDestinatario')}
                  />
                </SimpleGrid>
                <TagsInput
                  label="Etichette"
                  description="Per ritrovare e filtrare i pazienti (es. Sportivi, Convenzione)"
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  data={tagOptions.filter((t) => !form.values.tags.includes(t))}
                  clearable
                  acceptValueOnBlur
                  {...form.getInputProps('tags')}
                />
                <Textarea label="Note" autosize minRows={2} maxRows={8} {...form.getInputProps('datiGenerali.note')} />
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>

          <Accordion.Item value="contatti">
            {sectionControl('contatti', 'Contatti')}
            <Accordion.Panel>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <PhoneInput label="Cellulare" autoComplete="off" {...form.getInputProps('contatti.cellulare')} />
                <PhoneInput label="Telefono" autoComplete="off" {...form.getInputProps('contatti.telefono')} />
                <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('contatti.email')} />
                <TextInput label="PEC" type="email" autoComplete="off" {...form.getInputProps('contatti.pec')} />
              </SimpleGrid>
            </Accordion.Panel>
          </Accordion.Item>

          <Accordion.Item value="domicilio">
            {sectionControl('domicilio', 'Domicilio')}
            <Accordion.Panel>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label="Indirizzo"
                  placeholder="Via Roma 1"
                  autoComplete="off"
                  {...form.getInputProps('residenza.indirizzo')}
                />
                <ComuneAutocomplete
                  label="Comune"
                  {...form.getInputProps('residenza.comune')}
                  value={form.values.residenza.comune}
                  onChange={(value) => form.setFieldValue('residenza.comune', value)}
                  onComuneSelect={(comune) => {
                    form.setFieldValue('residenza.provincia', comune.provincia);
                    const cap = form.getValues().residenza.cap;
                    if (comune.cap.length === 1) form.setFieldValue('residenza.cap', comune.cap[0] as string);
                    else if (cap && !comune.cap.includes(cap)) form.setFieldValue('residenza.cap', '');
                  }}
                />
                <TextInput
                  label="CAP"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={5}
                  description={capHint}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  {...form.getInputProps('residenza.cap')}
                />
                <TextInput
                  label="Provincia"
                  placeholder="Es. BO"
                  autoComplete="off"
                  maxLength={2}
                  {...upperProps('residenza.provincia')}
                />
              </SimpleGrid>
            </Accordion.Panel>
          </Accordion.Item>

          <Accordion.Item value="sanitari">
            {sectionControl('sanitari', 'Dati sanitari')}
            <Accordion.Panel>
              <Stack gap="sm">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput
                    label="Numero tessera sanitaria"
                    autoComplete="off"
                    spellCheck={false}
                    maxLength={20}
                    {...upperProps('datiSanitari.numeroTesseraSanitaria')}
                  />
                  <TextInput
                    label="Documento d'identità"
                    placeholder="Es. Carta d'identità CA12345AB"
                    autoComplete="off"
                    {...form.getInputProps('datiSanitari.documentoIdentita')}
                  />
                </SimpleGrid>
                {fisica && (
                  <TsSwitch
                    {...form.getInputProps('datiSanitari.trasmissioneSistemaSanitario', { type: 'checkbox' })}
                  />
                )}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>

        {/* a long form: the buttons stay in reach at the bottom of the window */}
        <Group
          justify="flex-end"
          gap="sm"
          py="sm"
          style={{
            position: 'sticky',
            bottom: 0,
            zIndex: 2,
            background: 'var(--mantine-color-body)',
            borderTop: '1px solid var(--mantine-color-default-border)',
          }}
        >
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={loading}>
              Annulla
            </Button>
          )}
          <Button type="submit" loading={loading}>
            {typeof submitLabel === 'function' ? submitLabel(g.tipologiaPersona) : submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/**
 * spec part 1 §3 (trasmissioneSistemaSanitario, default true) and part 2 §5: switched off, the patient opposes
 * the transmission, and the form says so with the product's own badge.
 */
const TsSwitch = ({
  checked,
  onChange,
  ...rest
}: {
  checked?: boolean;
  onChange: (event: React.ChangeEvent<HTMLInputElement>) => void;
}) => (
  <Stack gap={6}>
    <Switch
      label="Trasmissione al Sistema TS"
      description={checked ? patientFormTexts.tsOn : patientFormTexts.tsOff}
      checked={Boolean(checked)}
      onChange={onChange}
      {...rest}
    />
    {!checked && (
      <Group gap={6}>
        <Badge color="orange" variant="light" tt="none" leftSection={<IconInfoCircle size={12} aria-hidden />}>
          {patientMessages.opponeTs}
        </Badge>
      </Group>
    )}
  </Stack>
);
