import { doctypeEnd } from './xml-check';

/**
 * A template's DOCTYPE must not reach the export: its entity definitions are how XML bombs and
 * external-entity reads travel, and OOXML parts never need one. Dropping it leaves the references
 * to its entities undefined, so those are replaced too: by the entity's text when it is plain text
 * (never expanded again, so nothing can grow), else by nothing.
 */

const PREDEFINED = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);
const ENTITY_RE = /<!ENTITY\s+([^\s%]+)\s+(?:"([^"]*)"|'([^']*)')\s*>/g;

/** Where the prolog's DOCTYPE is: [start, end), or undefined when there is none. */
function findDoctype(xml: string): [number, number] | undefined {
  let pos = 0;
  for (;;) {
    while (pos < xml.length && /[\s\uFEFF]/.test(xml[pos])) pos++;
    if (xml.startsWith('<?', pos)) pos = skipPast(xml, '?>', pos + 2);
    else if (xml.startsWith('<!--', pos)) pos = skipPast(xml, '-->', pos + 4);
    else if (xml.startsWith('<!DOCTYPE', pos)) {
      const end = doctypeEnd(xml, pos + 9);
      return [pos, end < 0 ? xml.length : end];
    } else return undefined;
    if (pos < 0) return undefined;
  }
}

function skipPast(xml: string, close: string, from: number): number {
  const at = xml.indexOf(close, from);
  return at < 0 ? -1 : at + close.length;
}

/** The part without its DOCTYPE; the same string when it has none. */
export function dropDoctype(xml: string): string {
  const found = findDoctype(xml);
  if (!found) return xml;
  const [start, end] = found;
  const values = new Map<string, string>();
  for (const m of xml.slice(start, end).matchAll(ENTITY_RE)) {
    const value = m[2] ?? m[3];
    if (!values.has(m[1]) && !/[&<%]/.test(value)) values.set(m[1], value.replace(/>/g, '&gt;').replace(/"/g, '&quot;'));
  }
  const rest = xml.slice(end).replace(/&([A-Za-z_:][\w.:-]*);/g, (ref, name: string) => (PREDEFINED.has(name) ? ref : (values.get(name) ?? '')));
  return xml.slice(0, start) + rest.replace(/^[ \t]*\r?\n/, '');
}

/**
 * Whether a part whose first bytes (decoded) are `head` may have a DOCTYPE: one before the first
 * element, or no element yet in view (a long prolog), when only reading it all can tell.
 */
export function mayHaveDoctype(head: string): boolean {
  const element = head.search(/<[A-Za-z_]/);
  const doctype = head.indexOf('<!DOCTYPE');
  return element < 0 ? head.trimStart().startsWith('<') : doctype >= 0 && doctype < element;
}
