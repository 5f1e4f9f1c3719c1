import { accountMessages as m } from "../../lib/messages";

const MIN_PASSWORD_LENGTH = 6; // SPEC §9

export type SignUpValues = { name: string; email: string; password: string; confirmPassword: string };

/** SPEC §5 sign-up rules, checked in the spec's order; the first broken rule's message, or null. */
export function signUpProblem(values: SignUpValues): string | null {
  if (!values.name.trim()) return m.enterName;
  if (!values.email.trim()) return m.enterEmail;
  return newPasswordProblem(values.password, values.confirmPassword);
}

/** SPEC §5 password rules, shared by sign-up and choosing a new password after a reset. */
export function newPasswordProblem(password: string, confirmPassword: string): string | null {
  if (!password) return m.createPassword;
  if (password.length < MIN_PASSWORD_LENGTH) return m.passwordTooShort;
  if (!confirmPassword) return m.retypePassword;
  if (password !== confirmPassword) return m.passwordMismatch;
  return null;
}

export function loginProblem(values: { email: string; password: string }): string | null {
  if (!values.email.trim()) return m.enterEmail;
  if (!values.password) return m.fillField;
  return null;
}
