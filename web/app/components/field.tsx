import type { HTMLAttributes, ReactNode } from "react";
import { Button, Form } from "react-bootstrap";

type ControlProps = {
  value: string;
  onChange: (value: string) => void;
  type?: string;
  /** "textarea" for text of several lines. */
  as?: "textarea";
  rows?: number;
  size?: "sm" | "lg";
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  autoComplete?: string;
  maxLength?: number;
  step?: string;
  controlClassName?: string;
};

type FieldProps = {
  /** The control's id; the label points at it, so the field is found by its label. */
  id: string;
  label: ReactNode;
  /** The field's problem, shown under it and marking the control invalid. */
  problem?: string;
  /** A hint under the control. */
  help?: ReactNode;
  className?: string;
  labelClassName?: string;
} & ({ children: ReactNode } | ControlProps);

/**
 * A form field: its label, its control (a text box by default, or the select given as children)
 * and its problem. A control given as children marks itself invalid (`isInvalid`).
 */
export function Field(props: FieldProps) {
  const { id, label, problem, help, className, labelClassName } = props;
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label className={labelClassName}>{label}</Form.Label>
      {"children" in props ? (
        props.children
      ) : (
        <Form.Control
          as={props.as}
          type={props.as ? undefined : props.type}
          rows={props.rows}
          size={props.size}
          inputMode={props.inputMode}
          autoComplete={props.autoComplete}
          maxLength={props.maxLength}
          step={props.step}
          className={props.controlClassName}
          value={props.value}
          onChange={(event) => props.onChange(event.currentTarget.value)}
          isInvalid={Boolean(problem)}
        />
      )}
      {help ? <Form.Text>{help}</Form.Text> : null}
      {problem ? <Form.Control.Feedback type="invalid">{problem}</Form.Control.Feedback> : null}
    </Form.Group>
  );
}

/** An editor form's buttons: save (disabled while sending) and, when the form can be closed, cancel. */
export function FormActions({
  busy,
  submitLabel,
  cancelLabel,
  onCancel,
}: {
  busy: boolean;
  submitLabel: string;
  cancelLabel?: string;
  onCancel?: () => void;
}) {
  return (
    <div className="d-flex gap-2 mt-3">
      <Button type="submit" disabled={busy}>
        {submitLabel}
      </Button>
      {onCancel ? (
        <Button variant="outline-secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
      ) : null}
    </div>
  );
}
