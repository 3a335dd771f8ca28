import { Alert, Button, Group, Loader, Stack, Title } from '@mantine/core';
import { duplicateTitle, type FormTemplate, formTemplateMessages as m } from '@studiolo/domain/forms';
import { can, formatUiDate } from '@studiolo/domain/shared';
import type { SignatureRequest } from '@studiolo/domain/signature';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DeleteConfirmDialog } from '../../components/delete-confirm-dialog.tsx';
import { useCurrentUser } from '../../features/auth/api/get-user.ts';
import { useDeleteFormTemplate } from '../../features/form-templates/api/delete-form-template.ts';
import { useGenerateFormTemplates } from '../../features/form-templates/api/generate-form-templates.ts';
import { useFormTemplates } from '../../features/form-templates/api/get-form-templates.ts';
import { useSaveFormTemplate } from '../../features/form-templates/api/save-form-template.ts';
import { ChoosePatientDialog } from '../../features/form-templates/components/choose-patient-dialog.tsx';
import { FormTemplatePreviewDialog } from '../../features/form-templates/components/form-template-preview-dialog.tsx';
import { formTemplateTexts as t } from '../../features/form-templates/components/form-template-texts.ts';
import { FormTemplatesTable } from '../../features/form-templates/components/form-templates-table.tsx';
import { getPatient } from '../../features/patients/api/get-patient.ts';
import { searchPatientsForDialog } from '../../features/patients/components/patient-options.ts';
import { useCreateSignature } from '../../features/signature/api/create-signature.ts';
import { SignatureLinkDialog } from '../../features/signature/components/signature-link-dialog.tsx';
import {
  type SignerContacts,
  VerifyContactsDialog,
} from '../../features/signature/components/verify-contacts-dialog.tsx';
import { saveBlob } from '../../lib/download.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { studioRoleOf } from '../layout/access.ts';

const emptyContacts: SignerContacts = { cellulare: '', email: '' };

export const editorPath = (id?: string) => `/modulistica-v2/form-template-editor${id ? `?id=${id}` : ''}`;

/**
 * /modulistica-v2: the studio's form templates and those other studios share (spec part 1 §2 form templates table,
 * preview and choose-patient dialogs). The patient search comes from the patients feature, composed here.
 */
export const ModulisticaPage = () => {
  usePageTitle(t.pageTitle);
  const navigate = useNavigate();
  const templates = useFormTemplates();
  const save = useSaveFormTemplate();
  const remove = useDeleteFormTemplate();
  const generate = useGenerateFormTemplates();
  const [preview, setPreview] = useState<FormTemplate | null>(null);
  const [toGenerate, setToGenerate] = useState<FormTemplate[]>([]);
  const [toDuplicate, setToDuplicate] = useState<FormTemplate | null>(null);
  const [toDelete, setToDelete] = useState<FormTemplate | null>(null);
  // Firma: choose the patient → "Verifica contatti" → POST /signature → the link dialog with its QR code
  const { data: user } = useCurrentUser();
  const canSign = user ? can(studioRoleOf(user), 'forms:write') && can(studioRoleOf(user), 'patient:read') : false;
  const createSignature = useCreateSignature();
  const [toSign, setToSign] = useState<FormTemplate[]>([]);
  const [signFor, setSignFor] = useState<{ pazienteId: string; contacts: SignerContacts } | null>(null);
  const [sent, setSent] = useState<SignatureRequest | null>(null);

  const choseSignPatient = async (result: { pazienteId?: string } | null) => {
    if (!result?.pazienteId) {
      setToSign([]);
      return;
    }
    const patient = await getPatient(result.pazienteId).catch(() => null);
    if (!patient) {
      setToSign([]);
      return;
    }
    setSignFor({
      pazienteId: result.pazienteId,
      contacts: { cellulare: patient.contatti.cellulare ?? '', email: patient.contatti.email ?? '' },
    });
  };

  const confirmContacts = (contacts: SignerContacts) => {
    if (!signFor) return;
    createSignature.mutate(
      {
        pazienteId: signFor.pazienteId,
        templateIds: toSign.map((x) => x.id),
        cellulare: contacts.cellulare,
        email: contacts.email || null,
      },
      {
        onSuccess: (request) => {
          setSignFor(null);
          setToSign([]);
          setSent(request);
        },
      },
    );
  };

  const all = templates.data ? [...templates.data.personalFormTemplates, ...templates.data.sharedFormTemplates] : [];

  const download = (result: { pazienteId?: string } | null) => {
    const chosen = toGenerate;
    setToGenerate([]);
    if (!result) return;
    generate.mutate(
      { templateIds: chosen.map((x) => x.id), ...result },
      { onSuccess: (file) => saveBlob(file.blob, file.fileName ?? 'modulo.pdf') },
    );
  };

  const duplicate = () => {
    const original = toDuplicate;
    if (!original) return;
    save.mutate(
      {
        title: duplicateTitle(original.title, formatUiDate(new Date())),
        content: original.content,
        sharedWithCommunity: false,
      },
      { onSettled: () => setToDuplicate(null) },
    );
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{t.pageTitle}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => navigate(editorPath())}>
          {t.newTemplate}
        </Button>
      </Group>
      {templates.isError && <Alert color="red">{t.loadFailed}</Alert>}
      {templates.isPending ? (
        <Loader size="sm" />
      ) : (
        <FormTemplatesTable
          templates={all}
          onOpen={setPreview}
          onEdit={(x) => navigate(editorPath(x.id))}
          onDuplicate={setToDuplicate}
          onGenerate={setToGenerate}
          {...(canSign ? { onSign: setToSign } : {})}
          onAdd={() => navigate(editorPath())}
        />
      )}
      <FormTemplatePreviewDialog
        template={preview}
        onClose={() => setPreview(null)}
        onEdit={(x) => navigate(editorPath(x.id))}
        onDelete={(x) => {
          setPreview(null);
          setToDelete(x);
        }}
        onGenerate={(x) => {
          setPreview(null);
          setToGenerate([x]);
        }}
      />
      <ChoosePatientDialog opened={toGenerate.length > 0} searchPatients={searchPatientsForDialog} onClose={download} />
      <ChoosePatientDialog
        opened={toSign.length > 0 && signFor === null}
        signing
        searchPatients={searchPatientsForDialog}
        onClose={choseSignPatient}
      />
      <VerifyContactsDialog
        opened={signFor !== null}
        initial={signFor?.contacts ?? emptyContacts}
        loading={createSignature.isPending}
        onCancel={() => {
          setSignFor(null);
          setToSign([]);
        }}
        onConfirm={confirmContacts}
      />
      <SignatureLinkDialog request={sent} onClose={() => setSent(null)} />
      <ConfirmDialog
        opened={toDuplicate !== null}
        message={m.duplicateQuestion}
        confirmLabel="Si"
        cancelLabel="Indietro"
        loading={save.isPending}
        onConfirm={duplicate}
        onCancel={() => setToDuplicate(null)}
      />
      <DeleteConfirmDialog
        opened={toDelete !== null}
        loading={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) })}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
};
