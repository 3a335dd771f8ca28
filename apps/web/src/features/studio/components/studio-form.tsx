import { Button, Fieldset, Group, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  type RegimeFiscale,
  regimeFiscaleLabels,
  regimiFiscali,
  type Studio,
  type StudioInput,
  studioInputSchema,
  type TipologiaPersona,
} from '@studiolo/domain/studio';
import type { ReactNode } from 'react';
import { applyServerFieldErrors, requiredField, requiredGroup } from '../../../lib/form.ts';

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

/** Long form: bring the first wrong field into view (after React has rendered the errors). */
const focusFirstError = () =>
  requestAnimationFrame(() => {
    const el = document.querySelector<HTMLElement>('form [aria-invalid="true"]');
    el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    el?.focus({ preventScroll: true });
  });

const resolveStudio = schemaResolver(studioInputSchema, { sync: true });

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
    validate: (values) => resolveStudio(formValuesToStudioInput(values)),
    validateInputOnBlur: true,
  });
  const fisica = form.values.tipologiaPersona === 'FISICA';
  const upperProps = (path: string) => {
    const props = form.getInputProps(path);
    return { ...props, onChange: (e: React.ChangeEvent<HTMLInputElement>) => props.onChange(upper(e)) };
  };

  const submit = form.onSubmit(
    async (values) => {
      try {
        await onSubmit(formValuesToStudioInput(values));
        form.resetDirty();
      } catch (e) {
        applyServerFieldErrors(form, e, serverFieldPrefix);
        focusFirstError();
      }
    },
    () => focusFirstError(),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Fieldset legend="Dati generali" disabled={readOnly} variant="filled" radius="md">
          <Stack gap="sm">
            <Radio.Group label="Tipologia" {...requiredGroup} {...form.getInputProps('tipologiaPersona')}>
              <Group gap="lg" mt={6}>
                <Radio value="FISICA" label="Persona fisica" />
                <Radio value="GIURIDICA" label="Persona giuridica" />
              </Group>
            </Radio.Group>
            {fisica ? (
              <>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput
                    label="Nome"
                    autoComplete="given-name"
                    {...requiredField}
                    {...form.getInputProps('nome')}
                  />
                  <TextInput
                    label="Cognome"
                    autoComplete="family-name"
                    {...requiredField}
                    {...form.getInputProps('cognome')}
                  />
                </SimpleGrid>
                <Radio.Group label="Sesso" {...form.getInputProps('sesso')}>
                  <Group gap="lg" mt={6}>
                    <Radio value="U" label="Uomo" />
                    <Radio value="D" label="Donna" />
                  </Group>
                </Radio.Group>
              </>
            ) : (
              <TextInput
                label="Ragione sociale"
                autoComplete="organization"
                {...requiredField}
                {...form.getInputProps('ragioneSociale')}
              />
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label="Codice fiscale"
                autoComplete="off"
                maxLength={16}
                {...requiredField}
                {...upperProps('codiceFiscale')}
              />
              <TextInput
                label="Partita IVA"
                inputMode="numeric"
                autoComplete="off"
                maxLength={11}
                {...requiredField}
                {...form.getInputProps('partitaIva')}
              />
              <TextInput label="Professione" placeholder="Es. Fisioterapista" {...form.getInputProps('professione')} />
              <TextInput
                label="Iscrizione all'albo"
                placeholder="Es. Albo dei Fisioterapisti di Milano n. 1234"
                {...form.getInputProps('iscrizioneAlbo')}
              />
            </SimpleGrid>
            <Select
              label="Regime fiscale"
              data={regimeFiscaleOptions}
              searchable
              nothingFoundMessage="Nessun regime trovato"
              {...requiredField}
              {...form.getInputProps('tassazione.regimeFiscale')}
            />
          </Stack>
        </Fieldset>

        <Fieldset legend="Contatti" disabled={readOnly} variant="filled" radius="md">
          <Stack gap="sm">
            <Text size="xs" c="dimmed">
              Servono un'email e almeno un numero di telefono.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label="Email"
                type="email"
                autoComplete="email"
                {...requiredField}
                {...form.getInputProps('contatti.email')}
              />
              <TextInput label="PEC" type="email" autoComplete="off" {...form.getInputProps('contatti.pec')} />
              <TextInput
                label="Cellulare"
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                {...form.getInputProps('contatti.cellulare')}
              />
              <TextInput
                label="Telefono"
                type="tel"
                inputMode="tel"
                autoComplete="off"
                {...form.getInputProps('contatti.telefono')}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Fieldset legend="Sede dello studio" disabled={readOnly} variant="filled" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Indirizzo"
              autoComplete="street-address"
              placeholder="Via Roma 1"
              {...form.getInputProps('residenza.indirizzo')}
            />
            <TextInput label="Comune" autoComplete="address-level2" {...form.getInputProps('residenza.comune')} />
            <TextInput
              label="CAP"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              {...form.getInputProps('residenza.cap')}
            />
            <TextInput
              label="Provincia"
              placeholder="Es. MI"
              maxLength={2}
              autoComplete="off"
              {...upperProps('residenza.provincia')}
            />
          </SimpleGrid>
        </Fieldset>

        {withBankDetails && (
          <Fieldset legend="Coordinate bancarie" disabled={readOnly} variant="filled" radius="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label="Intestatario" {...form.getInputProps('coordinateBancarie.intestatario')} />
              <TextInput label="Banca" {...form.getInputProps('coordinateBancarie.nomeBanca')} />
              <TextInput label="IBAN" autoComplete="off" {...upperProps('coordinateBancarie.iban')} />
              <TextInput label="BIC/SWIFT" autoComplete="off" {...upperProps('coordinateBancarie.bicSwift')} />
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
