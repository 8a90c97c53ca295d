import { shortId } from './format';
import { isolated } from './isolated';

/** Names the merchant gave their projects (the service has none), by id in lower case. */
export type ProjectNames = Readonly<Record<string, string>>;

/** Whatever the case of the id; `undefined` for a project without a name. */
export function projectName(names: ProjectNames, projectId: string): string | undefined {
  const key = projectId.toLowerCase();
  return Object.hasOwn(names, key) ? names[key] : undefined;
}

/**
 * `Web shop (3f2a9c1e)`, or `3f2a9c1e` for a project without a name. `shown` writes the name: isolated by
 * default; the email's subject also shortens it.
 */
export function projectLabel(
  names: ProjectNames,
  projectId: string,
  shown: (name: string) => string = isolated,
): string {
  const name = projectName(names, projectId);
  return name === undefined ? shortId(projectId) : `${shown(name)} (${shortId(projectId)})`;
}
