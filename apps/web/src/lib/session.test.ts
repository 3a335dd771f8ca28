import { afterEach, describe, expect, it, vi } from 'vitest';
import { safeReturnUrl, setStoredUser, signOut } from './session.ts';

describe('safeReturnUrl', () => {
  it('keeps a path of the app with its query and fragment', () => {
    expect(safeReturnUrl('/customers?page=2#top')).toBe('/customers?page=2#top');
    expect(safeReturnUrl('/invito?token=abc')).toBe('/invito?token=abc');
  });

  it('refuses another site, also when a tab or a line feed hides the second slash (issue 25 item 11)', () => {
    // what URLSearchParams gives for returnUrl=/%09/evil.example and returnUrl=/%0A/evil.example
    for (const value of ['/\t/evil.example', '/\n/evil.example', '/\r/evil.example', '/\t\\evil.example'])
      expect(safeReturnUrl(value)).toBe('/customers');
    expect(safeReturnUrl(new URLSearchParams('returnUrl=/%09/evil.example').get('returnUrl'))).toBe('/customers');
    for (const value of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', ''])
      expect(safeReturnUrl(value)).toBe('/customers');
    expect(safeReturnUrl(null)).toBe('/customers');
  });
});

describe('signOut', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('revokes the session on the server with the token it forgets (issue 25 item 10)', () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    setStoredUser({ token: 'token-del-dispositivo', username: 'giulia@example.it' });
    signOut();
    expect(fetchMock).toHaveBeenCalledWith(
      '/app/api/user/logout',
      expect.objectContaining({ method: 'POST', headers: { Authorization: 'Bearer token-del-dispositivo' } }),
    );
  });
});
