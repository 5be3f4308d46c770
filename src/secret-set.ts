/**
 * A burst trie: a node keeps the rest of the secrets that pass through it as strings until more
 * than BURST of them share it, then moves them down one code unit. Nodes are few (about one per
 * secret, against one per character in a plain trie: 20,000 secrets took 2 s to add one unit at a
 * time), and matching at a node tries at most BURST strings.
 */
interface TrieNode {
  next: Map<number, TrieNode> | undefined;
  /** The rest of each secret that goes through this node, none starting with a unit of `next`. */
  rests: string[];
  /** A secret ends here. */
  end: boolean;
}

const BURST = 8;

const newNode = (): TrieNode => ({ next: undefined, rests: [], end: false });

/** The first code units of a secret that make its head (fewer if a secret is shorter). */
const HEAD = 4;
const HEAD_BITS = 20;

/** A hash of the `width` code units of `text` from `at` (FNV-1a), in HEAD_BITS bits. */
function headHash(text: string, at: number, width: number): number {
  let hash = 0x811c9dc5;
  for (let i = at; i < at + width; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> (32 - HEAD_BITS);
}

/**
 * The secrets of one run, kept so that redacting a text is one pass over it whatever the number of
 * secrets (a fleet learns two per target: 20,000 at 10,000 targets, where one `split`/`join` per
 * secret took a minute over its 8.8 MB report). Adding a secret touches only that secret's path, so
 * a set that grows during a run is never rebuilt.
 */
export class SecretSet {
  private readonly root = newNode();
  private readonly known = new Set<string>();
  /**
   * The heads of the secrets as bits: most positions of a text start no secret's head, and one
   * bit tells so before any walk (20,000 secrets set 2% of the bits).
   */
  private heads = new Uint32Array(2 ** HEAD_BITS / 32);
  private headWidth = HEAD;

  constructor(from?: SecretSet) {
    for (const secret of from?.known ?? []) this.add(secret);
  }

  add(secret: string): void {
    if (secret === '' || this.known.has(secret)) return;
    this.known.add(secret);
    insert(this.root, secret);
    if (secret.length >= this.headWidth) this.markHead(secret);
    else {
      // A secret shorter than the heads so far: heads get as short (at most HEAD - 1 times).
      this.headWidth = secret.length;
      this.heads = new Uint32Array(this.heads.length);
      for (const known of this.known) this.markHead(known);
    }
  }

  private markHead(secret: string): void {
    const bit = headHash(secret, 0, this.headWidth);
    this.heads[bit >>> 5]! |= 1 << (bit & 31);
  }

  private mayStartAt(text: string, at: number): boolean {
    const bit = headHash(text, at, this.headWidth);
    return (this.heads[bit >>> 5]! & (1 << (bit & 31))) !== 0;
  }

  /**
   * `text` with every secret replaced by `replacement`. At each position the longest secret that
   * starts there is replaced, so a secret that begins with a shorter one leaves nothing behind. The
   * walk from a position stops where no secret goes on: its cost is the text's length times the
   * prefix the text shares with some secret, never times the number of secrets.
   */
  redact(text: string, replacement = '[REDACTED]'): string {
    if (this.known.size === 0) return text;
    let pieces: string[] | undefined;
    let copied = 0;
    let at = 0;
    // No secret is shorter than the head: none starts in the last headWidth - 1 units.
    const last = text.length - this.headWidth;
    while (at <= last) {
      const matched = this.mayStartAt(text, at) ? longestAt(this.root, text, at) : 0;
      if (matched === 0) {
        at++;
        continue;
      }
      (pieces ??= []).push(text.slice(copied, at), replacement);
      at += matched;
      copied = at;
    }
    if (!pieces) return text;
    pieces.push(text.slice(copied));
    return pieces.join('');
  }
}

function insert(start: TrieNode, secret: string): void {
  let node = start;
  for (let i = 0; ; i++) {
    if (i === secret.length) {
      node.end = true;
      return;
    }
    const child = node.next?.get(secret.charCodeAt(i));
    if (!child) {
      node.rests.push(secret.slice(i));
      if (node.rests.length > BURST) burst(node);
      return;
    }
    node = child;
  }
}

function burst(node: TrieNode): void {
  const next = (node.next ??= new Map());
  for (const rest of node.rests) {
    const unit = rest.charCodeAt(0);
    let child = next.get(unit);
    if (!child) next.set(unit, (child = newNode()));
    insert(child, rest.slice(1));
  }
  node.rests = [];
}

/** The length of the longest secret that starts at `at` in `text`; 0 if none does. */
function longestAt(root: TrieNode, text: string, at: number): number {
  let node: TrieNode | undefined = root;
  let longest = 0;
  for (let i = at; node; i++) {
    if (node.end) longest = i - at;
    for (const rest of node.rests) {
      if (i - at + rest.length > longest && text.startsWith(rest, i)) longest = i - at + rest.length;
    }
    if (i === text.length) break;
    node = node.next?.get(text.charCodeAt(i));
  }
  return longest;
}
