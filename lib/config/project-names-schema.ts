import * as z from 'zod';
import { SINGLE_LINE_TEXT_PATTERN } from './field-schemas';
import { mustBe } from './zod-issues';

/** Longest project name: it shares a table cell with the project's short id on a phone. */
export const PROJECT_NAME_MAX_LENGTH = 60;

const projectIdSchema = z.guid();

const projectNameSchema = z
  .string({ error: mustBe('must be a project name (text)') })
  .trim()
  .min(1, 'must not be empty')
  .max(PROJECT_NAME_MAX_LENGTH, `must be at most ${PROJECT_NAME_MAX_LENGTH} characters`)
  .regex(SINGLE_LINE_TEXT_PATTERN, 'must be one line of text without control characters');

/**
 * Project names by id: `{ "3f2a9c1e-…": "Web shop" }`. Each id a UUID listed once in any case (out
 * lower-cased, as `lib/report` looks them up), each name one line and unique.
 */
export const projectNamesSchema = z
  .record(z.string(), projectNameSchema, {
    error: mustBe('must be an object of project ids and names, such as { "<uuid>": "Web shop" }'),
  })
  .superRefine((names, ctx) => {
    const ids = new Map<string, string>();
    const named = new Map<string, string>();
    for (const [id, name] of Object.entries(names)) {
      if (!projectIdSchema.safeParse(id).success) {
        ctx.addIssue({ code: 'custom', path: [id], message: 'is not a project id (a UUID)' });
        continue;
      }
      const key = id.toLowerCase();
      const sameId = ids.get(key);
      if (sameId !== undefined) {
        ctx.addIssue({ code: 'custom', path: [id], message: `is listed twice (also as ${sameId})` });
        continue;
      }
      ids.set(key, id);
      const sameName = named.get(name.toLowerCase());
      if (sameName !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [id],
          message: `has the name ${JSON.stringify(name)} of project ${sameName}: give each project its own`,
        });
      }
      named.set(name.toLowerCase(), id);
    }
  })
  .transform((names) =>
    Object.fromEntries(Object.entries(names).map(([id, name]) => [id.toLowerCase(), name])),
  )
  .default({});
