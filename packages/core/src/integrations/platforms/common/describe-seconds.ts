/** 15000 → "15 s", 200 → "0.2 s": how long something waited, for messages. */
export const describeSeconds = (milliseconds: number) =>
  `${(milliseconds / 1000).toLocaleString('en', { maximumFractionDigits: 1 })} s`;
