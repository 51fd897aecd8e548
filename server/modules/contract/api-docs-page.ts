// The API reference page: server-rendered from the OpenAPI document, no script at all (the CSP
// allows none inline and the machine has no CDN), styles inline (allowed by style-src).

import { escapeHtml } from "../../../core/escape-html.ts";

type Json = Record<string, unknown>;

const escape = (s: unknown) => escapeHtml(String(s));

function resolve(schema: unknown, doc: Json): Json {
  let s = (schema ?? {}) as Json;
  for (let i = 0; i < 5 && typeof s.$ref === "string"; i++) {
    s = s.$ref
      .replace(/^#\//, "")
      .split("/")
      .reduce<Json>((node, key) => (node?.[key] ?? {}) as Json, doc);
  }
  return s;
}

function typeName(schema: unknown, doc: Json): string {
  const s = resolve(schema, doc);
  if ("const" in s) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  const options = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (options) return options.map((o) => typeName(o, doc)).join(" | ");
  if (s.type === "array") return `${typeName(s.items, doc)}[]`;
  if (Array.isArray(s.type)) return s.type.join(" | ");
  if (typeof s.type === "string") return s.type;
  return "any";
}

/** A nested list of an object's fields: name, type, required, and the fields of nested objects. */
function fields(schema: unknown, doc: Json, depth = 0): string {
  const s = resolve(schema, doc);
  if (depth > 4) return "";
  const options = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (options && options.some((o) => resolve(o, doc).properties)) {
    return `<ul>${options.map((o, i) => `<li>Shape ${i + 1}${fields(o, doc, depth + 1)}</li>`).join("")}</ul>`;
  }
  if (s.type === "array") return fields(s.items, doc, depth + 1);
  const nullable = Array.isArray(s.type) && s.type.includes("null");
  const props = s.properties as Record<string, unknown> | undefined;
  if (!props || (s.type !== "object" && !nullable && s.type !== undefined)) return "";
  const required = new Set((s.required ?? []) as string[]);
  const rows = Object.entries(props).map(
    ([key, value]) =>
      `<li><code>${escape(key)}</code> <span class="t">${escape(typeName(value, doc))}</span>${required.has(key) ? "" : ' <span class="o">optional</span>'}${fields(value, doc, depth + 1)}</li>`,
  );
  return rows.length ? `<ul>${rows.join("")}</ul>` : "";
}

function section(title: string, id: string, meta: string, input: string, reply: string) {
  return `<section id="${escape(id)}"><h3>${title}</h3><p>${meta}</p><div class="io"><div><h4>Input</h4>${input || "<p>None.</p>"}</div><div><h4>Reply</h4>${reply || "<p>No Data.</p>"}</div></div></section>`;
}

export function apiDocsPage(doc: Json): string {
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const parts: string[] = [];
  const toc: string[] = [];

  const journeyPath = Object.keys(paths).find((p) => paths[p].post?.["x-journey-events"]);
  if (journeyPath) {
    const events = paths[journeyPath].post["x-journey-events"] as Record<string, Json>;
    parts.push(`<h2 id="journey">Journey events</h2><p>Each is <code>POST ${escape(journeyPath)}</code> with <code>event_name</code> set.</p>`);
    for (const [name, e] of Object.entries(events)) {
      toc.push(`<li><a href="#event-${escape(name)}">${escape(name)}</a></li>`);
      const answer = resolve(e.answer, doc);
      const data = (answer.properties as Json | undefined)?.Data;
      parts.push(
        section(
          `<code>${escape(name)}</code>`,
          `event-${name}`,
          `${escape(e.summary)} Access: ${escape(e.access)}.`,
          fields(e.input, doc),
          data ? fields(data, doc) : "",
        ),
      );
    }
  }

  parts.push('<h2 id="paths">Other paths</h2>');
  for (const [path, ops] of Object.entries(paths)) {
    if (path === journeyPath) continue;
    for (const [method, op] of Object.entries(ops)) {
      const id = `${method}-${path}`.replace(/[^a-zA-Z0-9_-]+/g, "-");
      toc.push(`<li><a href="#${escape(id)}">${escape(method.toUpperCase())} ${escape(path)}</a></li>`);
      const params = (op.parameters ?? []) as Json[];
      const body = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
      const input = params.length
        ? `<p>Query:</p><ul>${params.map((p) => `<li><code>${escape(p.name)}</code> <span class="t">${escape(typeName(p.schema, doc))}</span>${p.required ? "" : ' <span class="o">optional</span>'}</li>`).join("")}</ul>`
        : body
          ? fields(body["application/json"].schema, doc)
          : "";
      const ok = ((op.responses as Record<string, Json>)["200"] ?? {}) as Json;
      const content = (ok.content ?? {}) as Record<string, Json>;
      const json = content["application/json"]?.schema ? resolve(content["application/json"].schema, doc) : null;
      const envelopeData = json?.properties ? ((json.properties as Json).Data ?? (json.properties as Json).data) : undefined;
      const reply = envelopeData
        ? fields(envelopeData, doc) || `<p><span class="t">${escape(typeName(envelopeData, doc))}</span></p>`
        : Object.keys(content).length
          ? `<p>${escape(Object.keys(content).join(", "))}</p>`
          : `<p>${escape(
              Object.keys(op.responses as Json)
                .filter((k) => k !== "4XX")
                .join(", "),
            )}: redirect</p>`;
      parts.push(
        section(`<code>${escape(method.toUpperCase())} ${escape(path)}</code>`, id, `${escape(op.summary)} Access: ${escape(op["x-access"])}.`, input, reply),
      );
    }
  }

  const info = doc.info as Json;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escape(info.title)} reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1a1a1a;background:#fafafa}
main{max-width:1100px;margin:0 auto;padding:1.5rem}
section{background:#fff;border:1px solid #ddd;border-radius:6px;padding:.75rem 1rem;margin:.75rem 0}
h3{margin:.2rem 0;font-size:1.05rem}
.io{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
@media (max-width:700px){.io{grid-template-columns:1fr}}
h4{margin:.3rem 0;font-size:.9rem;color:#444}
ul{margin:.2rem 0;padding-left:1.2rem}
code{font-family:ui-monospace,monospace}
.t{color:#0b5394;font-family:ui-monospace,monospace;font-size:.85em}
.o{color:#777;font-size:.8em}
nav ul{columns:3;font-size:.85rem}
</style></head><body><main>
<h1>${escape(info.title)} reference</h1>
<p>${escape(info.description)} The machine-readable document is <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escape(doc.openapi)}).</p>
<nav aria-label="Contents"><ul>${toc.join("")}</ul></nav>
${parts.join("\n")}
</main></body></html>`;
}
