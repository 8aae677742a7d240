/** The boxes of an MP4 (ISO BMFF) between `from` and `to`: type and where each one's content lies. */
function* boxes(bytes: Buffer, from: number, to: number) {
  let offset = from;
  while (offset + 8 <= to) {
    let size = bytes.readUInt32BE(offset);
    let header = 8;
    if (size === 1 && offset + 16 <= to) {
      size = Number(bytes.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) {
      size = to - offset;
    }
    if (size < header || offset + size > to) return;
    yield { type: bytes.toString('latin1', offset + 4, offset + 8), start: offset + header, end: offset + size };
    offset += size;
  }
}

/**
 * A video's length in seconds as its MP4 header says (`moov` → `mvhd`: duration / timescale), or undefined when the
 * bytes are not an MP4 this can read. Publishing checks it against the creator's longest allowed video before any
 * upload; an unreadable header skips that check and leaves it to TikTok (a FAILED duration_check_failed).
 */
export const mp4DurationSeconds = (bytes: Buffer): number | undefined => {
  for (const moov of boxes(bytes, 0, bytes.length)) {
    if (moov.type !== 'moov') continue;
    for (const mvhd of boxes(bytes, moov.start, moov.end)) {
      if (mvhd.type !== 'mvhd') continue;
      const version = bytes[mvhd.start];
      const fields = mvhd.start + 4; // version (1) and flags (3)
      const long = version === 1;
      if (fields + (long ? 28 : 16) > mvhd.end) return undefined;
      const timescale = bytes.readUInt32BE(fields + (long ? 16 : 8));
      const duration = long ? Number(bytes.readBigUInt64BE(fields + 20)) : bytes.readUInt32BE(fields + 12);
      return timescale > 0 ? duration / timescale : undefined;
    }
  }
  return undefined;
};
