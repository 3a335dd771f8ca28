import { Switch } from '@mantine/core';
import { useStudio } from '../api/get-studio.ts';
import { useUpdateStudioSecurity } from '../api/update-security.ts';

/** The owner's requirement that every staff member uses two-step verification. */
export const StudioSecuritySwitch = () => {
  const studio = useStudio();
  const update = useUpdateStudioSecurity();
  const checked = update.isPending
    ? Boolean(update.variables?.requireStaffTwoFactor)
    : Boolean(studio.data?.requireStaffTwoFactor);
  return (
    <Switch
      label="Richiedi la verifica in due passaggi allo staff"
      description="Chi non l'ha ancora attivata dovrà configurarla al prossimo accesso."
      checked={checked}
      disabled={!studio.data || update.isPending}
      onChange={(e) => update.mutate({ requireStaffTwoFactor: e.currentTarget.checked })}
    />
  );
};
