let last = 0;

/**
 * A key for a row that has no id yet (a question being written, a file being uploaded), unique
 * for the page's life. Not crypto.randomUUID: that needs a secure origin, and the shop may be
 * opened over plain http on a local network.
 */
export function localKey(prefix: string): string {
  last += 1;
  return `${prefix}-${last}`;
}
