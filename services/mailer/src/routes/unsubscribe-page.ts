import { escapeHtml } from "../templates/escape-html.ts";

// The web app's design tokens (web/src/styles/tokens.css), light and dark, for a page that loads no
// stylesheet: the site's header bar with its logo, and one card that keeps clear of a phone's edges.
const STYLES = `
:root{color-scheme:light dark;--bg:#f8fafc;--surface:#fff;--text:#0f172a;--muted:#475569;--border:#e2e8f0;--accent:#4f46e5;--accent-hover:#4338ca;--on-accent:#fff;--link:#4338ca;--focus:#4f46e5;--note:#eef2ff}
@media (prefers-color-scheme:dark){:root{--bg:#0b1120;--surface:#111827;--text:#e2e8f0;--muted:#a3b1c6;--border:#273449;--accent:#818cf8;--accent-hover:#a5b4fc;--on-accent:#0b1120;--link:#a5b4fc;--focus:#a5b4fc;--note:#1e1b4b}}
*{box-sizing:border-box}
html{background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;-webkit-text-size-adjust:100%}
body{margin:0;min-width:320px}
a{color:var(--link)}
a:focus-visible,button:focus-visible{outline:none;box-shadow:0 0 0 2px var(--surface),0 0 0 4px var(--focus)}
.site-header{background:var(--surface);border-bottom:1px solid var(--border)}
.header-row{display:flex;align-items:center;min-height:4rem;max-width:72rem;margin:0 auto;padding:0 1rem}
.logo{display:inline-flex;align-items:center;gap:.5rem;color:var(--text);font-size:1.25rem;font-weight:700;text-decoration:none;border-radius:8px}
.logo svg{width:1.75rem;height:1.75rem}.logo rect{fill:var(--accent)}.logo path{fill:var(--on-accent)}
main{max-width:30rem;margin:2rem auto;padding:0 1rem}
.card{padding:1.5rem;background:var(--surface);border:1px solid var(--border);border-radius:12px;box-shadow:0 1px 2px rgb(15 23 42/.06),0 4px 16px rgb(15 23 42/.08);overflow-wrap:anywhere}
h1{font-size:1.75rem;line-height:1.2;margin:0 0 1rem}p{margin:0 0 1.5rem}.card>:last-child{margin-bottom:0}
form{margin:0 0 1.5rem}
button{font:inherit;font-weight:600;min-height:2.75rem;background:var(--accent);color:var(--on-accent);border:0;border-radius:8px;padding:.625rem 1rem;cursor:pointer}
button:hover{background:var(--accent-hover)}
.muted{color:var(--muted);font-size:.875rem}
.note{padding:.75rem 1rem;border-radius:8px;background:var(--note)}
@media (min-width:640px){.header-row{padding:0 1.5rem}main{margin-top:4rem}}
@media (max-width:480px){.card{padding:1rem}}
`;

const LOGO = `<a class="logo" href="/" aria-label="tubedigest home"><svg viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="7"/><path d="M12 9.5v13l11-6.5z"/></svg><span>tubedigest</span></a>`;

/**
 * The small pages an unsubscribe link shows: plain HTML with its own styles (the web app's look and
 * header, no script), a heading, a sentence, at most one button, which posts back to the same link, and a
 * note with links to the site (what the click does not change, and where to change it).
 */
export function unsubscribePage(page: {
  title: string;
  text: string;
  button?: { label: string; action: string };
  note?: { text: string; links: { label: string; href: string }[] };
}): string {
  const button = page.button
    ? `<form method="post" action="${escapeHtml(page.button.action)}"><button type="submit">${escapeHtml(page.button.label)}</button></form>`
    : "";
  const note = page.note
    ? `<p class="note">${escapeHtml(page.note.text)}</p><p>${page.note.links
        .map((link) => `<a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>`)
        .join(" · ")}</p>`
    : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)} · tubedigest</title>
<style>${STYLES}</style></head>
<body><header class="site-header"><div class="header-row">${LOGO}</div></header>
<main><div class="card"><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.text)}</p>${button}${note}
<p class="muted"><a href="/">Back to tubedigest</a></p></div></main></body></html>`;
}
