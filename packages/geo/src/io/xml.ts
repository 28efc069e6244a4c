/**
 * A small, strict XML reader for GPX/KML: elements, attributes, text, CDATA, comments,
 * processing instructions and the five predefined entities plus numeric character references.
 * DOCTYPE declarations are rejected outright (no entity expansion, so no XXE or entity bombs).
 * Namespace prefixes are stripped from names (`kml:coordinates` → `coordinates`).
 */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** concatenated text content directly inside this element */
  text: string;
}

export class XmlError extends Error {
  override name = 'XmlError';
}

const MAX_DEPTH = 64;

const localName = (n: string) => {
  const i = n.indexOf(':');
  return i >= 0 ? n.slice(i + 1) : n;
};

function decodeEntities(s: string, at: number): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);?/g, (m, body: string) => {
    if (!m.endsWith(';')) throw new XmlError(`bad entity near offset ${at}`);
    if (body[0] === '#') {
      const cp = body[1] === 'x' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      if (!(cp > 0 && cp <= 0x10ffff)) throw new XmlError(`bad character reference near offset ${at}`);
      return String.fromCodePoint(cp);
    }
    switch (body) {
      case 'lt':
        return '<';
      case 'gt':
        return '>';
      case 'amp':
        return '&';
      case 'quot':
        return '"';
      case 'apos':
        return "'";
      default:
        throw new XmlError(`unknown entity &${body}; near offset ${at}`);
    }
  });
}

const NAME = /^[A-Za-z_][\w.:-]*/;

/** Parse an XML document into its root element; throws XmlError when it is not well-formed. */
export function parseXml(src: string): XmlElement {
  let i = 0;
  const n = src.length;
  if (src.charCodeAt(0) === 0xfeff) i = 1;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const fail = (msg: string): never => {
    throw new XmlError(`${msg} (offset ${i})`);
  };
  while (i < n) {
    const lt = src.indexOf('<', i);
    const textEnd = lt < 0 ? n : lt;
    if (textEnd > i) {
      const raw = src.slice(i, textEnd);
      if (stack.length) stack[stack.length - 1]!.text += decodeEntities(raw, i);
      else if (raw.trim()) fail('text outside the root element');
      i = textEnd;
      if (lt < 0) break;
    }
    if (src.startsWith('<!--', i)) {
      const end = src.indexOf('-->', i + 4);
      if (end < 0) fail('unterminated comment');
      i = end + 3;
    } else if (src.startsWith('<![CDATA[', i)) {
      const end = src.indexOf(']]>', i + 9);
      if (end < 0) fail('unterminated CDATA');
      if (!stack.length) fail('CDATA outside the root element');
      stack[stack.length - 1]!.text += src.slice(i + 9, end);
      i = end + 3;
    } else if (src.startsWith('<?', i)) {
      const end = src.indexOf('?>', i + 2);
      if (end < 0) fail('unterminated processing instruction');
      i = end + 2;
    } else if (src.startsWith('<!', i)) {
      fail('DOCTYPE and other declarations are not allowed');
    } else if (src.startsWith('</', i)) {
      const m = NAME.exec(src.slice(i + 2, i + 2 + 256));
      if (!m) fail('bad closing tag');
      const name = m![0];
      let j = i + 2 + name.length;
      while (j < n && /\s/.test(src[j]!)) j++;
      if (src[j] !== '>') fail('bad closing tag');
      const open = stack.pop();
      if (!open || open.name !== localName(name)) fail(`mismatched closing tag </${name}>`);
      i = j + 1;
    } else {
      const m = NAME.exec(src.slice(i + 1, i + 1 + 256));
      if (!m) fail('bad tag');
      const el: XmlElement = { name: localName(m![0]), attrs: {}, children: [], text: '' };
      let j = i + 1 + m![0].length;
      let selfClosing = false;
      for (;;) {
        while (j < n && /\s/.test(src[j]!)) j++;
        if (j >= n) fail('unterminated tag');
        if (src[j] === '>') {
          j++;
          break;
        }
        if (src[j] === '/' && src[j + 1] === '>') {
          selfClosing = true;
          j += 2;
          break;
        }
        const am = NAME.exec(src.slice(j, j + 256));
        if (!am) fail('bad attribute');
        j += am![0].length;
        while (j < n && /\s/.test(src[j]!)) j++;
        if (src[j] !== '=') fail('attribute without a value');
        j++;
        while (j < n && /\s/.test(src[j]!)) j++;
        const q = src[j];
        if (q !== '"' && q !== "'") fail('unquoted attribute value');
        const end = src.indexOf(q!, j + 1);
        if (end < 0) fail('unterminated attribute value');
        const v = src.slice(j + 1, end);
        if (v.includes('<')) fail('"<" in attribute value');
        el.attrs[localName(am![0])] = decodeEntities(v, j);
        j = end + 1;
      }
      if (stack.length) stack[stack.length - 1]!.children.push(el);
      else if (root) fail('more than one root element');
      else root = el;
      if (!selfClosing) {
        if (stack.length >= MAX_DEPTH) fail('elements nested too deeply');
        stack.push(el);
      }
      i = j;
    }
  }
  if (stack.length) throw new XmlError(`unclosed element <${stack[stack.length - 1]!.name}>`);
  if (!root) throw new XmlError('no root element');
  return root;
}

/** Every descendant (depth-first, document order) named `name`. */
export function findAll(el: XmlElement, name: string, out: XmlElement[] = []): XmlElement[] {
  for (const c of el.children) {
    if (c.name === name) out.push(c);
    findAll(c, name, out);
  }
  return out;
}

export const child = (el: XmlElement, name: string) => el.children.find((c) => c.name === name);

// characters XML 1.0 cannot carry
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\x00-\x08\x0B\x0C\x0E-\x1F]/g;

export function escapeXml(s: string): string {
  return s
    .replace(XML_INVALID, '')
    .replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}
