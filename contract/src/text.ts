/**
 * What text the API takes, for every string of every call: no NUL (PostgreSQL cannot store it in
 * text or JSON, and it cuts strings short in C code that reads them later) and none of the other
 * C0 control characters a keyboard does not type. Tab, CR and LF are text in a body's fields (a
 * message, a brief, a blog post run over lines); path and query parameters are one line, so there
 * they are refused too. The server applies this to every request before its schema is checked,
 * so a route cannot forget it.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is what this is for.
const controlCharacter = /[\u0000-\u001f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is what this is for.
const controlCharacterButLineBreaks = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

export type TextPlace = "body" | "params" | "querystring";

export const controlCharacterMessage = "must not contain control characters";

export function hasControlCharacter(text: string, place: TextPlace): boolean {
  return (place === "body" ? controlCharacterButLineBreaks : controlCharacter).test(text);
}

/**
 * Every field of `value` (strings at any depth, and the names of an object's fields) that breaks
 * the rule, by its dotted path ("items.0.name"), with the message to show for it.
 */
export function controlCharacterFields(value: unknown, place: TextPlace): Record<string, string> {
  const fields: Record<string, string> = {};
  const visit = (item: unknown, path: string, depth: number) => {
    if (typeof item === "string") {
      if (hasControlCharacter(item, place)) fields[path || place] = controlCharacterMessage;
      return;
    }
    // Deeper than any call's schema goes: the schema refuses such a body anyway.
    if (depth > 32 || item === null || typeof item !== "object") return;
    for (const [key, child] of Object.entries(item)) {
      const childPath = path ? `${path}.${key}` : key;
      if (hasControlCharacter(key, "params")) fields[path || place] = controlCharacterMessage;
      else visit(child, childPath, depth + 1);
    }
  };
  visit(value, "", 0);
  return fields;
}
