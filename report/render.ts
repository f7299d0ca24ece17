/**
 * A tiny document model for reports and its two renderings, Markdown and a standalone HTML page.
 * Sections are built once as blocks, so both formats always say the same thing.
 *
 * @module
 */
import { escapeXml } from "./svg_plots.ts";

/** One block of a report. */
export type Block =
  | { kind: "heading"; level: 1 | 2 | 3; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "facts"; items: [string, string][] }
  | { kind: "table"; head: string[]; rows: string[][]; numeric?: boolean[] }
  | { kind: "list"; items: string[] }
  | { kind: "image"; name: string; alt: string };

function mdCell(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
}

function mdText(text: string): string {
  // Keep user-provided text from turning into markup (emphasis, links, html).
  return text.replace(/([\\`*[\]<>])/g, "\\$1");
}

/** Renders blocks as GitHub-flavoured Markdown. */
export function toMarkdown(blocks: readonly Block[]): string {
  const out: string[] = [];
  for (const b of blocks) {
    switch (b.kind) {
      case "heading":
        out.push(`${"#".repeat(b.level)} ${mdText(b.text)}`);
        break;
      case "paragraph":
        out.push(mdText(b.text));
        break;
      case "facts":
        out.push(b.items.map(([k, v]) => `- **${mdText(k)}:** ${mdText(v)}`).join("\n"));
        break;
      case "list":
        out.push(b.items.length ? b.items.map((i) => `- ${mdText(i)}`).join("\n") : "_none_");
        break;
      case "image":
        out.push(`![${mdText(b.alt)}](${b.name})`);
        break;
      case "table": {
        if (b.rows.length === 0) {
          out.push("_none_");
          break;
        }
        const align = b.head.map((_, i) => (b.numeric?.[i] ? "---:" : "---"));
        out.push(
          [
            `| ${b.head.map(mdCell).join(" | ")} |`,
            `| ${align.join(" | ")} |`,
            ...b.rows.map((r) => `| ${r.map(mdCell).join(" | ")} |`),
          ].join("\n"),
        );
        break;
      }
    }
  }
  return out.join("\n\n") + "\n";
}

const CSS =
  `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1d2330;
max-width:1040px;margin:32px auto;padding:0 20px;line-height:1.45;font-size:14px}
h1{font-size:24px}h2{font-size:19px;margin-top:32px;border-bottom:1px solid #e2e5eb;padding-bottom:4px}
h3{font-size:15px;margin-top:20px}table{border-collapse:collapse;width:100%;margin:8px 0}
th,td{border-bottom:1px solid #e2e5eb;padding:5px 8px;text-align:left;vertical-align:top}
th{font-size:12px;color:#687083}td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
dl{display:grid;grid-template-columns:max-content 1fr;gap:3px 14px}dt{color:#687083}dd{margin:0}
figure{margin:12px 0}figure svg{max-width:100%;height:auto;border:1px solid #e2e5eb;border-radius:6px}
.none{color:#687083;font-style:italic}`;

/** Renders blocks as one standalone HTML page; images are inlined from `svgs` by name. */
export function toHtml(
  title: string,
  blocks: readonly Block[],
  svgs: ReadonlyMap<string, string>,
): string {
  const e = escapeXml;
  const out: string[] = [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(title)}</title>`,
    `<style>${CSS}</style>`,
    "</head>",
    "<body>",
  ];
  for (const b of blocks) {
    switch (b.kind) {
      case "heading":
        out.push(`<h${b.level}>${e(b.text)}</h${b.level}>`);
        break;
      case "paragraph":
        out.push(`<p>${e(b.text)}</p>`);
        break;
      case "facts":
        out.push(
          `<dl>${b.items.map(([k, v]) => `<dt>${e(k)}</dt><dd>${e(v)}</dd>`).join("")}</dl>`,
        );
        break;
      case "list":
        out.push(
          b.items.length
            ? `<ul>${b.items.map((i) => `<li>${e(i)}</li>`).join("")}</ul>`
            : '<p class="none">none</p>',
        );
        break;
      case "image": {
        const svg = svgs.get(b.name);
        out.push(
          svg === undefined
            ? `<figure><img src="${e(b.name)}" alt="${e(b.alt)}"></figure>`
            : `<figure aria-label="${e(b.alt)}">${svg.trim()}</figure>`,
        );
        break;
      }
      case "table": {
        if (b.rows.length === 0) {
          out.push('<p class="none">none</p>');
          break;
        }
        const cls = (i: number) => (b.numeric?.[i] ? ' class="n"' : "");
        out.push(
          "<table><thead><tr>" + b.head.map((h, i) => `<th${cls(i)}>${e(h)}</th>`).join("") +
            "</tr></thead><tbody>" +
            b.rows.map((r) =>
              "<tr>" + r.map((c, i) => `<td${cls(i)}>${e(c)}</td>`).join("") + "</tr>"
            )
              .join("") +
            "</tbody></table>",
        );
        break;
      }
    }
  }
  out.push("</body>", "</html>");
  return out.join("\n") + "\n";
}
