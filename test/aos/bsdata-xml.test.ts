/** The BattleScribe XML reader: what it accepts, and that hostile input fails fast with a line number. */
import { describe, expect, it } from "vitest";
import { parseXml, XML_LIMITS, XmlError } from "../../src/aos/bsdata/index.js";
import { InputError } from "../../src/core/errors.js";

describe("parseXml", () => {
  it("builds the element tree with attributes, text and the five entities decoded", () => {
    const root = parseXml(`<?xml version="1.0"?>\n<!-- c --><a x="1" y='&quot;2&quot;'><b>5&quot; &amp; &apos;x&apos; &lt;&gt; &#65;&#x42;</b><c/><![CDATA[<raw>]]></a>`);
    expect(root.name).toBe("a");
    expect(root.attrs).toEqual({ x: "1", y: '"2"' });
    expect(root.children.map((c) => c.name)).toEqual(["b", "c"]);
    expect(root.children[0]!.text).toBe(`5" & 'x' <> AB`);
    expect(root.text).toBe("<raw>");
  });

  it("reports a mismatched closing tag with its line", () => {
    expect(() => parseXml("<a>\n<b>\n</c>\n</a>", "t.cat")).toThrow("t.cat: malformed XML at line 3: </c> closes <b>");
  });

  it("reports an unclosed element, text outside the root, and a second root", () => {
    expect(() => parseXml("<a><b></b>", "t.cat")).toThrow("t.cat: malformed XML at line 1: <a> is never closed");
    expect(() => parseXml("hello <a/>", "t.cat")).toThrow("text outside the root element");
    expect(() => parseXml("<a/><b/>", "t.cat")).toThrow("more than one root element");
    expect(() => parseXml("", "t.cat")).toThrow("no root element");
  });

  it("refuses DOCTYPE and entity declarations (no entity expansion, no XML bombs)", () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><a>&lol2;</a>`;
    expect(() => parseXml(bomb, "bomb.cat")).toThrow("bomb.cat: malformed XML at line 1: DOCTYPE and <! declarations are not allowed");
    expect(() => parseXml("<a>&lol;</a>", "e.cat")).toThrow('unknown entity "&lol;"');
  });

  it("bounds depth, element count, attributes and size", () => {
    const deep = "<a>".repeat(XML_LIMITS.maxDepth + 1) + "</a>".repeat(XML_LIMITS.maxDepth + 1);
    expect(() => parseXml(deep, "deep.cat")).toThrow(`nested deeper than ${XML_LIMITS.maxDepth} levels`);
    const limits = { ...XML_LIMITS, maxElements: 100 };
    expect(() => parseXml(`<a>${"<b/>".repeat(100)}</a>`, "wide.cat", limits)).toThrow("more than 100 elements");
    const attrs = Array.from({ length: 65 }, (_, i) => `a${i}="1"`).join(" ");
    expect(() => parseXml(`<a ${attrs}/>`, "attrs.cat")).toThrow("more than 64 attributes on <a>");
    expect(() => parseXml(`<a x="1" x="2"/>`, "dup.cat")).toThrow('attribute "x" repeated on <a>');
    expect(() => parseXml(`<a>${" ".repeat(200)}</a>`, "big.cat", { ...XML_LIMITS, maxBytes: 100 })).toThrow("big.cat: larger than 100 bytes");
  });

  it("a hostile 2 MB file of unclosed tags fails fast, as an InputError", () => {
    const text = "<a>".repeat(700_000);
    const t0 = performance.now();
    let err: unknown;
    try {
      parseXml(text, "hostile.cat");
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(XmlError);
    expect(err).toBeInstanceOf(InputError);
    expect((err as Error).message).toBe(`hostile.cat: malformed XML at line 1: nested deeper than ${XML_LIMITS.maxDepth} levels`);
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});
