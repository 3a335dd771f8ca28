import { Fieldset, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { requiredField } from '../../../lib/form.ts';

/** The studio's first service, offered by the on-boarding (issue 26 item 2): a new studio has one to choose. */
export type FirstServiceValues = { create: boolean; name: string; duration: number | ''; price: number | '' };

export const emptyFirstService = (): FirstServiceValues => ({ create: true, name: '', duration: 60, price: '' });

/** Texts of the fieldset (decision 003: not in the spec). */
export const firstServiceTexts = {
  legend: 'La tua prima prestazione',
  hint: 'La sceglierai negli appuntamenti: ne imposta durata e prezzo e la descrizione in fattura. Potrai aggiungerne altre da Impostazioni calendario.',
  create: 'Crea la mia prima prestazione',
  name: 'Nome della prestazione',
  nameHint: 'Se lo lasci vuoto, in base alla professione (es. "Seduta di fisioterapia")',
  duration: 'Durata (minuti)',
  price: 'Prezzo',
  priceRequired: 'Indica il prezzo, o togli la spunta per crearla più tardi',
  durationInvalid: 'Da 1 a 1440 minuti',
} as const;

export type FirstServiceErrors = Partial<Record<'price' | 'duration', string>>;

export const validateFirstService = (v: FirstServiceValues): FirstServiceErrors => {
  if (!v.create) return {};
  const errors: FirstServiceErrors = {};
  if (v.price === '' || v.price < 0) errors.price = firstServiceTexts.priceRequired;
  if (v.duration === '' || !Number.isInteger(v.duration) || v.duration < 1 || v.duration > 1440)
    errors.duration = firstServiceTexts.durationInvalid;
  return errors;
};

export const FirstServiceFieldset = ({
  value,
  onChange,
  errors,
}: {
  value: FirstServiceValues;
  onChange: (next: FirstServiceValues) => void;
  errors: FirstServiceErrors;
}) => (
  <Fieldset legend={firstServiceTexts.legend} variant="filled" radius="md">
    <Stack gap="sm">
      <Text size="xs" c="dimmed">
        {firstServiceTexts.hint}
      </Text>
      <Switch
        label={firstServiceTexts.create}
        checked={value.create}
        onChange={(e) => onChange({ ...value, create: e.currentTarget.checked })}
      />
      {value.create && (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label={firstServiceTexts.name}
            description={firstServiceTexts.nameHint}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            maxLength={200}
            value={value.name}
            onChange={(e) => onChange({ ...value, name: e.currentTarget.value })}
          />
          <NumberInput
            label={firstServiceTexts.duration}
            min={1}
            max={1440}
            allowDecimal={false}
            value={value.duration}
            onChange={(n) => onChange({ ...value, duration: typeof n === 'number' ? n : '' })}
            error={errors.duration}
          />
          <NumberInput
            label={firstServiceTexts.price}
            leftSection="€"
            decimalSeparator=","
            thousandSeparator="."
            decimalScale={2}
            min={0}
            max={999999}
            value={value.price}
            onChange={(n) => onChange({ ...value, price: typeof n === 'number' ? n : '' })}
            error={errors.price}
            {...requiredField}
          />
        </SimpleGrid>
      )}
    </Stack>
  </Fieldset>
);
