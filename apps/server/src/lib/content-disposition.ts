/** RFC 6266 Content-Disposition with an ASCII fallback and the exact UTF-8 name. */
export function attachment(name: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
