/**
 * CommerceML files read as a stream: 1C's catalogues reach 100+ MB, so a file is never one
 * string or one object graph. Only the small elements a reader asks for (a `Товар`, a
 * `Предложение`) are gathered into a node, one at a time.
 */
import { SaxesParser } from "saxes";

/** A file 1C sent that the site cannot take; the message is 1C's `failure` reason, in Russian. */
export class OnecFormatError extends Error {
  override name = "OnecFormatError";
}

export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  text: string;
  children: XmlNode[];
}

export function childOf(node: XmlNode, name: string): XmlNode | undefined {
  return node.children.find((c) => c.name === name);
}

export function childrenOf(node: XmlNode, name: string): XmlNode[] {
  return node.children.filter((c) => c.name === name);
}

/** The trimmed text of the first child of that name ('' without one). */
export function textOf(node: XmlNode, name: string): string {
  return childOf(node, name)?.text.trim() ?? "";
}

/**
 * A string of its own: the parser's texts are slices of the piece of the file they came in, and a
 * slice kept (a part's name) keeps that whole piece alive; 100 000 kept goods kept the whole file.
 */
export function own(text: string): string {
  return text.length === 0 ? "" : Buffer.from(text, "utf8").toString("utf8");
}

/** '1 250,50' and '1250.50' alike; undefined when it is no number. */
export function numberOf(text: string): number | undefined {
  const cleaned = text.replace(/[\s\u00a0]/g, "").replace(",", ".");
  if (cleaned === "") return undefined;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : undefined;
}

export interface XmlReader {
  /** Whether the element at this path (root first, the element last) is gathered into a node. */
  collect(path: readonly string[]): boolean;
  onNode(node: XmlNode, path: readonly string[]): void;
  onOpen?(name: string, attrs: Record<string, string>, path: readonly string[]): void;
  /** After each piece of the file: the reader hands what it gathered on (waiting keeps memory flat). */
  drain?(): Promise<void>;
}

const BOM = [0xef, 0xbb, 0xbf];

/** The encoding the file declares (a BOM says UTF-8); UTF-8 when it declares none. */
export function declaredEncoding(head: Uint8Array): string {
  if (BOM.every((b, i) => head[i] === b)) return "utf-8";
  const start = Buffer.from(head.subarray(0, 256)).toString("latin1");
  const match = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(start);
  return match ? match[1].toLowerCase() : "utf-8";
}

function decoderFor(encoding: string, file: string): TextDecoder {
  try {
    return new TextDecoder(encoding);
  } catch {
    throw new OnecFormatError(`Файл ${file}: неизвестная кодировка ${encoding}`);
  }
}

/** Feeds the file through the reader; a malformed file throws OnecFormatError with its line. */
export async function readXml(input: AsyncIterable<Uint8Array>, file: string, reader: XmlReader): Promise<void> {
  const parser = new SaxesParser({ position: true });
  const path: string[] = [];
  // The nodes being gathered, the outermost first; empty when nothing is.
  const open: XmlNode[] = [];
  let collectDepth = -1;
  let failure: Error | undefined;
  parser.on("error", (error) => {
    failure ??= new OnecFormatError(
      `Ошибка XML в файле ${file}, строка ${parser.line}: ${error.message.replace(/^[^:]*:?\d+:\d+: /, "")}`,
    );
  });
  parser.on("opentag", (tag) => {
    const attrs = tag.attributes as Record<string, string>;
    path.push(tag.name);
    if (open.length > 0) {
      const node: XmlNode = { name: tag.name, attrs, text: "", children: [] };
      open[open.length - 1].children.push(node);
      open.push(node);
      return;
    }
    reader.onOpen?.(tag.name, attrs, path);
    if (reader.collect(path)) {
      collectDepth = path.length;
      open.push({ name: tag.name, attrs, text: "", children: [] });
    }
  });
  const onText = (text: string) => {
    if (open.length > 0) open[open.length - 1].text += text;
  };
  parser.on("text", onText);
  parser.on("cdata", onText);
  parser.on("closetag", () => {
    if (open.length > 0) {
      const node = open.pop()!;
      if (open.length === 0 && path.length === collectDepth) reader.onNode(node, path);
    }
    path.pop();
  });

  let decoder: TextDecoder | undefined;
  const check = () => {
    if (failure) throw failure;
  };
  for await (const chunk of input) {
    decoder ??= decoderFor(declaredEncoding(chunk), file);
    parser.write(decoder.decode(chunk, { stream: true }));
    check();
    await reader.drain?.();
  }
  if (!decoder) throw new OnecFormatError(`Файл ${file} пуст`);
  parser.write(decoder.decode());
  parser.close();
  check();
  await reader.drain?.();
}
