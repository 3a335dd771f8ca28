import '@mantine/tiptap/styles.css';
import { RichTextEditor } from '@mantine/tiptap';
import { type Editor, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';

/**
 * The template's rich text (tiptap and its toolbar). A module of its own that the editor page imports lazily:
 * tiptap and ProseMirror are about 100 kB gzip, so the title, the sharing choice and the page's frame show first
 * (issue 17 item 11). The editor instance is handed to the page with `onReady` (saving reads its HTML, the token
 * picker inserts into it).
 */
export const RichTextField = ({
  content,
  readOnly,
  labelId,
  onReady,
  onUpdate,
}: {
  content: string;
  readOnly: boolean;
  labelId: string;
  onReady: (editor: Editor | null) => void;
  onUpdate: (html: () => string) => void;
}) => {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false, code: false, codeBlock: false })],
    content,
    editable: !readOnly,
    immediatelyRender: true,
    editorProps: {
      attributes: { 'aria-labelledby': labelId, 'aria-multiline': 'true', role: 'textbox' },
    },
    shouldRerenderOnTransaction: false,
    onUpdate: ({ editor: e }) => onUpdate(() => e.getHTML()),
  });

  useEffect(() => {
    onReady(editor);
    return () => onReady(null);
  }, [editor, onReady]);

  return (
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
  );
};
