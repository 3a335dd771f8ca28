import { Button } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';

export const patientImportButtonText = 'Importa pazienti';

/**
 * "Importa pazienti" beside the patients list's exports. Only the button: the page keeps the dialog, since the button
 * moves (desktop toolbar, phone line under the title) and the dialog must not move with it.
 */
export const PatientImportButton = ({ compact = false, onClick }: { compact?: boolean; onClick: () => void }) => (
  <Button
    variant={compact ? 'subtle' : 'default'}
    size={compact ? 'compact-sm' : 'sm'}
    style={compact ? { alignSelf: 'flex-start' } : undefined}
    leftSection={<IconFileImport size={18} aria-hidden />}
    onClick={onClick}
  >
    {patientImportButtonText}
  </Button>
);
