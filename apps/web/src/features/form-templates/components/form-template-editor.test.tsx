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

describe('FormTemplateEditor', () => {
  it('reports unknown tokens before saving and does not save', async () => {
    const onSave = vi.fn();
    const { user } = renderWithProviders(
      <FormTemplateEditor template={existing()} saving={false} onSave={onSave} onDuplicate={() => {}} />,
    );
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
    expect(screen.queryByRole('button', { name: 'Salva' })).toBeNull();
    expect(screen.getByText(/condiviso da un altro studio/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Duplica' }));
    expect(onDuplicate).toHaveBeenCalledWith(template);
  });
});
