import { MantineProvider, TextInput } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { UnsavedChangesGuard } from './unsaved-changes-guard.tsx';

const FormPage = () => {
  const [value, setValue] = useState('');
  return (
    <>
      <TextInput label="Nome" value={value} onChange={(e) => setValue(e.currentTarget.value)} />
      <Link to="/altrove">Vai altrove</Link>
      <UnsavedChangesGuard dirty={value !== ''} />
    </>
  );
};

const renderApp = () => {
  const router = createMemoryRouter([
    { path: '/', element: <FormPage /> },
    { path: '/altrove', element: <h1>Altra pagina</h1> },
  ]);
  render(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return { router, user: userEvent.setup() };
};

describe('UnsavedChangesGuard (issue 26 item 7)', () => {
  it('leaves at once when nothing was changed', async () => {
    const { user } = renderApp();
    await user.click(screen.getByRole('link', { name: 'Vai altrove' }));
    expect(await screen.findByRole('heading', { name: 'Altra pagina' })).toBeTruthy();
  });

  it('asks before leaving a changed form; "Resta" keeps it, "Esci senza salvare" leaves', async () => {
    const { user } = renderApp();
    await user.type(screen.getByLabelText('Nome'), 'Mario');
    await user.click(screen.getByRole('link', { name: 'Vai altrove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifiche non salvate' });
    expect(dialog.textContent).toMatch(/Hai modifiche non salvate/);
    await user.click(screen.getByRole('button', { name: 'Resta' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByLabelText('Nome') as HTMLInputElement).value).toBe('Mario');

    await user.click(screen.getByRole('link', { name: 'Vai altrove' }));
    await user.click(await screen.findByRole('button', { name: 'Esci senza salvare' }));
    expect(await screen.findByRole('heading', { name: 'Altra pagina' })).toBeTruthy();
  });

  it('asks the browser to confirm closing or reloading the tab while changed', async () => {
    const { user } = renderApp();
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    await user.type(screen.getByLabelText('Nome'), 'Mario');
    const changed = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(changed);
    expect(changed.defaultPrevented).toBe(true);
  });
});
