/** A request's fields; `undefined` means "not set" and is left out. */
export type FormFields = Record<string, string | number | undefined>;

/**
 * The multipart form the service expects (the spec: "Parameters are sent as form fields (multipart
 * form data)"). Only the fields that are set are sent, so the service applies its own defaults.
 */
export function toFormData(fields: FormFields): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(name, String(value));
  }
  return form;
}
