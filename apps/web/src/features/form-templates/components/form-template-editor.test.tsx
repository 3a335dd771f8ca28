import type { FormTemplate } from '@studiolo/domain/forms';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { FormTemplateEditor } from './form-template-editor.tsx';

const existing = (extra: Partial<FormTemplate> = {}): FormTemplate => ({
  id: 'b0000000-0000-4000-8000-000000000002',
  studioId: 'a0000000-0000-4000-8000-000000000001',
  title: 'Consenso',
  content: '<p>Io {{paziente.nomeCompleto}} e {{paziente.iban}}</p>',
  sharedWithCommunity: false,
  updatedAt: '2026-11-25T08:00:00.000Z',
  readOnly: false,
  ...extra,
});

/** The rich text is a lazy chunk (issue 17 item 11): its textbox appears once fetched. */
const editorLoaded = () => screen.findByRole('textbox', { name: 'Testo del modulo' });

describe('FormTemplateEditor', () => {
  it('shows the page before the rich-text editor is fetched, and saves only once it is there', async () => {
    const onSave = vi.fn();
    const { user } = renderWithProviders(
      <FormTemplateEditor
        template={existing({ content: '<p>Testo</p>' })}
        saving={false}
        onSave={onSave}
        onDuplicate={() => {}}
      />,
    );
    expect((screen.getByRole('textbox', { name: /Titolo/ }) as HTMLInputElement).value).toBe('Consenso');
    expect(screen.getByLabelText('Caricamento dell’editor del testo')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Salva' }) as HTMLButtonElement).disabled).toBe(true);
    expect((await editorLoaded()).textContent).toBe('Testo');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(onSave).toHaveBeenCalledWith({ title: 'Consenso', content: '<p>Testo</p>', sharedWithCommunity: false });
  });

  it('reports unknown tokens before saving and does not save', async () => {
    const onSave = vi.fn();
    const { user } = renderWithProviders(
      <FormTemplateEditor template={existing()} saving={false} onSave={onSave} onDuplicate={() => {}} />,
    );
    await editorLoaded();
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(screen.getByRole('alert').textContent).toContain('Segnaposto sconosciuto: {{paziente.iban}}');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('requires a title and saves the title, the HTML and the sharing choice', async () => {
    const onSave = vi.fn();
    const { user } = renderWithProviders(
      <FormTemplateEditor
        template={existing({ title: '', content: '<p>Io {{paziente.nome}}</p>' })}
        saving={false}
        onSave={onSave}
        onDuplicate={() => {}}
      />,
    );
    await editorLoaded();
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(screen.getByText('Campo obbligatorio')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: /Titolo/ }), 'Privacy');
    await user.click(screen.getByRole('checkbox', { name: /Condividi con gli altri studi/ }));
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(onSave).toHaveBeenCalledWith({
      title: 'Privacy',
      content: '<p>Io {{paziente.nome}}</p>',
      sharedWithCommunity: true,
    });
  });

  it("shows another studio's shared template read-only, offering to duplicate it", async () => {
    const onDuplicate = vi.fn();
    const template = existing({ readOnly: true, content: '<p>Testo</p>' });
    const { user } = renderWithProviders(
      <FormTemplateEditor template={template} saving={false} onSave={() => {}} onDuplicate={onDuplicate} />,
    );
    expect((await editorLoaded()).getAttribute('contenteditable')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Salva' })).toBeNull();
    expect(screen.getByText(/condiviso da un altro studio/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Duplica' }));
    expect(onDuplicate).toHaveBeenCalledWith(template);
  });
});
