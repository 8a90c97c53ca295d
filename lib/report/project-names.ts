import { shortId } from './format';
import { isolated } from './isolated';

/**
 * Names the merchant gave their projects, by project id (ids in lower case): the service itself has no
 * project names. From the account's configuration (`projects`), or the report command's `--project-names`.
 */
export type ProjectNames = Readonly<Record<string, string>>;

/** The name of a project, whatever the case of its id; `undefined` for a project without one. */
export function projectName(names: ProjectNames, projectId: string): string | undefined {
  const key = projectId.toLowerCase();
  return Object.hasOwn(names, key) ? names[key] : undefined;
}

/**
 * A project for people, in text: its name with the short id beside it, `Web shop (3f2a9c1e)`, or the
 * short id alone, `3f2a9c1e`, for a project without a name. `shown` writes the name: by default set apart
 * from the text around it (`isolated`) when it is not plain ASCII; the email's subject also shortens it.
 */
export function projectLabel(
  names: ProjectNames,
  projectId: string,
  shown: (name: string) => string = isolated,
): string {
  const name = projectName(names, projectId);
  return name === undefined ? shortId(projectId) : `${shown(name)} (${shortId(projectId)})`;
}
