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

/** The user's own sign-out: the guarded pages then go to /signIn without a return address. */
export const signOut = () => {
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

export const useStoredUser = () => useSyncExternalStore(subscribe, getStoredUser, getStoredUser);
export const useSupportMode = () => useSyncExternalStore(subscribe, getSupportMode, getSupportMode);

/** A return address is only honoured when it stays inside the app (no open redirect). */
export const safeReturnUrl = (value: string | null | undefined, fallback = '/customers'): string =>
  value?.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : fallback;

/** Where to send someone who must sign in, keeping where they were going. */
export const signInUrlFor = (pathAndQuery: string) =>
  pathAndQuery && pathAndQuery !== '/' && !pathAndQuery.startsWith('/signIn')
    ? `/signIn?returnUrl=${encodeURIComponent(pathAndQuery)}`
    : '/signIn';
