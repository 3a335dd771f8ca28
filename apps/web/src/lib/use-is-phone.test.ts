import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { desktopWidth, phoneWidth, stubScreenWidth } from '../components/testing/screen-width.ts';
import { isMobileUserAgent, useIsPhone } from './use-is-phone.ts';

const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const android =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const desktop =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

afterEach(() => vi.unstubAllGlobals());

describe('mobile (spec part 1 §9: a screen under 768 px or a mobile user agent)', () => {
  it('recognises phones and tablets by their user agent, not a desktop browser', () => {
    expect(isMobileUserAgent({ userAgent: iphone })).toBe(true);
    expect(isMobileUserAgent({ userAgent: android })).toBe(true);
    expect(isMobileUserAgent({ userAgent: desktop })).toBe(false);
    expect(isMobileUserAgent({ userAgent: desktop, userAgentData: { mobile: true } })).toBe(true);
  });

  it('is mobile on a wide screen when the user agent is a phone’s', () => {
    stubScreenWidth(desktopWidth);
    vi.stubGlobal('navigator', { userAgent: android });
    expect(renderHook(() => useIsPhone()).result.current).toBe(true);
  });

  it('is mobile on a narrow screen, and not on a wide desktop one', () => {
    vi.stubGlobal('navigator', { userAgent: desktop });
    stubScreenWidth(phoneWidth);
    expect(renderHook(() => useIsPhone()).result.current).toBe(true);
    stubScreenWidth(desktopWidth);
    expect(renderHook(() => useIsPhone()).result.current).toBe(false);
  });
});
