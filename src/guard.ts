/** Whether `validate` accepts `value`; false when reading `value` throws (a hostile getter or Proxy). */
export function passes(validate: (data: unknown) => boolean, value: unknown): boolean {
  try {
    return validate(value);
  } catch {
    return false;
  }
}
