import { html, page } from './page-html.js';

/** The sign-in form: a token from the config's console.tokens (or MENUSYNC_CONSOLE_TOKEN). */
export function renderLoginPage(base: string, failed: boolean): string {
  return page(
    { title: 'Sign in', user: null, base },
    html`<h1>Sign in</h1>
      ${failed ? html`<p class="bad">That token is not known.</p>` : html``}
      <form method="post" action="${base}/login" class="box">
        <p>
          <label>Token <input type="password" name="token" required autocomplete="current-password" /></label>
        </p>
        <p><button type="submit">Sign in</button></p>
      </form>`,
  );
}

/** A page that says one thing: not found, refused, or what a decision came to. */
export function renderMessagePage(
  base: string,
  title: string,
  message: string,
  user: Parameters<typeof page>[0]['user'] = null,
): string {
  return page(
    { title, user, base },
    html`<h1>${title}</h1>
      <p>${message}</p>
      <p><a href="${base}/">Fleet</a></p>`,
  );
}
