import type { Child } from 'hono/jsx';
import { shortId } from '../format';
import { type ProjectNames, projectName } from '../project-names';
import { look, type Variant } from './looks';

/**
 * A project as the page and the email show it: its configured name with its short id beside it (`Web
 * shop 3f2a9c1e`), or the short id alone; the full id on hover either way.
 */
export function ProjectLabel({
  variant,
  names,
  id,
}: {
  variant: Variant;
  names: ProjectNames;
  id: string;
}): Child {
  const name = projectName(names, id);
  if (name === undefined) {
    return (
      <span {...look(variant, 'code')} title={id}>
        {shortId(id)}
      </span>
    );
  }
  return (
    <span title={id}>
      {`${name} `}
      <span {...look(variant, 'shortId')}>{shortId(id)}</span>
    </span>
  );
}
