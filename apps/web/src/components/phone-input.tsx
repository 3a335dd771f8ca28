import { TextInput, type TextInputProps } from '@mantine/core';
import { anagraficaMessages } from '@studiolo/domain/anagrafica';

/**
 * A phone field (cellulare, telefono): the spec's 'Numero non valido' as its error, and under it what a valid number
 * looks like, since our rule is stricter than the characters the spec lists (decision 012).
 */
export const PhoneInput = ({ error, ...props }: Omit<TextInputProps, 'type' | 'inputMode'>) => (
  <TextInput
    type="tel"
    inputMode="tel"
    error={error}
    description={error === anagraficaMessages.phoneInvalid ? anagraficaMessages.phoneExpected : undefined}
    inputWrapperOrder={['label', 'input', 'error', 'description']}
    {...props}
  />
);
