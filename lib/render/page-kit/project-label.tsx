import type { Child } from 'hono/jsx';
import { type ProjectNames, projectName, shortId } from '../../report';
import { look, type Variant } from './looks';

/**
 * A project as the page and the email show it: its configured name with its short id beside it (`Web
 * shop 3f2a9c1e`), in that order whatever the name's script, or the short id alone; the full id on hover
 * either way.
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
  // The name is set apart from the id (`dir`): a right-to-left name would otherwise draw the id's leading
  // digits into its run, showing `3 متجر f2a9c1e` for `متجر 3f2a9c1e`.
  return (
    <span title={id}>
      <span dir="auto">{name}</span> <span {...look(variant, 'shortId')}>{shortId(id)}</span>
    </span>
  );
}
