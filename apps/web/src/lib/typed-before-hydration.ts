type Typed =
  | { field: HTMLInputElement | HTMLTextAreaElement; value: string }
  | { field: HTMLInputElement; checked: boolean };

const isCheckable = (field: HTMLInputElement | HTMLTextAreaElement): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/**
 * What a person typed, ticked or had autofilled into a page drawn by the server before its script took over (decision
 * 047). React keeps such values on screen when it hydrates but not in its state, so the form would answer "Campo
 * obbligatorio" under a filled field. Once hydrated, each field whose value differs from the one React drew is told
 * to React as the change it was, and the form's state agrees with what the person sees.
 */
export const adoptValuesTypedBeforeHydration = (root: HTMLElement) => {
  // all read first: the first change draws the form again, and React then puts its own values in the other fields
  const typed: Typed[] = [];
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (isCheckable(field)) {
      // a radio counts where the person chose it; the one it replaced follows
      const changed =
        field.type === 'radio' ? field.checked && !field.defaultChecked : field.checked !== field.defaultChecked;
      if (changed) typed.push({ field, checked: field.checked });
    } else if (field.type !== 'file' && field.type !== 'hidden' && field.value !== field.defaultValue) {
      typed.push({ field, value: field.value });
    }
  }
  for (const change of typed) {
    if ('checked' in change) {
      // set back through the element (React's tracker records it), then the person's tap again
      change.field.checked = !change.checked;
      change.field.click();
      continue;
    }
    const { field } = change;
    field.value = field.defaultValue;
    // the prototype's own setter, past React's tracker, so that the input event reads as a change
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, change.value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
};
