import { Form } from "react-bootstrap";

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
