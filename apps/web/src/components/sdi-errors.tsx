import { List, Stack, Text } from '@mantine/core';
import { einvoicingMessages as m } from '@studiolo/domain/einvoicing';
/** What the SDI refuses in a file, and what to change (the server's checks and the SDI's notifications). */
export type SdiErrore = { codice: string; descrizione: string; suggerimento: string };

/** spec part 2 §2, §8: 'Errori trovati' with code - description and 'Suggerimento'. */
export const SdiErrors = ({ errori }: { errori: readonly SdiErrore[] }) => (
  <Stack gap={4}>
    <Text fw={600} size="sm" c="red.9">
      {m.errorsFound}
    </Text>
    <List size="sm" spacing={6}>
      {errori.map((e) => (
        <List.Item key={`${e.codice} ${e.descrizione}`}>
          <Text size="sm" span fw={600}>
            {e.codice}
          </Text>
          <Text size="sm" span>
            {' - '}
            {e.descrizione}
          </Text>
          <Text size="sm" c="gray.7">
            Suggerimento: {e.suggerimento}
          </Text>
        </List.Item>
      ))}
    </List>
  </Stack>
);
