import type { Patient } from '@studiolo/domain/patients';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 20_000 });
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() }, Notifications: () => null }));

import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { PatientRemindersSwitch, patientRemindersTexts as t } from './patient-reminders-switch.tsx';

const patient = { id: '11111111-1111-4111-8111-111111111111', remindersOptOut: false } as Patient;
afterEach(() => vi.unstubAllGlobals());

describe('PatientRemindersSwitch', () => {
  it('saves the opt-out through its own route as soon as it is switched', async () => {
    const calls: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : null });
        return new Response(
          JSON.stringify({ code: 'SUCCESS', response: { pazienteId: patient.id, remindersOptOut: true } }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        );
      }),
    );
    const { user } = renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <PatientRemindersSwitch patient={patient} canEdit />
      </QueryClientProvider>,
    );
    const box = screen.getByRole('switch', { name: new RegExp(t.label, 'u') });
    expect((box as HTMLInputElement).checked).toBe(false);
    await user.click(box);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        url: expect.stringContaining(`/pazienti/${patient.id}/promemoria`),
        body: { remindersOptOut: true },
      }),
    );
  });

  it('is read-only without patient:write', () => {
    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <PatientRemindersSwitch patient={{ ...patient, remindersOptOut: true }} canEdit={false} />
      </QueryClientProvider>,
    );
    const box = screen.getByRole('switch', { name: new RegExp(t.label, 'u') }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(box.disabled).toBe(true);
  });
});
