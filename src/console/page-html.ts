import { escapeHtml } from '../report/html.js';

export { escapeHtml };

/** Escapes the values interpolated into a template: every `${}` of html`` is text, never markup. */
export function html(
  strings: TemplateStringsArray,
  ...values: (string | number | SafeHtml | null)[]
): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += value instanceof SafeHtml ? value.text : escapeHtml(value === null ? '' : String(value));
    out += strings[i + 1] ?? '';
  });
  return new SafeHtml(out);
}

/** Markup made by html`` (or joined from it): the only thing a page may put in unescaped. */
export class SafeHtml {
  constructor(readonly text: string) {}
}

export function join(parts: readonly SafeHtml[], separator = ''): SafeHtml {
  return new SafeHtml(parts.map((part) => part.text).join(separator));
}

export interface PageChrome {
  title: string;
  /** The path the console serves under ('' or e.g. `/menusync`): every link of the page starts with it. */
  base: string;
  /** Who is signed in (for the header), or null on a manager's link and the login page. */
  user: { name: string; role: string; csrf: string } | null;
}

/** The whole page: one stylesheet of our own (no inline style or script: the CSP allows neither). */
export function page(chrome: PageChrome, body: SafeHtml): string {
  const signOut = chrome.user
    ? html`<form method="post" action="${chrome.base}/logout" class="inline">
        <input type="hidden" name="csrf" value="${chrome.user.csrf}" /><span class="muted"
          >${chrome.user.name} (${chrome.user.role})</span
        >
        <button type="submit">Sign out</button>
      </form>`
    : html``;
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${chrome.title} · menusync</title>
        <link rel="stylesheet" href="${chrome.base}/style.css" />
      </head>
      <body>
        <header><a href="${chrome.base}/" class="brand">menusync</a> ${signOut}</header>
        <main>${body}</main>
      </body>
    </html> `.text;
}

export const STYLE_CSS = `body{font:16px/1.45 system-ui,sans-serif;margin:0;color:#1b1b1b;background:#fff}
header{display:flex;justify-content:space-between;align-items:center;gap:.5rem;padding:.6rem 1rem;border-bottom:1px solid #ddd;flex-wrap:wrap}
main{padding:0 1rem 2rem;max-width:72rem}
a{color:#0645ad}.brand{font-weight:700;text-decoration:none;color:#1b1b1b}
h1{font-size:1.35rem;margin:1rem 0 .5rem;overflow-wrap:anywhere}h2{font-size:1.1rem;margin:1.2rem 0 .4rem}
table{border-collapse:collapse;width:100%;font-size:.95rem}th,td{text-align:left;padding:.35rem .4rem;border-bottom:1px solid #eee;vertical-align:top;overflow-wrap:break-word}
th{font-weight:600;background:#f6f6f6}
.muted{color:#666}.inline{display:inline}.bad{color:#a40000;font-weight:600}.warn{color:#8a5300;font-weight:600}.good{color:#1d6b1d}
form.filters{display:flex;flex-wrap:wrap;gap:.5rem;margin:.5rem 0}
input,select,button{font:inherit;padding:.35rem .5rem}button{cursor:pointer}
.actions{display:flex;gap:.75rem;flex-wrap:wrap;margin:1rem 0}.actions button{padding:.6rem 1.2rem}
.approve{background:#1d6b1d;color:#fff;border:0}.reject{background:#a40000;color:#fff;border:0}
.box{border:1px solid #ddd;padding:.6rem .8rem;margin:.6rem 0;border-radius:4px}
nav.pages{margin:1rem 0;display:flex;gap:1rem}
@media (max-width:40rem){.wide{display:none}table{font-size:.9rem}}
`;

/** A time as a person reads it on the page: UTC, to the second. */
export function when(iso: string | null | undefined): string {
  return iso ? iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC') : '–';
}

/** The class an outcome is shown with: blocked and failed runs stand out. */
export function outcomeClass(outcome: string | null | undefined): string {
  if (outcome === 'failed' || outcome === 'uncertain') return 'bad';
  if (outcome === 'blocked' || outcome === 'cancelled') return 'warn';
  return outcome === 'applied' || outcome === 'none' ? 'good' : 'muted';
}
