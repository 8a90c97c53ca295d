import Big from 'big.js';
import type { ReportSummary } from './model';

const INDENT = '  ';

/**
 * Writes a value as JSON the way `JSON.stringify(value, null, 2)` would, except that a `Big` becomes a
 * plain JSON number with every digit (`0.00000095`, `81119.92`). By hand because `JSON.stringify` can
 * only write a `Big` as a string or as a JS number (which turns `0.00000095` into `9.5e-7` and loses
 * digits); raw JSON (`JSON.rawJSON`) is not in Node 20.
 */
function write(value: unknown, indent: string): string | undefined {
  if (value instanceof Big) return value.toFixed();
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'number':
      return JSON.stringify(value);
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
    case 'bigint':
      return value.toString();
  }
  const object = value as object;
  if ('toJSON' in object && typeof object.toJSON === 'function') return write(object.toJSON(), indent);

  const inner = indent + INDENT;
  if (Array.isArray(object)) {
    if (object.length === 0) return '[]';
    const items = object.map((item) => `${inner}${write(item, inner) ?? 'null'}`);
    return `[\n${items.join(',\n')}\n${indent}]`;
  }
  const members: string[] = [];
  for (const [key, member] of Object.entries(object)) {
    const text = write(member, inner);
    if (text !== undefined) members.push(`${inner}${JSON.stringify(key)}: ${text}`);
  }
  if (members.length === 0) return '{}';
  return `{\n${members.join(',\n')}\n${indent}}`;
}

/**
 * `summary.json`: the summary pretty-printed with two spaces, every amount a plain JSON number in full
 * (never exponent form), ending in a newline. The summary holds no secret: its source is the API URL only.
 */
export function summaryToJson(summary: ReportSummary): string {
  return `${write(summary, '')}\n`;
}
