import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, okPageBytes } from './envelope.ts';

const patient = (n: number) => ({
  id: `p${n}`,
  displayName: n % 2 ? `Niccolò D’Annunzio ${n}` : `Zoë "Ünal" \\ ${n} 👩‍⚕️`,
  contatti: { email: null, telefono: '+39 055 123' },
  tags: ['Lombalgia', 'Più sedute'],
});
const pageOf = (content: object[]) => ({
  content,
  totalElements: 1_234,
  totalPages: 50,
  page: 0,
  size: 25,
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('okPageBytes', () => {
  it('sends the very bytes of ok(page), whatever the page holds', () => {
    for (const content of [[], [patient(1)], Array.from({ length: 25 }, (_, i) => patient(i))]) {
      const page = pageOf(content);
      expect(okPageBytes(page).toString('utf8')).toBe(JSON.stringify(ok(page)));
    }
    expect(okPageBytes({ content: [patient(1)] }).toString('utf8')).toBe(JSON.stringify(ok({ content: [patient(1)] })));
  });

  it('makes a row’s JSON once, however many pages send it', () => {
    const rows = Array.from({ length: 3 }, (_, i) => patient(i));
    const stringify = vi.spyOn(JSON, 'stringify');
    okPageBytes(pageOf(rows));
    const first = stringify.mock.calls.length;
    okPageBytes(pageOf(rows));
    okPageBytes(pageOf([rows[2] as object, rows[0] as object]));
    // one call per row the first time (and one for the page's counts each time)
    expect(first).toBe(4);
    expect(stringify.mock.calls.length).toBe(first + 2);
  });
});
