import { Form } from "react-bootstrap";
import { accountPages } from "../../../lib/messages";

type Props = {
  id: string;
  label: string;
  name: string;
  autoComplete: "current-password" | "new-password";
};

export function PasswordField({ id, label, name, autoComplete }: Props) {
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control type="password" name={name} autoComplete={autoComplete} />
    </Form.Group>
  );
}

/** A new password and its confirmation, named `password` and `confirmPassword`. */
export function NewPasswordFields({ idPrefix, label }: { idPrefix: string; label: string }) {
  return (
    <>
      <PasswordField id={`${idPrefix}-password`} label={label} name="password" autoComplete="new-password" />
      <PasswordField
        id={`${idPrefix}-confirm`}
        label={accountPages.confirmPassword}
        name="confirmPassword"
        autoComplete="new-password"
      />
    </>
  );
}
