import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

const imported = vi.hoisted(() => ({ count: 0 }));
vi.mock('@studiolo/domain/reference', () => {
  imported.count += 1;
  return { countries: [{ codAlpha2: 'FR', itName: 'Francia' }], searchComuni: () => [] };
});

import { loadReference, useReference } from './reference.ts';

describe('reference data (comuni, countries)', () => {
  it('is not fetched when a form mounts, only when a field first asks, and then reaches every field', async () => {
    const comune = renderHook(() => useReference());
    const nationality = renderHook(() => useReference());
    await act(() => new Promise((r) => setTimeout(r, 20)));
    // issue 17 item 11: the ≈ 139 kB gzip chunk is not paid before the user reaches a field that needs it
    expect(imported.count).toBe(0);
    expect(comune.result.current.reference).toBeNull();

    // a typed fiscal code loads them directly (patient-form's fillFromCode), not through a field's `load`
    await act(() => loadReference());
    await waitFor(() => expect(comune.result.current.reference).not.toBeNull());
    await waitFor(() => expect(nationality.result.current.reference).not.toBeNull());
    expect(imported.count).toBe(1);
    act(() => nationality.result.current.load());
    expect(imported.count).toBe(1);
    expect(renderHook(() => useReference()).result.current.reference?.countries[0]?.itName).toBe('Francia');
  });
});
