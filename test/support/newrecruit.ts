/** New Recruit's other exports built from a .ros, for the tests: its JSON, and a .rosz (a one-entry zip). */
import { deflateRawSync } from "node:zlib";
import { parseXml } from "../../src/aos/bsdata/index.js";
import type { XmlElement } from "../../src/aos/bsdata/xml.js";

/** The same roster as New Recruit's JSON export writes it: containers as arrays, text under "$text". */
export function toNrJson(el: XmlElement): Record<string, unknown> {
  const o: Record<string, unknown> = { ...el.attrs };
  if (el.text.trim() !== "") o.$text = el.text;
  for (const c of el.children) o[c.name] = c.children.map(toNrJson);
  return o;
}

/** A one-entry zip (deflated), as a .rosz is. */
export function zip(name: string, data: Buffer): Buffer {
  const comp = deflateRawSync(data);
  const n = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(comp.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(n.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(comp.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(n.length, 28);
  central.writeUInt32LE(0, 42);
  const cdOffset = local.length + n.length + comp.length;
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(1, 8);
  eocd.writeUInt16LE(1, 10);
  eocd.writeUInt32LE(central.length + n.length, 12);
  eocd.writeUInt32LE(cdOffset, 16);
  return Buffer.concat([local, n, comp, central, n, eocd]);
}

/** The .ros text as New Recruit's .json export. */
export function rosToNrJson(ros: string): string {
  return JSON.stringify({ roster: toNrJson(parseXml(ros)) });
}
