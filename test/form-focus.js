// Focus after a refused submit, as docs/forms.md gives it, for the form pages of the browser tests
// (test/react-form/, test/tanstack-form/, test/form-features/): a list's missing row focuses the
// list's control that adds a row (`data-add`).

/**
 * Focuses the first control marked invalid in page order; in a list marked invalid, its control that
 * adds a row.
 */
export function focusFirstInvalid(form) {
  const marked = form?.querySelector('[aria-invalid="true"]');
  const target = marked?.matches('input, select, textarea')
    ? marked
    : (marked?.querySelector(':scope > [data-add]') ?? marked?.querySelector('input, select, textarea, button'));
  target?.focus();
}

/** The name of the first field with an issue in `error`, react-hook-form's error of the list or row at `name`. */
function firstIssue(error, name) {
  if (typeof error !== 'object' || error === null) return undefined;
  if (error.message !== undefined || error.root) return name;
  for (const [key, inner] of Object.entries(error)) {
    const found = key === 'ref' ? undefined : firstIssue(inner, `${name}.${key}`);
    if (found) return found;
  }
  return undefined;
}

/**
 * What a list's control that adds a row gives react-hook-form's `useController` `field.ref` at the
 * list's name: its shouldFocusError focuses the control when the list itself has the issue (a row is
 * missing), else the first field with an issue inside the list.
 */
export const addControl = (form, name) => (element) =>
  element && {
    focus() {
      const { error } = form.getFieldState(name);
      if (error?.message !== undefined || error?.root) element.focus();
      else {
        const inner = firstIssue(error, name);
        if (inner) form.setFocus(inner);
      }
    },
  };
