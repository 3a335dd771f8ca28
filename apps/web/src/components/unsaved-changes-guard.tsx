import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog.tsx';

/** Texts of the question (decision 003: not in the spec). */
export const unsavedChangesTexts = {
  title: 'Modifiche non salvate',
  message: 'Hai modifiche non salvate. Se esci adesso andranno perse.',
  leave: 'Esci senza salvare',
  stay: 'Resta',
} as const;

const pathOf = (l: { pathname: string; search: string }) => `${l.pathname}${l.search}`;

/** Asks before the app moves to another page (needs the data router the app runs in). */
const NavigationGuard = ({ when }: { when: () => boolean }) => {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when() && pathOf(currentLocation) !== pathOf(nextLocation),
  );
  return (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title={unsavedChangesTexts.title}
      message={unsavedChangesTexts.message}
      confirmLabel={unsavedChangesTexts.leave}
      cancelLabel={unsavedChangesTexts.stay}
      confirmColor="red"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
};

/**
 * issue 26 item 7: a form left with unsaved changes asks before leaving, whether by a link or the browser's back
 * (a question in the app) or by closing or reloading the tab (the browser's own question). `dirty` is read when the
 * person leaves; while the form is being saved it does not ask (a save that moves to the saved record).
 * Used by every form page: the patient, the studio, the invoice and pro-forma.
 */
export const UnsavedChangesGuard = ({ dirty, saving = false }: { dirty: boolean; saving?: boolean }) => {
  const state = useRef({ dirty, saving });
  state.current = { dirty, saving };
  const when = useRef(() => state.current.dirty && !state.current.saving).current;
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!when()) return;
      e.preventDefault();
      // older browsers need a value to show their question
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
  // component tests render forms in a plain MemoryRouter, which cannot block: the tab's question still applies
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  return dataRouter ? <NavigationGuard when={when} /> : null;
};
