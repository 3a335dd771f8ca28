import { SimpleGrid, TextInput } from '@mantine/core';
import { TitledPanel } from '../../../../components/titled-panel.tsx';
import { documentFormTexts as t } from './document-form.texts.ts';
import type { DocumentFormApi } from './general-section.tsx';

/** spec part 2 §2 bank details panel; the IBAN is checked by the domain (isValidIban → 'IBAN non valido'). */
export const BankPanel = ({ form }: { form: DocumentFormApi }) => {
  const upper = (path: 'coordinateBancarie.iban' | 'coordinateBancarie.bicSwift') => {
    const props = form.getInputProps(path);
    return {
      ...props,
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => props.onChange(e.currentTarget.value.toUpperCase()),
    };
  };
  return (
    <TitledPanel title={t.bankPanel} description={t.bankDescription}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t.holder}
          maxLength={200}
          autoComplete="off"
          {...form.getInputProps('coordinateBancarie.intestatario')}
        />
        <TextInput
          label={t.bank}
          maxLength={200}
          autoComplete="off"
          {...form.getInputProps('coordinateBancarie.nomeBanca')}
        />
        <TextInput
          label={t.iban}
          maxLength={42}
          autoComplete="off"
          spellCheck={false}
          {...upper('coordinateBancarie.iban')}
        />
        <TextInput
          label={t.bic}
          maxLength={11}
          autoComplete="off"
          spellCheck={false}
          {...upper('coordinateBancarie.bicSwift')}
        />
      </SimpleGrid>
    </TitledPanel>
  );
};
