import { createHealthCardCollector, type HealthCardRead } from '@studiolo/domain/anagrafica';
import { patientMessages } from '@studiolo/domain/patients';
import { useEffect, useRef } from 'react';

/** spec part 1 §4, §9: the card reader window, 1.5 s from the percent sign. */
export const healthCardWindowMs = 1500;

export type HealthCard = Extract<HealthCardRead, { ok: true }>;

/**
 * Puts back into the field the keys a person typed after a "%" that turned out not to be a card swipe (the
 * collector held them back while it could still be one).
 */
const giveBack = (element: Element | null, typed: string) => {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) return;
  if (element.readOnly || element.disabled || !element.isConnected) return;
  const value = element.value;
  let start = value.length;
  let end = value.length;
  try {
    // inputs without a selection (email, number) answer null or throw: the text goes at the end
    start = element.selectionStart ?? start;
    end = element.selectionEnd ?? start;
  } catch {}
  // The prototype's setter, not the element's own: React watches the latter and would take the new value for
  // its own, ignoring the input event below.
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')?.set;
  if (!setValue) return;
  setValue.call(element, value.slice(0, start) + typed + value.slice(end));
  try {
    element.setSelectionRange(start + typed.length, start + typed.length);
  } catch {}
  element.dispatchEvent(new Event('input', { bubbles: true }));
};

/**
 * Listens to the keyboard for a health-card (Tessera Sanitaria) reader that types like a keyboard (spec part 1
 * §4): keys starting with "%" within 1.5 s and ending with Enter. While a swipe is being collected its keys do not
 * reach the focused field. A good read calls `onRead`; a bad one is only logged (spec part 1 §5, §8).
 */
export const useHealthCardReader = (onRead: (card: HealthCard) => void, { enabled = true } = {}) => {
  const onReadRef = useRef(onRead);
  onReadRef.current = onRead;

  useEffect(() => {
    if (!enabled) return;
    let collecting = false;
    let target: Element | null = null;
    let flush: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      collecting = false;
      clearTimeout(flush);
    };
    const collector = createHealthCardCollector({
      timeoutMs: healthCardWindowMs,
      onRead: (card) => {
        stop();
        onReadRef.current(card);
      },
      onError: () => {
        stop();
        // spec part 1 §5, §8: "Lettura tessera non riuscita, riprovare" is logged only
        console.warn(patientMessages.cardReadFailed);
      },
      onAbandoned: (typed) => {
        stop();
        giveBack(target, typed);
      },
    });

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.isComposing) return;
      if (!collector.key(event.key)) {
        collecting = false;
        return;
      }
      // Capture phase, before the field: the key is the reader's, not the person's.
      event.preventDefault();
      event.stopPropagation();
      if (!collecting && event.key === '%') {
        collecting = true;
        target = document.activeElement;
        // Nothing more came in time: hand back what was held (a person typing "%" in a note).
        flush = setTimeout(() => collector.key('Unidentified'), healthCardWindowMs + 50);
      }
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      clearTimeout(flush);
      collector.reset();
    };
  }, [enabled]);
};
