import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { adoptValuesTypedBeforeHydration } from './typed-before-hydration.ts';

/** A form as the sign-in and booking pages have them: controlled fields whose state the submit reads. */
const Form = ({ onSubmit }: { onSubmit: (values: Record<string, unknown>) => void }) => {
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  const [remember, setRemember] = useState(false);
  const [contact, setContact] = useState('sms');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit({ email, note, remember, contact });
      }}
    >
      <input aria-label="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <textarea aria-label="note" value={note} onChange={(e) => setNote(e.target.value)} />
      <input aria-label="remember" type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
      {['sms', 'email'].map((v) => (
        <input
          key={v}
          aria-label={v}
          type="radio"
          name="contact"
          value={v}
          checked={contact === v}
          onChange={() => setContact(v)}
        />
      ))}
      <button type="submit">Invia</button>
    </form>
  );
};

const container = document.createElement('div');
afterEach(() => container.remove());

const field = <T extends Element>(label: string) => container.querySelector(`[aria-label="${label}"]`) as T;

describe('adoptValuesTypedBeforeHydration', () => {
  it('makes what was typed and ticked before the script ran the form’s own values', async () => {
    let submitted: Record<string, unknown> | null = null;
    const onSubmit = (values: Record<string, unknown>) => {
      submitted = values;
    };
    container.innerHTML = renderToString(<Form onSubmit={onSubmit} />);
    document.body.append(container);
    // the person types into the server's HTML, before React takes it over
    field<HTMLInputElement>('email').value = 'anna@example.it';
    field<HTMLTextAreaElement>('note').value = 'Preferisco il mattino';
    field<HTMLInputElement>('remember').checked = true;
    (container.querySelector('[aria-label="email"][type="radio"]') as HTMLInputElement).checked = true;
    await act(async () => {
      hydrateRoot(container, <Form onSubmit={onSubmit} />);
    });

    adoptValuesTypedBeforeHydration(container);
    await act(async () => undefined);
    await act(async () => (container.querySelector('button') as HTMLButtonElement).click());

    expect(submitted).toEqual({
      email: 'anna@example.it',
      note: 'Preferisco il mattino',
      remember: true,
      contact: 'email',
    });
    expect(field<HTMLInputElement>('email').value).toBe('anna@example.it');
  });

  it('leaves untouched fields alone', async () => {
    let submitted: Record<string, unknown> | null = null;
    container.innerHTML = renderToString(<Form onSubmit={() => undefined} />);
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container, <Form onSubmit={(v) => (submitted = v)} />);
    });
    await act(async () => adoptValuesTypedBeforeHydration(container));
    await act(async () => (container.querySelector('button') as HTMLButtonElement).click());
    expect(submitted).toEqual({ email: '', note: '', remember: false, contact: 'sms' });
  });
});
