import { lazy, Suspense } from 'react';
import { useLegalStatus } from '../api/legal-acceptances.ts';

// The dialog carries the documents' texts: loaded only for a user who has something to accept
const LegalAcceptanceDialog = lazy(async () => ({
  default: (await import('./legal-acceptance-dialog.tsx')).LegalAcceptanceDialog,
}));

/**
 * In the signed-in shell: when a document's version in force is not among those the user accepted (a new version, or
 * an account older than the documents), a dialog that cannot be dismissed shows it to accept (decision 043).
 */
export const LegalGate = ({ onSignOut }: { onSignOut: () => void }) => {
  const { data } = useLegalStatus();
  if (!data || data.pending.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <LegalAcceptanceDialog pending={data.pending} onSignOut={onSignOut} />
    </Suspense>
  );
};
