import { useSyncExternalStore } from 'react';

/** spec part 1 §9: the loading indicator appears only after a request has lasted 500 ms. */
export const loadingIndicatorDelayMs = 500;

let pending = 0;
let visible = false;
let timer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

const setVisible = (v: boolean) => {
  if (visible === v) return;
  visible = v;
  for (const l of listeners) l();
};

/** Marks one request as running; call the returned function when it ends (once). */
export const trackLoading = (): (() => void) => {
  pending += 1;
  if (pending === 1 && !visible) {
    timer = setTimeout(() => {
      timer = null;
      if (pending > 0) setVisible(true);
    }, loadingIndicatorDelayMs);
  }
  let done = false;
  return () => {
    if (done) return;
    done = true;
    pending -= 1;
    if (pending === 0) {
      if (timer) clearTimeout(timer);
      timer = null;
      setVisible(false);
    }
  };
};

export const isLoadingVisible = () => visible;

export const subscribeLoading = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const useLoadingVisible = () => useSyncExternalStore(subscribeLoading, isLoadingVisible, isLoadingVisible);
