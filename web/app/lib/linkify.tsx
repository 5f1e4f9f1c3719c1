import type { ReactNode } from "react";

// Candidates start at an http(s) scheme and run to the next space or character no URL holds as is.
const candidate = /https?:\/\/[^\s<>"'`]+/gi;
// Punctuation that ends a sentence rather than the address ("see https://example.com.").
const trailing = /[.,;:!?'"*_~]+$/;

/** Cuts sentence punctuation, and a closing bracket the address did not open, off a candidate. */
function trimmed(url: string): string {
  let end = url.replace(trailing, "");
  while (end.endsWith(")") && count(end, "(") < count(end, ")")) end = end.slice(0, -1).replace(trailing, "");
  return end;
}

function count(text: string, character: string): number {
  return text.split(character).length - 1;
}

function webAddress(text: string): string | undefined {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A message people wrote, as React text with its http(s) addresses as links. Everything else stays
 * text, so markup in a message is shown, never run (no HTML from users reaches the page).
 */
export function linkify(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let shown = 0;
  for (const match of text.matchAll(candidate)) {
    const start = match.index;
    const address = trimmed(match[0]);
    const href = webAddress(address);
    if (!href) continue;
    if (start > shown) parts.push(text.slice(shown, start));
    parts.push(
      <a key={start} href={href} target="_blank" rel="noopener noreferrer nofollow ugc">
        {address}
      </a>,
    );
    shown = start + address.length;
  }
  if (shown < text.length) parts.push(text.slice(shown));
  return parts;
}
