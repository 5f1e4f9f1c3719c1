import { useEffect, useId, useRef, useState } from "react";
import { Form } from "react-bootstrap";

/** How long typing pauses before the list is asked again. */
export const SEARCH_DELAY_MS = 300;

type Props = {
  label: string;
  placeholder: string;
  /** The search the list shows now. */
  value: string;
  /** Called once typing pauses, with the trimmed text ("" for no search). */
  onSearch: (text: string) => void;
};

/** A list's search: asks again once typing pauses, not on every key. */
export function SearchBox({ label, placeholder, value, onSearch }: Props) {
  const id = useId();
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => latest.current(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <Form
      role="search"
      className="mb-3"
      style={{ maxWidth: 480 }}
      onSubmit={(event) => event.preventDefault()}
    >
      <Form.Label htmlFor={id} className="visually-hidden">
        {label}
      </Form.Label>
      <Form.Control
        id={id}
        type="search"
        value={text}
        maxLength={200}
        placeholder={placeholder}
        onChange={(event) => setText(event.target.value)}
      />
    </Form>
  );
}
