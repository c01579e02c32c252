// Written out rather than through `toLocaleString('en-US')`: a page's first use of Intl loads the
// browser's locale data (40-70 ms of main thread in desktop Chromium, more on a phone), and the chat
// contract's messages are built while the signed-in pages start.

/** An integer with en-US digit grouping, e.g. 12000 -> "12,000". */
export function formatCount(value: number): string {
  const digits = String(Math.abs(Math.trunc(value)));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let at = grouped.length; at < digits.length; at += 3) grouped += `,${digits.slice(at, at + 3)}`;
  return value <= -1 ? `-${grouped}` : grouped;
}
