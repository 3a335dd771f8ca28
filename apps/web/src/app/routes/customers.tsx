import { can } from '@studiolo/domain/shared';
import { lazy, Suspense, useState } from 'react';
import { useCurrentUser } from '../../features/auth/api/get-user.ts';
import {
  AttachmentsExportButton,
  AttachmentsExportProgress,
  useAttachmentsExport,
} from '../../features/clinical/components/attachments-export.tsx';
import { PatientImportButton } from '../../features/patient-imports/components/patient-import-button.tsx';
import { PatientsList } from '../../features/patients/components/patients-list.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { studioRoleOf } from '../layout/access.ts';

// the patient import (issue 30 item 1) in a chunk of its own, fetched when first opened
const PatientImportDialog = lazy(async () => ({
  default: (await import('../../features/patient-imports/components/patient-import-dialog.tsx')).PatientImportDialog,
}));

/** /customers: the studio's patients (spec part 1 §2). Deleting, exporting and importing depend on the role. */
export const CustomersPage = () => {
  usePageTitle('Pazienti');
  const { data: user } = useCurrentUser();
  const files = useAttachmentsExport();
  // Held here, not by the button: the list draws its buttons in another place when the layout turns phone or desktop
  // (a window resized), and an import under way must not close with the button it was opened from.
  const [importing, setImporting] = useState(false);
  if (!user) return null;
  const role = studioRoleOf(user);
  // the files are clinical data: whoever may read them one by one may take them all (decision 030)
  const clinical = can(role, 'clinical:read');
  const importer = can(role, 'patient:write');
  return (
    <>
      <PatientsList
        canDelete={can(role, 'patient:delete')}
        canExport={can(role, 'export:run')}
        moreExports={
          clinical || importer
            ? ({ compact }) => (
                <>
                  {importer && <PatientImportButton compact={compact} onClick={() => setImporting(true)} />}
                  {clinical && (
                    <AttachmentsExportButton
                      compact={compact}
                      running={files.state.status === 'running'}
                      onClick={() => void files.start()}
                    />
                  )}
                </>
              )
            : undefined
        }
        moreExportsProgress={
          clinical ? <AttachmentsExportProgress state={files.state} onDismiss={files.dismiss} /> : null
        }
      />
      {importing && (
        <Suspense fallback={null}>
          <PatientImportDialog opened onClose={() => setImporting(false)} />
        </Suspense>
      )}
    </>
  );
};
