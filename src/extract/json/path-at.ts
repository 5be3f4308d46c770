type Frame =
  { kind: 'object'; key: string | undefined; expectKey: boolean } | { kind: 'array'; index: number };

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function render(stack: readonly Frame[]): string {
  let path = '$';
  for (const frame of stack) {
    if (frame.kind === 'array') path += `[${frame.index}]`;
    else if (frame.key !== undefined)
      path += IDENTIFIER.test(frame.key) ? `.${frame.key}` : `[${JSON.stringify(frame.key)}]`;
  }
  return path;
}

/**
 * The JSON path of the string holding each of `offsets` (ascending UTF-16 offsets into `text`, a
 * document JSON.parse accepted), as `$.categories[2].items[0].name`; a key's own offset gets the
 * path of its value. One pass over the text, keeping only the stack of open containers.
 */
export function jsonPathsAt(text: string, offsets: readonly number[]): string[] {
  const paths: string[] = [];
  const stack: Frame[] = [];
  let next = 0;
  for (let i = 0; i < text.length && next < offsets.length; i++) {
    const char = text[i];
    const top = stack[stack.length - 1];
    if (char === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (top?.kind === 'object' && top.expectKey) {
        top.key = JSON.parse(text.slice(i, end + 1)) as string;
        top.expectKey = false;
      }
      while (next < offsets.length && (offsets[next] ?? 0) <= end) {
        paths.push(render(stack));
        next++;
      }
      i = end;
    } else if (char === '{') stack.push({ kind: 'object', key: undefined, expectKey: true });
    else if (char === '[') stack.push({ kind: 'array', index: 0 });
    else if (char === '}' || char === ']') stack.pop();
    else if (char === ',' && top) {
      if (top.kind === 'array') top.index++;
      else top.expectKey = true;
    }
  }
  return paths;
}
