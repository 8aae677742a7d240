import type { RecordedRequest } from './platform-fake-kit.ts';

const HTML_TAGS = new Set(['b', 'strong', 'i', 'em', 'u', 'ins', 's', 'strike', 'del', 'a', 'code', 'pre']);
const HTML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"' };

/** Telegram's HTML parse mode, enough to refuse what it refuses: a `<` that opens no supported tag. */
export const parseHtml = (html: string): { text: string } | { error: string } => {
  let text = '';
  for (let index = 0; index < html.length;) {
    const rest = html.slice(index);
    const offset = Buffer.byteLength(html.slice(0, index));
    if (rest.startsWith('<')) {
      const tag = /^<\/?([a-z-]*)(?:\s[^<>]*)?>/i.exec(rest);
      if (!tag) return { error: `can't parse entities: Can't find end of the tag at byte offset ${offset}` };
      const name = (tag[1] ?? '').toLowerCase();
      if (!HTML_TAGS.has(name))
        return { error: `can't parse entities: Unsupported start tag "${name}" at byte offset ${offset}` };
      index += tag[0].length;
      continue;
    }
    const entity = /^&(#\d+|[a-z]+);/i.exec(rest);
    if (entity?.[1]) {
      const name = entity[1];
      text += name.startsWith('#') ? String.fromCodePoint(Number(name.slice(1))) : (HTML_ENTITIES[name] ?? entity[0]);
      index += entity[0].length;
      continue;
    }
    text += html[index];
    index += 1;
  }
  return { text };
};

/** A call's parameters: its JSON body, or a multipart body's text fields (objects in them JSON-serialized). */
export const paramsOf = (request: RecordedRequest): Record<string, unknown> => {
  if (request.json && typeof request.json === 'object') return request.json as Record<string, unknown>;
  const params: Record<string, unknown> = {};
  for (const part of request.parts ?? []) {
    if (part.value === undefined) continue;
    params[part.name] = /^[[{]/.test(part.value) ? (JSON.parse(part.value) as unknown) : part.value;
  }
  return params;
};
