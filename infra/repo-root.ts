import { fileURLToPath } from 'node:url';

/** The repository's root folder: entry files, `package-lock.json` and config files are found from here. */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
