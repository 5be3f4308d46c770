// The path language of `kind: document` mappings, parsed once per mapping (never per record).
// It is a small, safe subset of JSONPath plus one addition, `^` (the enclosing record):
//   $.categories[*].items[*]      from the document root; every [*] enters one record
//   title.translations.en         relative to the current record
//   ^.id                          the enclosing record (the category of an item); ^.^ goes further up
//   $[?type=ITEM]                 keep the elements whose field equals one of the listed values
//   overrides[?context_value={^.id}].price   a filter value may be a path, read from the record
//   entities[?!type]              elements where the field is missing or empty
//   @param.lang                   a mapping parameter
//   @product, @category, @option  the ext_id of the product (category) and option being built
//   title.translations[{@param.lang}]   a field whose name is read from a path
//   $.groups.*                    every value of an object (a lookup table keyed by id), in order;
//                                 each enters a record whose `@key` is its member name
//   $.menus[*]..groups[*]         `..`: at any depth below, results in document order
// Nothing here is executed as code: a path is a list of steps that the evaluator walks.

export type PathStart = 'root' | 'current' | 'parent' | 'param' | 'entity';

/** The entities whose ext_ids a path can read while options are built (`@product`...). */
export type EntityName = 'product' | 'category' | 'option';

export type FilterValue = { kind: 'literal'; text: string } | { kind: 'path'; path: ParsedPath };

export interface PathFilter {
  /** Dotted field names relative to the element being tested. */
  field: string[];
  /** exists: field present and non-empty; missing: the opposite; in / not_in: compare as text. */
  test: 'exists' | 'missing' | 'in' | 'not_in';
  values: FilterValue[];
}

export type PathStep =
  | { kind: 'property'; name: string }
  | { kind: 'parent' }
  | { kind: 'wildcard' }
  /** `.*`: the member values of an object (or the elements of an array), each with its key. */
  | { kind: 'members' }
  /** `..`: this node and every node below it, in document order (the next step applies to each). */
  | { kind: 'descend' }
  /** `@key`: the member name (or index) under which the current record was reached. */
  | { kind: 'key' }
  | { kind: 'index'; index: number }
  | { kind: 'dynamic'; key: ParsedPath }
  | { kind: 'filter'; filter: PathFilter };

export interface ParsedPath {
  source: string;
  start: PathStart;
  /** For `@param.<name>`: the mapping parameter's name. */
  param?: string;
  /** For `@product`, `@category`, `@option`: whose ext_id. */
  entity?: EntityName;
  steps: PathStep[];
}

export class PathSyntaxError extends Error {
  constructor(
    readonly source: string,
    readonly position: number,
    readonly detail: string,
  ) {
    super(`"${source}": ${detail} at character ${position + 1}`);
    this.name = 'PathSyntaxError';
  }
}

const NAME_CHAR = /[A-Za-z0-9_\-@$:#]/;

/** Parses a path; throws PathSyntaxError with the position of the first problem. */
export function parsePath(source: string): ParsedPath {
  const param = /^\s*@param\.([A-Za-z_][A-Za-z0-9_]*)\s*$/.exec(source);
  if (param) return { source, start: 'param', param: param[1], steps: [] };
  const entity = /^\s*@(product|category|option)\s*$/.exec(source);
  if (entity) return { source, start: 'entity', entity: entity[1] as EntityName, steps: [] };
  const p = new Cursor(source);
  p.skipSpaces();
  let start: PathStart = 'current';
  const steps: PathStep[] = [];
  if (p.peek() === '$') {
    p.next();
    start = 'root';
  } else if (p.peek() === '@' && /^@($|[.[])/.test(source.slice(p.offset()))) {
    p.next(); // a bare `@` is the current record; `@type` is a JSON-LD field name
  } else if (p.peek() === '^') {
    p.next();
    start = 'parent';
  } else if (p.peek() !== '[' && p.peek() !== '.') {
    steps.push(nameStep(p.name()));
  }
  while (!p.done()) {
    const c = p.peek();
    if (c === '.') {
      p.next();
      if (p.peek() === '.') {
        p.next();
        steps.push({ kind: 'descend' });
        if (p.done()) p.fail('expected a field name, * or [ after ".."');
        if (p.peek() === '[') continue;
      }
      if (p.peek() === '^') {
        p.next();
        steps.push({ kind: 'parent' });
      } else if (p.peek() === '*') {
        p.next();
        steps.push({ kind: 'members' });
      } else {
        steps.push(nameStep(p.name()));
      }
    } else if (c === '[') {
      p.next();
      steps.push(bracketStep(p));
      p.expect(']');
    } else {
      p.fail(`unexpected "${c}"`);
    }
  }
  return { source, start, steps };
}

/** `@key` reads the record's key; any other name (JSON-LD's `@type` too) is a field. */
function nameStep(name: string): PathStep {
  return name === '@key' ? { kind: 'key' } : { kind: 'property', name };
}

function bracketStep(p: Cursor): PathStep {
  const c = p.peek();
  if (c === '*') {
    p.next();
    return { kind: 'wildcard' };
  }
  if (c === "'" || c === '"') return { kind: 'property', name: p.quoted() };
  if (c === '{') {
    p.next();
    const inner = p.takeWhile(/[^}]/);
    p.expect('}');
    return { kind: 'dynamic', key: parsePath(inner.trim()) };
  }
  if (c === '?') {
    p.next();
    return { kind: 'filter', filter: filter(p) };
  }
  const digits = p.takeWhile(/[-0-9]/);
  if (!/^-?\d+$/.test(digits)) p.fail('expected *, an index, a quoted name or ?filter');
  return { kind: 'index', index: Number(digits) };
}

function filter(p: Cursor): PathFilter {
  p.skipSpaces();
  const negated = p.peek() === '!';
  if (negated) p.next();
  const field = [p.name()];
  while (p.peek() === '.') {
    p.next();
    field.push(p.name());
  }
  p.skipSpaces();
  if (p.peek() === ']') return { field, test: negated ? 'missing' : 'exists', values: [] };
  if (negated) p.fail('"!" tests a missing field and takes no value');
  let test: PathFilter['test'] = 'in';
  if (p.peek() === '!') {
    p.next();
    test = 'not_in';
  }
  p.expect('=');
  if (p.peek() === '=') p.next(); // `==` reads as `=`
  const values: FilterValue[] = [filterValue(p)];
  while (p.peek() === '|') {
    p.next();
    values.push(filterValue(p));
  }
  return { field, test, values };
}

function filterValue(p: Cursor): FilterValue {
  p.skipSpaces();
  const c = p.peek();
  if (c === "'" || c === '"') return { kind: 'literal', text: p.quoted() };
  if (c === '{') {
    p.next();
    const inner = p.takeWhile(/[^}]/);
    p.expect('}');
    return { kind: 'path', path: parsePath(inner.trim()) };
  }
  return { kind: 'literal', text: p.takeWhile(/[^|\]]/).trim() };
}

class Cursor {
  private pos = 0;
  constructor(private readonly text: string) {}
  offset(): number {
    return this.pos;
  }
  done(): boolean {
    return this.pos >= this.text.length;
  }
  peek(): string {
    return this.text.charAt(this.pos);
  }
  next(): string {
    return this.text.charAt(this.pos++);
  }
  skipSpaces(): void {
    while (this.peek() === ' ') this.pos++;
  }
  takeWhile(re: RegExp): string {
    const from = this.pos;
    while (!this.done() && re.test(this.peek())) this.pos++;
    return this.text.slice(from, this.pos);
  }
  name(): string {
    const n = this.takeWhile(NAME_CHAR);
    if (n === '') this.fail('expected a field name');
    return n;
  }
  quoted(): string {
    const quote = this.next();
    let out = '';
    while (!this.done() && this.peek() !== quote) {
      if (this.peek() === '\\') this.next();
      out += this.next();
    }
    this.expect(quote);
    return out;
  }
  expect(c: string): void {
    if (this.peek() !== c) this.fail(this.done() ? `expected "${c}" before the end` : `expected "${c}"`);
    this.pos++;
  }
  fail(detail: string): never {
    throw new PathSyntaxError(this.text, this.pos, detail);
  }
}
