import { describe, expect, it } from 'vitest';
import { parseTikTokJson } from './tiktok-json.ts';

describe("reading TikTok's answers", () => {
  it('keeps an int64 post id exact, as a string, where JSON.parse would round it', () => {
    const text = '{"data":{"publicaly_available_post_id":[7350000000000000001],"uploaded_bytes":4096}}';
    expect(JSON.parse(text)).not.toEqual({ data: { publicaly_available_post_id: ['7350000000000000001'] } });
    expect(parseTikTokJson(text)).toEqual({
      data: { publicaly_available_post_id: ['7350000000000000001'], uploaded_bytes: 4096 },
    });
  });

  it('leaves digits inside strings, escaped quotes, negative, decimal and exponent numbers alone', () => {
    const text =
      '{"title":"Day 7350000000000000001 \\"quoted\\" 12345678901234567890","n":-3,"f":1.5e3,"x":[9007199254740991,-9007199254740993]}';
    expect(parseTikTokJson(text)).toEqual({
      title: 'Day 7350000000000000001 "quoted" 12345678901234567890',
      n: -3,
      f: 1500,
      x: [9_007_199_254_740_991, '-9007199254740993'],
    });
  });

  it('throws on text that is not JSON, as JSON.parse does', () => {
    expect(() => parseTikTokJson('<html>Bad gateway</html>')).toThrow(SyntaxError);
  });
});
