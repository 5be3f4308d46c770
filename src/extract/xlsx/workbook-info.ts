import { readZipText } from './scan-part.js';
import type { ZipEntry } from './zip-entries.js';
import { attribute } from './xml-text.js';

/** A sheet as workbook.xml lists it, with the zip path of its XML. */
export interface SheetEntry {
  name: string;
  /** Zip path of the sheet's part (`xl/worksheets/sheet1.xml`); undefined when the rels lack it. */
  path: string | undefined;
}

/** What the workbook part and its relationships say about the whole workbook. */
export interface WorkbookInfo {
  /** In workbook order (the tab order Excel shows). */
  sheets: SheetEntry[];
  /** The 1904 date system (`<workbookPr date1904="1"/>`, old Mac workbooks): serial 0 is 1 Jan 1904. */
  date1904: boolean;
  sharedStrings: ZipEntry | undefined;
  styles: ZipEntry | undefined;
}

const RELATIONSHIP_TYPE = /\/(sharedStrings|styles)$/;

/** A relationship's target as a zip path: relative to the folder `base`, or absolute from the root. */
function partPath(target: string, base: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts: string[] = base === '' ? [] : base.split('/');
  for (const piece of target.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.' && piece !== '') parts.push(piece);
  }
  return parts.join('/');
}

/** Entries by name; zip names are matched case-insensitively, as Excel does. */
export function findEntry(entries: readonly ZipEntry[], name: string): ZipEntry | undefined {
  const lower = name.toLowerCase();
  return (
    entries.find((entry) => entry.name === name) ??
    entries.find((entry) => entry.name.toLowerCase() === lower)
  );
}

/** The `<Relationship>` tags of a .rels part: id, type and target resolved against `base`. */
function relationships(rels: string, base: string): { id: string; type: string; path: string }[] {
  return [...rels.matchAll(/<(?:\w+:)?Relationship\s[^>]*>/g)].flatMap(([tag]) => {
    const id = attribute(tag, 'Id');
    const target = attribute(tag, 'Target');
    if (id === undefined || target === undefined) return [];
    return [{ id, type: attribute(tag, 'Type') ?? '', path: partPath(target, base) }];
  });
}

/**
 * The workbook part's zip path: the package's officeDocument relationship (_rels/.rels) names it,
 * usually xl/workbook.xml, but any folder is allowed.
 */
async function workbookPath(file: string, entries: readonly ZipEntry[], maxBytes: number): Promise<string> {
  const root = await readZipText(file, findEntry(entries, '_rels/.rels'), maxBytes);
  const office = root && relationships(root, '').find((rel) => rel.type.endsWith('/officeDocument'));
  return office && findEntry(entries, office.path) ? office.path : 'xl/workbook.xml';
}

/** Reads the workbook part and its relationships; undefined when either is missing. */
export async function readWorkbookInfo(
  file: string,
  entries: readonly ZipEntry[],
  maxBytes: number,
): Promise<WorkbookInfo | undefined> {
  const path = await workbookPath(file, entries, maxBytes);
  const slash = path.lastIndexOf('/');
  const base = path.slice(0, Math.max(0, slash));
  const [workbook, rels] = await Promise.all([
    readZipText(file, findEntry(entries, path), maxBytes),
    readZipText(
      file,
      findEntry(entries, `${base ? `${base}/` : ''}_rels/${path.slice(slash + 1)}.rels`),
      maxBytes,
    ),
  ]);
  if (workbook === undefined || rels === undefined) return undefined;
  const targets = new Map<string, string>();
  const byType = new Map<string, string>();
  for (const rel of relationships(rels, base)) {
    targets.set(rel.id, rel.path);
    const type = RELATIONSHIP_TYPE.exec(rel.type)?.[1];
    if (type && !byType.has(type)) byType.set(type, rel.path);
  }
  const sheets = [...workbook.matchAll(/<(?:\w+:)?sheet\s[^>]*>/g)].map(([tag]) => {
    const id = attribute(tag, 'r:id') ?? relationshipId(tag);
    return { name: attribute(tag, 'name') ?? '', path: id === undefined ? undefined : targets.get(id) };
  });
  const properties = /<(?:\w+:)?workbookPr\s[^>]*>/.exec(workbook)?.[0];
  const date1904 = /^(?:1|true)$/i.test(properties ? (attribute(properties, 'date1904') ?? '') : '');
  return {
    sheets,
    date1904,
    sharedStrings: findEntry(entries, byType.get('sharedStrings') ?? 'xl/sharedStrings.xml'),
    styles: findEntry(entries, byType.get('styles') ?? 'xl/styles.xml'),
  };
}

/** The relationship id under whatever prefix the file binds the relationships namespace to. */
function relationshipId(tag: string): string | undefined {
  const match = /\s[\w.-]+:id\s*=\s*"([^"]*)"/.exec(tag);
  return match?.[1];
}
