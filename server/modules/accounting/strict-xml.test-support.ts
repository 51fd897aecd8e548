// A small strict XML reader for tests of the files we export (the Tally import file): it refuses what an
// XML parser refuses (a tag closed out of order, a bare & or <, text outside the root, an unknown entity),
// so a test that reads a file through it also proves the file is well-formed.

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
  /** The one child of that name (throws when there is none or more than one). */
  child(name: string): XmlElement;
  all(name: string): XmlElement[];
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decode(raw: string): string {
  if (/<|&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(raw)) throw new Error(`Not well-formed text: ${raw.slice(0, 40)}`);
  return raw.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_, e: string) =>
    e.startsWith("#x") ? String.fromCodePoint(parseInt(e.slice(2), 16)) : e.startsWith("#") ? String.fromCodePoint(Number(e.slice(1))) : ENTITIES[e],
  );
}

function element(name: string, attributes: Record<string, string>): XmlElement {
  const el: XmlElement = {
    name,
    attributes,
    children: [],
    text: "",
    child(n) {
      const found = el.children.filter((c) => c.name === n);
      if (found.length !== 1) throw new Error(`<${name}> has ${found.length} <${n}>`);
      return found[0];
    },
    all: (n) => el.children.filter((c) => c.name === n),
  };
  return el;
}

export function parseXml(source: string): XmlElement {
  const text = source.replace(/^<\?xml[^?]*\?>\s*/, "");
  const token = /<\/?([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+\s*=\s*"[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  for (let m = token.exec(text); m; m = token.exec(text)) {
    const [whole, name, attrs, selfClosing, chars, stray] = m;
    if (stray) throw new Error(`A stray < at ${m.index}`);
    if (chars !== undefined) {
      if (!stack.length) {
        if (chars.trim()) throw new Error("Text outside the root element");
        continue;
      }
      stack.at(-1)!.text += decode(chars);
      continue;
    }
    if (whole.startsWith("</")) {
      const open = stack.pop();
      if (!open || open.name !== name) throw new Error(`</${name}> closes <${open?.name ?? "nothing"}>`);
      open.text = open.text.trim();
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const a of attrs.matchAll(/([\w.:-]+)\s*=\s*"([^"]*)"/g)) attributes[a[1]] = decode(a[2]);
    const el = element(name, attributes);
    if (stack.length) stack.at(-1)!.children.push(el);
    else if (root) throw new Error("A second root element");
    else root = el;
    if (!selfClosing) stack.push(el);
  }
  if (stack.length || !root) throw new Error(`Unclosed <${stack.at(-1)?.name ?? "root"}>`);
  return root;
}
