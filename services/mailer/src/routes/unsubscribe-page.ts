import { escapeHtml } from "../templates/escape-html.ts";
/**
 * The small pages an unsubscribe link shows: plain HTML with its own styles (the web app's look, no
 * script), a heading, a sentence and at most one button, which posts back to the same link.
 */
export function unsubscribePage(page: {
  title: string;
  text: string;
  button?: { label: string; action: string };
}): string {
  const button = page.button
    ? `<form method="post" action="${escapeHtml(page.button.action)}"><button type="submit">${escapeHtml(page.button.label)}</button></form>`
    : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)} · tubedigest</title>
<style>
body{margin:0;background:#f8fafc;color:#1e293b;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:28rem;margin:4rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(15,23,42,.12)}
h1{font-size:1.5rem;margin:0 0 1rem}p{margin:0 0 1.5rem}
button{font:inherit;background:#4f46e5;color:#fff;border:0;border-radius:8px;padding:.75rem 1.25rem;cursor:pointer}
button:focus-visible{outline:2px solid #1e1b4b;outline-offset:2px}a{color:#4338ca}
@media (prefers-color-scheme:dark){body{background:#0f172a;color:#e2e8f0}main{background:#1e293b}a{color:#a5b4fc}}
</style></head>
<body><main><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.text)}</p>${button}
<p><a href="/">tubedigest</a></p></main></body></html>`;
}
