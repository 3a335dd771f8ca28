import { useSyncExternalStore } from 'react';

/** The signed-in user as kept in local storage under one fixed key (spec part 2 §9). */
export type StoredUser = { token: string; username: string };
/** Support mode data, kept only for the browser session (spec part 1 §3, §4). */
export type SupportMode = { email: string; secret: string };

export const userStorageKey = 'studiolo.user';
export const supportStorageKey = 'studiolo.support';

type Listener = () => void;
const listeners = new Set<Listener>();
const emit = () => {
  for (const l of listeners) l();
};
const subscribe = (l: Listener) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

// spec part 1 §8: unreadable local storage is logged and yields null.
const read = <T>(storage: () => Storage, key: string, valid: (v: unknown) => v is T): T | null => {
  try {
    const raw = storage().getItem(key);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return valid(parsed) ? parsed : null;
  } catch (err) {
    console.error(`Impossibile leggere ${key}`, err);
    return null;
  }
};
const write = (storage: () => Storage, key: string, value: unknown) => {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, JSON.stringify(value));
  } catch (err) {
    console.error(`Impossibile salvare ${key}`, err);
  }
};

const isStoredUser = (v: unknown): v is StoredUser =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as StoredUser).token === 'string' &&
  typeof (v as StoredUser).username === 'string';
const isSupportMode = (v: unknown): v is SupportMode =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as SupportMode).email === 'string' &&
  typeof (v as SupportMode).secret === 'string';

// Snapshots are cached so useSyncExternalStore sees stable references between changes.
let userSnapshot: StoredUser | null | undefined;
let supportSnapshot: SupportMode | null | undefined;

export const getStoredUser = (): StoredUser | null => {
  if (userSnapshot === undefined) userSnapshot = read(() => localStorage, userStorageKey, isStoredUser);
  return userSnapshot;
};
export const getToken = (): string | null => getStoredUser()?.token ?? null;

// Set when the user chose to sign out, so the guard sends them to a plain /signIn (no returnUrl).
let signedOutByUser = false;

export const setStoredUser = (user: StoredUser | null) => {
  if (user) signedOutByUser = false;
  write(() => localStorage, userStorageKey, user);
  userSnapshot = user;
  emit();
};

export const getSupportMode = (): SupportMode | null => {
  if (supportSnapshot === undefined) supportSnapshot = read(() => sessionStorage, supportStorageKey, isSupportMode);
  return supportSnapshot;
};
export const setSupportMode = (mode: SupportMode | null) => {
  write(() => sessionStorage, supportStorageKey, mode);
  supportSnapshot = mode;
  emit();
};

const signOutListeners = new Set<Listener>();
/** Registers work to do on sign-out (the query cache is cleared this way). */
export const onSignOut = (l: Listener) => {
  signOutListeners.add(l);
  return () => signOutListeners.delete(l);
};

/** Forgets the token and support mode and tells whoever keeps user data to drop it. */
export const clearSession = () => {
  setStoredUser(null);
  setSupportMode(null);
  for (const l of signOutListeners) l();
};

/**
 * Revokes the token's session on the server (issue 25 item 10), without waiting: the device forgets the token at
 * once whatever the answer (an already revoked session answers 401, which is fine).
 */
const revokeOnServer = (token: string | null) => {
  if (!token || typeof fetch === 'undefined') return;
  void fetch('/app/api/user/logout', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    keepalive: true,
  }).catch(() => undefined);
};

/** The user's own sign-out: the session ends on the server and the guarded pages go to /signIn without returnUrl. */
export const signOut = () => {
  revokeOnServer(getToken());
  signedOutByUser = true;
  clearSession();
};
export const isSignedOutByUser = () => signedOutByUser;
/** Called by the sign-in page once shown: a later visit to a guarded page keeps its returnUrl again. */
export const acknowledgeSignOut = () => {
  signedOutByUser = false;
};

/** Drops the cached snapshots so the next read goes to storage again (tests, other tabs). */
export const reloadSession = () => {
  userSnapshot = undefined;
  supportSnapshot = undefined;
  emit();
};

if (typeof window !== 'undefined') {
  // Another tab signed in or out: follow it.
  window.addEventListener('storage', (e) => {
    if (e.key === userStorageKey || e.key === null) reloadSession();
  });
}

/** The server knows no session (the browser keeps it): a page drawn there, and its hydration, start signed out. */
const noSession = () => null;
export const useStoredUser = () => useSyncExternalStore(subscribe, getStoredUser, noSession);
export const useSupportMode = () => useSyncExternalStore(subscribe, getSupportMode, noSession);

const appOrigin = 'https://studiolo.invalid';
/**
 * A return address is only honoured when it is a path of this app (no open redirect). Browsers drop tabs and line
 * feeds from URLs, so `/%09/evil.example` became `//evil.example` (issue 25 item 11): any control character or
 * backslash is refused, and what is left must resolve to the app's own origin.
 */
export const safeReturnUrl = (value: string | null | undefined, fallback = '/customers'): string => {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (!value?.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  try {
    const url = new URL(value, appOrigin);
    return url.origin === appOrigin ? `${url.pathname}${url.search}${url.hash}` : fallback;
  } catch {
    return fallback;
  }
};

/** Where to send someone who must sign in, keeping where they were going. */
export const signInUrlFor = (pathAndQuery: string) =>
  pathAndQuery && pathAndQuery !== '/' && !pathAndQuery.startsWith('/signIn')
    ? `/signIn?returnUrl=${encodeURIComponent(pathAndQuery)}`
    : '/signIn';
