import { can } from '@studiolo/domain/shared';
import { useCurrentUser } from '../../features/auth/api/get-user.ts';
import {
  AttachmentsExportButton,
  AttachmentsExportProgress,
  useAttachmentsExport,
} from '../../features/clinical/components/attachments-export.tsx';
import { PatientImportButton } from '../../features/patient-imports/components/patient-import-dialog.tsx';
import { PatientsList } from '../../features/patients/components/patients-list.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { studioRoleOf } from '../layout/access.ts';

/** /customers: the studio's patients (spec part 1 §2). Deleting and exporting depend on the role. */
export const CustomersPage = () => {
  usePageTitle('Pazienti');
  const { data: user } = useCurrentUser();
  const files = useAttachmentsExport();
  if (!user) return null;
  const role = studioRoleOf(user);
  // the files are clinical data: whoever may read them one by one may take them all (decision 030)
  const clinical = can(role, 'clinical:read');
  const importer = can(role, 'patient:write');
  return (
    <PatientsList
      canDelete={can(role, 'patient:delete')}
      canExport={can(role, 'export:run')}
      moreExports={
        clinical || importer
          ? ({ compact }) => (
              <>
                {importer && <PatientImportButton compact={compact} />}
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
  );
};
