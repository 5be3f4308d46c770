// docs/cli.md's command reference, from the yargs definitions themselves: the CLI's own parser
// (dist/cli/main.js cliParser, so run after a build) asked for each command's --help through
// yargs' documented parse callback, unwrapped, in English. Commands and subcommands are found
// in the help's own "Commands:" lists, so a command added to the registry shows up here.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cell } from './generated-section.mjs';

// Shown once at the top, not under every command.
const GLOBAL_OPTIONS = new Set(['--help', '--version', '--debug']);

function helpOf(cliParser, args) {
  return new Promise((resolve, reject) => {
    cliParser(args)
      .locale('en')
      .wrap(null)
      .parse([...args, '--help'], {}, (error, _argv, output) => (error ? reject(error) : resolve(output)));
  });
}

/** The help text as its title, description and sections ("Options:" -> lines). */
function sectionsOf(help) {
  const [usage = '', ...rest] = help.split('\n\n');
  const sections = new Map();
  const prose = [];
  for (const block of rest) {
    const [head, ...lines] = block.split('\n');
    if (/^[A-Z][a-z]+:$/.test(head) && lines.every((line) => line.startsWith('  '))) {
      sections.set(head.slice(0, -1), lines);
    } else prose.push(block);
  }
  // The first paragraph is the command's `describe`; what follows is its epilogue, kept as printed.
  const [description = '', ...epilogue] = prose;
  return {
    usage: usage.trim(),
    description: description.trim(),
    epilogue: epilogue.join('\n\n').trim(),
    sections,
  };
}

// `  --name, -n  What it does  [string] [default: 1]`: columns two spaces apart, tags last.
const ENTRY = /^ {2,}(\S.*?)(?: {2,}(.*?))??(?: {2}((?:\[[^\]]*\] ?)+))?$/;

function entriesOf(lines) {
  return lines.map((line) => {
    const match = ENTRY.exec(line);
    if (!match) throw new Error(`cannot read this line of a --help: ${JSON.stringify(line)}`);
    return { name: match[1].trim(), describe: (match[2] ?? '').trim(), tags: (match[3] ?? '').trim() };
  });
}

function table(entries, first) {
  return [
    `| ${first} | what it does | type, default |`,
    '| --- | --- | --- |',
    ...entries.map((e) => `| \`${cell(e.name)}\` | ${cell(e.describe)} | ${cell(e.tags)} |`),
  ].join('\n');
}

/** Subcommands listed in a help: `menusync fleet enqueue  Queue ...` -> ['fleet', 'enqueue']. */
function subcommandsOf(lines, args) {
  return entriesOf(lines).map((entry) => {
    const words = entry.name
      .split(' ')
      .slice(1)
      .filter((word) => !/^[<[]/.test(word));
    return { args: words, describe: entry.describe, parent: args };
  });
}

async function collect(cliParser, args, out) {
  const help = sectionsOf(await helpOf(cliParser, args));
  const commands = help.sections.get('Commands');
  if (args.length > 0) out.push({ args, help });
  for (const sub of commands ? subcommandsOf(commands, args) : []) await collect(cliParser, sub.args, out);
}

/** The reference: a summary table of every command, then each command's usage, positionals and options. */
export async function renderCliReference(root) {
  const { cliParser } = await import(pathToFileURL(path.join(root, 'dist/cli/main.js')).href);
  const found = [];
  await collect(cliParser, [], found);
  const top = sectionsOf(await helpOf(cliParser, []));
  const globals = entriesOf(top.sections.get('Options') ?? []);
  const parts = [
    'Every command also takes:',
    '',
    table(globals, 'option'),
    '',
    '| command | what it does |',
    '| ------- | ------------ |',
    ...found.map(
      ({ args, help }) =>
        `| [\`menusync ${args.join(' ')}\`](#menusync-${args.join('-')}) | ${cell(help.description)} |`,
    ),
  ];
  for (const { args, help } of found) {
    parts.push('', `### menusync ${args.join(' ')}`, '', help.description, '', '```text', help.usage, '```');
    for (const [name, lines] of help.sections) {
      if (name === 'Commands') continue;
      if (name === 'Examples') {
        parts.push('', 'Examples:', '', '```text', ...lines.map((line) => line.trim()), '```');
        continue;
      }
      const entries = entriesOf(lines).filter((e) => !GLOBAL_OPTIONS.has(e.name));
      if (entries.length === 0) continue;
      parts.push('', `${name}:`, '', table(entries, name === 'Positionals' ? 'argument' : 'option'));
    }
    if (help.epilogue) parts.push('', '```text', help.epilogue, '```');
  }
  return parts.join('\n');
}
