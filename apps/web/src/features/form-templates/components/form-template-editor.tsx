import { Alert, Button, Center, Checkbox, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  type FormTemplate,
  formTemplateTokens,
  formTemplateMessages as m,
  tokenText,
  unknownTokensIn,
} from '@studiolo/domain/forms';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { Editor } from '@tiptap/react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { formTemplateTexts as t } from './form-template-texts.ts';

export type FormTemplateDraft = { title: string; content: string; sharedWithCommunity: boolean };

// the rich text (tiptap) is fetched after the page's first screen (issue 17 item 11)
const RichTextField = lazy(() =>
  import('./rich-text-field.tsx').then(({ RichTextField }) => ({ default: RichTextField })),
);

const tokenOptions = formTemplateTokens.map((x) => ({ value: x.token, label: x.label }));

/**
 * The form-template editor: title, rich text with a token picker, community sharing. Unknown tokens are reported
 * before saving (the server refuses them too); another studio's shared template is shown read-only.
 */
export const FormTemplateEditor = ({
  template,
  saving,
  onSave,
  onDuplicate,
}: {
  template: FormTemplate | null;
  saving: boolean;
  onSave: (draft: FormTemplateDraft) => void;
  onDuplicate: (template: FormTemplate) => void;
}) => {
  const readOnly = template?.readOnly ?? false;
  const [title, setTitle] = useState(template?.title ?? '');
  const [shared, setShared] = useState(template?.sharedWithCommunity ?? false);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [unknown, setUnknown] = useState<string[]>([]);
  // null until the lazy rich-text field has loaded: saving waits for it (the content would otherwise be lost)
  const [editor, setEditor] = useState<Editor | null>(null);
  const onUpdate = useCallback(
    (html: () => string) => setUnknown((prev) => (prev.length ? unknownTokensIn(html()) : prev)),
    [],
  );

  const insertToken = (token: string | null) => {
    if (!token || !editor) return;
    editor
      .chain()
      .focus()
      .insertContent(tokenText(token as (typeof formTemplateTokens)[number]['token']))
      .run();
  };

  const save = () => {
    if (!editor) return;
    const content = editor.getHTML();
    const missingTitle = title.trim() === '';
    const found = unknownTokensIn(content);
    setTitleError(missingTitle ? m.titleRequired : null);
    setUnknown(found);
    if (missingTitle || found.length > 0) return;
    onSave({ title: title.trim(), content, sharedWithCommunity: shared });
  };

  return (
    <Stack gap="md">
      {readOnly && (
        <Alert color="blue">
          <Group justify="space-between" gap="sm">
            {t.readOnlyNotice}
            {template && (
              <Button size="xs" variant="light" onClick={() => onDuplicate(template)}>
                {t.duplicate}
              </Button>
            )}
          </Group>
        </Alert>
      )}
      <TextInput
        label={t.titleLabel}
        required
        value={title}
        readOnly={readOnly}
        error={titleError}
        onChange={(e) => setTitle(e.currentTarget.value)}
        maxLength={200}
      />
      {!readOnly && (
        <Select
          label={t.tokenPicker}
          placeholder={t.tokenPickerPlaceholder}
          data={tokenOptions}
          value={null}
          onChange={insertToken}
          searchable
          w={{ base: '100%', sm: 360 }}
        />
      )}
      <div>
        <Text size="sm" fw={500} id="form-template-content-label">
          {t.contentLabel}
        </Text>
        <Suspense
          fallback={
            <Center
              role="status"
              aria-label={t.editorLoading}
              mih={320}
              mt={4}
              style={{
                border: '1px solid var(--mantine-color-default-border)',
                borderRadius: 'var(--mantine-radius-sm)',
              }}
            >
              <Loader size="sm" />
            </Center>
          }
        >
          <RichTextField
            content={template?.content ?? ''}
            readOnly={readOnly}
            labelId="form-template-content-label"
            onReady={setEditor}
            onUpdate={onUpdate}
          />
        </Suspense>
      </div>
      {unknown.length > 0 && (
        <Alert color="red" title={t.unknownTokensTitle} role="alert">
          {m.unknownTokens(unknown)}
        </Alert>
      )}
      {!readOnly && (
        <>
          <Checkbox
            label={t.shareLabel}
            description={t.shareDescription}
            checked={shared}
            onChange={(e) => setShared(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button leftSection={<IconDeviceFloppy size={16} />} onClick={save} loading={saving} disabled={!editor}>
              {t.save}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
};
