// The rules page: docs/RULES.md (the project's one statement of the rules)
// rendered into web/src/rules.html's <!-- RULES --> slot, at build time:
//   node web/tools/rules.mjs docs/RULES.md web/src/rules.html OUT.html
// Only the Markdown that RULES.md uses: headings, paragraphs, lists (one
// level of nesting), tables, code blocks, `code`, links. Each "## N. Name"
// section gets an id (nugget, placement, shock, attract, rings) for links
// from the game pages, and a table of contents is built from them.
import { readFileSync, writeFileSync } from 'node:fs';

const [src, template, out] = process.argv.slice(2);
const md = readFileSync(src, 'utf8');

const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
function inline(s) {
  const parts = s.split(/(`[^`]*`)/);
  return parts.map((p) => {
    if (p.startsWith('`') && p.endsWith('`') && p.length > 1) return `<code>${esc(p.slice(1, -1))}</code>`;
    // Links to other files of the repository are left as their text (the
    // site has only the pages); web links stay links.
    return esc(p).replace(/\[([^\]]+)\]\(([^)]+)\)/g, (_, text, href) => (/^https?:/.test(href) ? `<a href="${href}">${text}</a>` : text));
  }).join('');
}
const IDS = [[/golden nugget/i, 'nugget'], [/placement/i, 'placement'], [/shock/i, 'shock'], [/attract/i, 'attract'], [/rings/i, 'rings']];
const slug = (t) => t.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

const html = [];
const toc = [];
const lines = md.split('\n');
let i = 0;
let para = [];
const flush = () => {
  if (para.length) html.push(`<p>${inline(para.join(' '))}</p>`);
  para = [];
};
while (i < lines.length) {
  const line = lines[i];
  if (line.startsWith('```')) {
    flush();
    const code = [];
    for (i++; i < lines.length && !lines[i].startsWith('```'); i++) code.push(lines[i]);
    i++;
    html.push(`<pre tabindex="0"><code>${esc(code.join('\n'))}</code></pre>`);
    continue;
  }
  const h = line.match(/^(#{1,4}) (.*)$/);
  if (h) {
    flush();
    const level = h[1].length;
    const text = h[2];
    if (level === 1) {
      i++;
      continue; // the page's own <h1>
    }
    let id = slug(text);
    if (level === 2) {
      const hit = IDS.find(([re]) => re.test(text));
      if (hit) id = hit[1];
      toc.push(`<li><a href="#${id}">${inline(text)}</a></li>`);
    }
    html.push(`<h${level} id="${id}">${inline(text)}</h${level}>`);
    i++;
    continue;
  }
  if (line.startsWith('|')) {
    flush();
    const rows = [];
    for (; i < lines.length && lines[i].startsWith('|'); i++) rows.push(lines[i].split('|').slice(1, -1).map((c) => c.trim()));
    const [head, , ...body] = rows;
    html.push('<div class="table-scroll" tabindex="0"><table><thead><tr>' + head.map((c) => `<th scope="col">${inline(c)}</th>`).join('') + '</tr></thead><tbody>' +
      body.map((r) => '<tr>' + r.map((c) => `<td>${inline(c)}</td>`).join('') + '</tr>').join('') + '</tbody></table></div>');
    continue;
  }
  const li = line.match(/^(\s*)(-|\d+\.) (.*)$/);
  if (li) {
    flush();
    // A list: items at this indent; deeper items form one nested list.
    const ordered = /\d/.test(li[2]);
    const items = [];
    for (; i < lines.length; i++) {
      const m = lines[i].match(/^(\s*)(-|\d+\.) (.*)$/);
      if (m && m[1].length === li[1].length) items.push({ text: [m[3]], sub: [] });
      else if (m && m[1].length > li[1].length) items.at(-1).sub.push({ text: [m[3]] });
      else if (lines[i].trim() && /^\s+\S/.test(lines[i])) (items.at(-1).sub.at(-1) ?? items.at(-1)).text.push(lines[i].trim());
      else break;
    }
    const tag = ordered ? 'ol' : 'ul';
    html.push(`<${tag}>` + items.map((it) => `<li>${inline(it.text.join(' '))}` +
      (it.sub.length ? '<ul>' + it.sub.map((s) => `<li>${inline(s.text.join(' '))}</li>`).join('') + '</ul>' : '') + '</li>').join('') + `</${tag}>`);
    continue;
  }
  if (!line.trim()) flush();
  else para.push(line.trim());
  i++;
}
flush();
const page = readFileSync(template, 'utf8')
  .replace('<!-- TOC -->', toc.join('\n'))
  .replace('<!-- RULES -->', html.join('\n'));
writeFileSync(out, page);
