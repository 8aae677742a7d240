import type { Context } from 'hono';

/** Lines of text as bytes, one chunk each, as the response body takes them. */
const byteStream = (lines: AsyncIterable<string>) => {
  const encoder = new TextEncoder();
  const iterator = lines[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    pull: async (controller) => {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    cancel: async () => {
      await iterator.return?.();
    },
  });
};

/** A CSV file to download, streamed line by line as the database gives them; never cached. */
export const csvResponse = (c: Context, { filename, lines }: { filename: string; lines: AsyncIterable<string> }) =>
  c.body(byteStream(lines), 200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${filename}"`,
    'cache-control': 'private, no-store',
  });
