/**
 * Whether JSON text nests objects and arrays more than `maxDepth` deep, found in one pass over its
 * characters before it is parsed: what works on the parsed value (validation, JSON.stringify)
 * recurses, and a value thousands of levels deep overflows the stack there. Text that is not JSON
 * is left for the parser to refuse.
 */
export function jsonNestedDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      // A backslash escapes the next character, a quote among them.
      if (char === 0x5c) index += 1;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b || char === 0x5b) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (char === 0x7d || char === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}
