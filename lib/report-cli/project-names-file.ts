import { readFile } from 'node:fs/promises';
import { fieldIssues, issueText, projectNamesSchema, UsageError } from '../config';
import type { ProjectNames } from '../report';

/**
 * The project names of `--project-names FILE`: a JSON object of project ids and names, checked as an
 * account's `projects` configuration is (`{ "3f2a9c1e-…": "Web shop" }`).
 * @throws UsageError naming the file and what is wrong with it (unreadable, not JSON, each bad entry)
 */
export async function readProjectNamesFile(file: string): Promise<ProjectNames> {
  const option = `--project-names ${file}`;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(
      `${option}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? 'read error'})`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UsageError(`${option}: is not JSON (expected { "<project uuid>": "name", ... })`);
  }
  const parsed = projectNamesSchema.safeParse(json);
  if (!parsed.success) {
    const problems = fieldIssues(parsed.error.issues).map((issue) => issueText(issue));
    throw new UsageError(`${option}: ${problems.join('; ')}`);
  }
  return parsed.data;
}
