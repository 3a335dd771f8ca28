import { Alert, Loader, Stack, Title } from '@mantine/core';
import { duplicateTitle, type FormTemplate } from '@studiolo/domain/forms';
import { formatUiDate } from '@studiolo/domain/shared';
import { useNavigate, useSearchParams } from 'react-router';
import { BackLink } from '../../components/back-link.tsx';
import { useFormTemplate } from '../../features/form-templates/api/get-form-template.ts';
import { useSaveFormTemplate } from '../../features/form-templates/api/save-form-template.ts';
import { FormTemplateEditor } from '../../features/form-templates/components/form-template-editor.tsx';
import { formTemplateTexts as t } from '../../features/form-templates/components/form-template-texts.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /modulistica-v2/form-template-editor?id= (spec part 1 §2): a new template without id, else the one with it. */
export const FormTemplateEditorPage = () => {
  const [params] = useSearchParams();
  const id = params.get('id');
  const navigate = useNavigate();
  const template = useFormTemplate(id);
  const save = useSaveFormTemplate();
  const heading = !id ? t.editorTitleNew : template.data?.readOnly ? t.editorTitleRead : t.editorTitleEdit;
  usePageTitle(heading);

  const duplicate = (original: FormTemplate) =>
    save.mutate(
      { title: duplicateTitle(original.title, formatUiDate(new Date())), content: original.content },
      { onSuccess: (copy) => navigate(`/modulistica-v2/form-template-editor?id=${copy.id}`, { replace: true }) },
    );

  return (
    <Stack gap="lg">
      <BackLink to="/modulistica-v2">{t.back}</BackLink>
      <Title order={1}>{heading}</Title>
      {id && template.isError && <Alert color="red">{t.loadFailed}</Alert>}
      {id && template.isPending ? (
        <Loader size="sm" />
      ) : (
        (!id || template.data) && (
          <FormTemplateEditor
            key={`${template.data?.id ?? 'new'}-${template.data?.updatedAt ?? ''}`}
            template={template.data ?? null}
            saving={save.isPending}
            onDuplicate={duplicate}
            onSave={(draft) =>
              save.mutate({ ...draft, ...(id && { id }) }, { onSuccess: () => navigate('/modulistica-v2') })
            }
          />
        )
      )}
    </Stack>
  );
};
