import '@mantine/tiptap/styles.css';
import { Alert, Button, Checkbox, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import {
  type FormTemplate,
  formTemplateTokens,
  formTemplateMessages as m,
  tokenText,
  unknownTokensIn,
} from '@studiolo/domain/forms';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useState } from 'react';
import { formTemplateTexts as t } from './form-template-texts.ts';

export type FormTemplateDraft = { title: string; content: string; sharedWithCommunity: boolean };

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
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false, code: false, codeBlock: false })],
    content: template?.content ?? '',
    editable: !readOnly,
    immediatelyRender: true,
    editorProps: {
      attributes: { 'aria-labelledby': 'form-template-content-label', 'aria-multiline': 'true', role: 'textbox' },
    },
    shouldRerenderOnTransaction: false,
    onUpdate: ({ editor: e }) => setUnknown((prev) => (prev.length ? unknownTokensIn(e.getHTML()) : prev)),
  });

  const insertToken = (token: string | null) => {
    if (!token || !editor) return;
    editor
      .chain()
      .focus()
      .insertContent(tokenText(token as (typeof formTemplateTokens)[number]['token']))
      .run();
  };

  const save = () => {
    const content = editor?.getHTML() ?? '';
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
        <RichTextEditor editor={editor} mt={4}>
          {!readOnly && (
            <RichTextEditor.Toolbar sticky stickyOffset={60}>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.Bold />
                <RichTextEditor.Italic />
                <RichTextEditor.Underline />
                <RichTextEditor.Strikethrough />
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.H2 />
                <RichTextEditor.H3 />
                <RichTextEditor.BulletList />
                <RichTextEditor.OrderedList />
                <RichTextEditor.Hr />
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.Undo />
                <RichTextEditor.Redo />
              </RichTextEditor.ControlsGroup>
            </RichTextEditor.Toolbar>
          )}
          <RichTextEditor.Content mih={320} />
        </RichTextEditor>
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
            <Button leftSection={<IconDeviceFloppy size={16} />} onClick={save} loading={saving}>
              {t.save}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
};
