import { Button } from "react-bootstrap";

type Props<Value extends string> = {
  /** What the buttons choose, for screen readers. */
  legend: string;
  options: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
};

/** One choice out of a few, each a button that says whether it is the one pressed. */
export function FilterButtons<Value extends string>({ legend, options, value, onChange }: Props<Value>) {
  return (
    <fieldset className="d-flex flex-wrap gap-2 mb-3">
      <legend className="visually-hidden">{legend}</legend>
      {options.map((option) => (
        <Button
          key={option.value}
          variant={option.value === value ? "primary" : "outline-primary"}
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </fieldset>
  );
}
