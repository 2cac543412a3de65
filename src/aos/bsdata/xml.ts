/**
 * A small, strict XML reader for BattleScribe files (.gst, .cat). It builds an element tree and nothing
 * more: no DTDs, no external entities, no namespaces beyond keeping the `xmlns` attribute. Every size is
 * bounded (bytes, depth, elements, attributes) so a hostile file fails fast with a line number instead of
 * hanging or exhausting memory. Not a general-purpose parser: BattleScribe data needs none of the rest.
 */
import { InputError } from "../../core/errors.js";

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** Concatenated character data directly inside this element (entities decoded, not trimmed). */
  text: string;
}

export interface XmlLimits {
  maxBytes: number;
  maxDepth: number;
  maxElements: number;
  maxAttributes: number;
}

/** The largest real file (Lores.cat) is about 2 MB, 7 levels of nesting per entry, ~60k elements. */
export const XML_LIMITS: XmlLimits = { maxBytes: 8_000_000, maxDepth: 64, maxElements: 400_000, maxAttributes: 64 };

const NAME_RE = /[A-Za-z_][\w.:-]*/y;
const ATTR_RE = /\s*([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;
const PREDEFINED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < index; i = text.indexOf("\n", i + 1)) line++;
  return line;
}

export class XmlError extends InputError {
  override name = "XmlError";
}

/** Decodes the five predefined entities and numeric character references; anything else is an error. */
function decode(raw: string, fail: (msg: string) => never): string {
  if (!raw.includes("&")) return raw;
  return raw.replace(/&([^;&\s]{0,12});?/g, (m, ent: string) => {
    if (!m.endsWith(";")) fail(`"&" must start an entity like &amp; (found "${m}")`);
    if (Object.hasOwn(PREDEFINED, ent)) return PREDEFINED[ent]!; // own keys only: not &constructor;
    const num = /^#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}))$/.exec(ent);
    if (num) {
      const code = num[1] !== undefined ? parseInt(num[1], 16) : Number(num[2]);
      if (code > 0 && code <= 0x10ffff) return String.fromCodePoint(code);
    }
    return fail(`unknown entity "&${ent};" (BattleScribe files use only &amp; &lt; &gt; &quot; &apos; and &#N;)`);
  });
}

/**
 * Parses one XML document into its root element. `where` names the file in error messages.
 * Throws `XmlError` (an `InputError`) naming the file and line on any malformed or oversized input.
 */
export function parseXml(text: string, where = "XML", limits: XmlLimits = XML_LIMITS): XmlElement {
  if (text.length > limits.maxBytes) throw new XmlError(`${where}: larger than ${limits.maxBytes} bytes`);
  let pos = 0;
  const fail = (msg: string, at = pos): never => {
    throw new XmlError(`${where}: malformed XML at line ${lineOf(text, at)}: ${msg}`);
  };
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let elements = 0;
  if (text.charCodeAt(0) === 0xfeff) pos = 1;

  while (pos < text.length) {
    const lt = text.indexOf("<", pos);
    const chunkEnd = lt === -1 ? text.length : lt;
    if (chunkEnd > pos) {
      const chunk = text.slice(pos, chunkEnd);
      const top = stack[stack.length - 1];
      if (top) top.text += decode(chunk, (m) => fail(m));
      else if (chunk.trim() !== "") fail("text outside the root element");
    }
    if (lt === -1) break;
    pos = lt;
    if (text.startsWith("<?", pos)) {
      const end = text.indexOf("?>", pos + 2);
      if (end === -1) fail("unterminated <? ... ?>");
      pos = end + 2;
    } else if (text.startsWith("<!--", pos)) {
      const end = text.indexOf("-->", pos + 4);
      if (end === -1) fail("unterminated comment");
      pos = end + 3;
    } else if (text.startsWith("<![CDATA[", pos)) {
      const end = text.indexOf("]]>", pos + 9);
      if (end === -1) fail("unterminated CDATA section");
      const top = stack[stack.length - 1];
      if (!top) fail("CDATA outside the root element");
      top!.text += text.slice(pos + 9, end);
      pos = end + 3;
    } else if (text.startsWith("<!", pos)) {
      // DOCTYPE and entity declarations are refused: they are how XML bombs work, and BattleScribe has none.
      fail("DOCTYPE and <! declarations are not allowed");
    } else if (text.startsWith("</", pos)) {
      NAME_RE.lastIndex = pos + 2;
      const m = NAME_RE.exec(text);
      if (!m) fail("bad closing tag");
      const name = m![0];
      const gt = text.indexOf(">", NAME_RE.lastIndex);
      if (gt === -1 || text.slice(NAME_RE.lastIndex, gt).trim() !== "") fail(`bad closing tag </${name}`);
      const open = stack.pop();
      if (!open) fail(`closing tag </${name}> without an opening tag`);
      if (open!.name !== name) fail(`</${name}> closes <${open!.name}>`);
      pos = gt + 1;
    } else {
      NAME_RE.lastIndex = pos + 1;
      const m = NAME_RE.exec(text);
      if (!m) fail("a tag must start with a name");
      const el: XmlElement = { name: m![0], attrs: Object.create(null) as Record<string, string>, children: [], text: "" };
      let p = NAME_RE.lastIndex;
      let count = 0;
      for (;;) {
        ATTR_RE.lastIndex = p;
        const a = ATTR_RE.exec(text);
        if (!a) break;
        if (++count > limits.maxAttributes) fail(`more than ${limits.maxAttributes} attributes on <${el.name}>`);
        if (a[1]! in el.attrs) fail(`attribute "${a[1]}" repeated on <${el.name}>`);
        el.attrs[a[1]!] = decode(a[2] ?? a[3] ?? "", (msg) => fail(msg, p));
        p = ATTR_RE.lastIndex;
      }
      while (p < text.length && /\s/.test(text[p]!)) p++;
      let selfClosing = false;
      if (text.startsWith("/>", p)) {
        selfClosing = true;
        p += 2;
      } else if (text[p] === ">") p += 1;
      else fail(`unexpected ${p < text.length ? `"${text[p]}"` : "end of file"} in <${el.name}>`, p);
      if (++elements > limits.maxElements) fail(`more than ${limits.maxElements} elements`);
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(el);
      else if (root) fail("more than one root element");
      else root = el;
      if (!selfClosing) {
        if (stack.length >= limits.maxDepth) fail(`nested deeper than ${limits.maxDepth} levels`);
        stack.push(el);
      }
      pos = p;
    }
  }
  if (stack.length > 0) fail(`<${stack[stack.length - 1]!.name}> is never closed`, text.length);
  if (!root) fail("no root element", 0);
  return root!;
}

/** Direct children named `name`. */
export function childrenNamed(el: XmlElement | undefined, name: string): XmlElement[] {
  return el ? el.children.filter((c) => c.name === name) : [];
}

/** The first direct child named `name`. */
export function child(el: XmlElement | undefined, name: string): XmlElement | undefined {
  return el?.children.find((c) => c.name === name);
}

/** Children of the container child: `items(entry, "profiles", "profile")`. */
export function items(el: XmlElement | undefined, container: string, name: string): XmlElement[] {
  return childrenNamed(child(el, container), name);
}
