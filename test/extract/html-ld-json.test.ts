import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/errors.js';
import { ldJsonBlocks } from '../../src/extract/html/script-blocks.js';
import { openSource, sniffFormat } from '../../src/extract/registry.js';
import { sampleFile } from '../mappings/helpers.js';
import { testTempDir } from '../helpers/temp-dir.js';

// HTML pages read for their <script type="application/ld+json"> blocks, by a forward scan.

const texts = (page: string) => ldJsonBlocks(page).map((b) => b.json.trim());

describe('the JSON-LD script blocks of a page', () => {
  it.each([
    ['a plain block', '<script type="application/ld+json">{"a":1}</script>', ['{"a":1}']],
    [
      'any case, parameters, unquoted',
      '<SCRIPT Type=application/LD+json;charset=utf-8>{"a":1}</Script >',
      ['{"a":1}'],
    ],
    [
      'a > inside a quoted attribute',
      `<script data-x='1>2' type="application/ld+json">{"a":1}</script>`,
      ['{"a":1}'],
    ],
    ['a commented-out block (skipped)', '<!-- <script type="application/ld+json">{"a":1}</script> -->', []],
    ['another script type (skipped)', '<script type="text/javascript">{"a":1}</script>', []],
    [
      'a script without type (skipped)',
      '<script>var s = "<script type=\'application/ld+json\'>";</script>',
      [],
    ],
    ['<scripts> is no script tag', '<scripts type="application/ld+json">{"a":1}</scripts>', []],
    [
      'a CDATA wrapper',
      '<script type="application/ld+json">//<![CDATA[\n{"a":1}\n//]]></script>',
      ['{"a":1}'],
    ],
    ['an HTML comment wrapper', '<script type="application/ld+json"><!--{"a":1}--></script>', ['{"a":1}']],
    [
      'two blocks, in page order',
      '<script type="application/ld+json">[1]</script><p>x</p><script type="application/ld+json">[2]</script>',
      ['[1]', '[2]'],
    ],
    ['a block never closed: to the end', '<script type="application/ld+json">{"a":1}', ['{"a":1}']],
    ['a tag never closed: nothing', '<script type="application/ld+json" {"a":1}', []],
  ])('%s', (_what, page, expected) => {
    expect(texts(page)).toEqual(expected);
  });

  it('keeps offsets: a blanked wrapper leaves each character where the page has it', () => {
    const page = '<p>\n</p><script type="application/ld+json"><!--\n{"a":1}--></script>';
    const [block] = ldJsonBlocks(page);
    expect(block?.json.length).toBe(page.indexOf('</script>') - (block?.offset ?? 0));
    expect(page.slice(block?.offset).indexOf('{')).toBe(block?.json.indexOf('{'));
  });

  it('reads past a hostile tail of unclosed tags, comments and script starts', () => {
    const page = '<script type="application/ld+json">{}</script>' + '<a <!-- <scrip <script '.repeat(200_000);
    expect(texts(page)).toEqual(['{}']);
  });

  it('recognizes a page saved without its extension by its first bytes', () => {
    expect(sniffFormat(Buffer.from('\uFEFF <!DOCTYPE html><html>'))).toBe('html');
    expect(sniffFormat(Buffer.from('<html lang="en">'))).toBe('html');
    expect(sniffFormat(Buffer.from('Name,Price\n'))).toBe('csv');
  });
});

describe('an HTML page as a document input', () => {
  const page = (html: string, name = 'menu.html') => {
    const file = path.join(testTempDir('html'), name);
    writeFileSync(file, html);
    return file;
  };

  it('reads one block as the document itself', async () => {
    const source = await openSource(
      page('<html><script type="application/ld+json">{"@type":"Menu"}</script>'),
    );
    expect(source).toMatchObject({ kind: 'document', document: { '@type': 'Menu' }, issues: [] });
  });

  it('joins several blocks into one @graph of their nodes, numbers a double cannot hold moving with them', async () => {
    const file = page(
      '<script type="application/ld+json">{"@type":"WebSite"}</script>' +
        '<script type="application/ld+json">{"@graph":[{"@type":"Restaurant"},{"@type":"Menu","price":19.990000000000000001}]}</script>' +
        '<script type="application/ld+json">[{"@type":"Offer","price":9007199254740993}]</script>',
    );
    const source = await openSource(file);
    if (source.kind !== 'document') throw new Error('a document');
    expect(source.document).toEqual({
      '@graph': [
        { '@type': 'WebSite' },
        { '@type': 'Restaurant' },
        { '@type': 'Menu', price: '19.990000000000000001' },
        { '@type': 'Offer', price: '9007199254740993' },
      ],
    });
    expect([...(source.inexactNumbers ?? [])]).toEqual([
      ["$['@graph'][2].price", '19.990000000000000001'],
      ["$['@graph'][3].price", '9007199254740993'],
    ]);
  });

  it('refuses a page without a block, and a block that is not JSON with its line and column in the page', async () => {
    await expect(openSource(page('<html><body>Menu</body></html>'))).rejects.toThrow(
      /menu\.html holds no <script type="application\/ld\+json"> block/,
    );
    const broken = page('<html>\n<script type="application/ld+json">\n{"name": "Pizza",}\n</script>');
    const error = await openSource(broken).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as Error).message).toMatch(
      /^Invalid JSON in .*menu\.html \(<script type="application\/ld\+json"> block 1\) at line 3, column 18: /,
    );
  });

  it('locates invalid UTF-8 in the page by line and column', async () => {
    const file = page('<p>ok</p>\n');
    writeFileSync(
      file,
      Buffer.concat([
        Buffer.from('<p>caf'),
        Buffer.from([0xe9]),
        Buffer.from('</p>\n<script type="application/ld+json">{}</script>'),
      ]),
    );
    const source = await openSource(file);
    expect(source.issues.map((i) => [i.code, i.severity, i.location])).toEqual([
      ['encoding', 'error', { file }],
    ]);
    expect(source.issues[0]?.message).toMatch(/^line 1, column 7: invalid UTF-8 0xE9/);
  });
});

const { file: sdoExamples, present } = sampleFile('schemaorg/sdo-menu-examples.txt');

describe.skipIf(!present)('the official schema.org examples (sample 17) read as a page', () => {
  it('finds both JSON-LD examples among the microdata and RDFa ones, joined as one @graph', async () => {
    const source = await openSource(sdoExamples, { format: 'html' });
    if (source.kind !== 'document') throw new Error('a document');
    const graph = (source.document as { '@graph': { '@type': string }[] })['@graph'];
    expect(graph.map((node) => node['@type'])).toEqual(['Restaurant', 'Restaurant']);
  });
});
