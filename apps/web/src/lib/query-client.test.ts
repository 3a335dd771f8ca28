import { afterEach, describe, expect, it, vi } from 'vitest';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

import { HttpError } from './http.ts';
import { createQueryClient } from './query-client.ts';

afterEach(() => show.mockReset());

describe('query client', () => {
  it('leaves a 503 to the caller: no "Errore" toast from the query or mutation cache (spec part 2 §8)', async () => {
    const client = createQueryClient();
    const unavailable = () => Promise.reject(new HttpError(503, 'In manutenzione'));
    await expect(client.fetchQuery({ queryKey: ['x'], queryFn: unavailable, retry: false })).rejects.toMatchObject({
      status: 503,
    });
    await expect(
      client.getMutationCache().build(client, { mutationFn: unavailable }).execute(undefined),
    ).rejects.toMatchObject({ status: 503 });
    expect(show).not.toHaveBeenCalled();
  });

  it('shows once a failure the http wrapper did not show', async () => {
    const client = createQueryClient();
    const error = new HttpError(404, 'Non trovato');
    await expect(
      client.fetchQuery({ queryKey: ['y'], queryFn: () => Promise.reject(error), retry: false }),
    ).rejects.toBe(error);
    expect(show).toHaveBeenCalledTimes(1);
    expect(show.mock.calls[0]?.[0]).toMatchObject({ message: 'Non trovato' });
  });
});
