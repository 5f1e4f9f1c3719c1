import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toasts } from "../../../components/toasts";
import { accountMessages as m } from "../../../lib/messages";
import { createQueryClient } from "../../../lib/query-client";
import { accountFailure, fakeApi } from "../../../test/fake-api";
import { SignUpForm } from "./sign-up-form";

function SignUpPage() {
  return (
    <>
      <Toasts />
      <SignUpForm />
    </>
  );
}

function HomePage() {
  return <p>Home page</p>;
}

function renderForm() {
  const Stub = createRoutesStub([
    { path: "/sign-up", Component: SignUpPage },
    { path: "/home", Component: HomePage },
  ]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Stub initialEntries={["/sign-up"]} />
    </QueryClientProvider>,
  );
}

function field(label: string) {
  return screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
}

async function submitAndExpect(message: string) {
  fireEvent.click(screen.getByRole("button", { name: "Sign Up" }));
  expect(await screen.findByText(message)).toBeTruthy();
}

afterEach(() => vi.unstubAllGlobals());

describe("sign-up form", () => {
  it("checks the spec's rules in order and sends nothing until all pass", async () => {
    const api = fakeApi();
    renderForm();
    await submitAndExpect(m.enterName);
    fireEvent.change(field("Your name"), { target: { value: "Ada" } });
    await submitAndExpect(m.enterEmail);
    fireEvent.change(field("Email address"), { target: { value: "ada@example.com" } });
    await submitAndExpect(m.createPassword);
    fireEvent.change(field("Password"), { target: { value: "12345" } });
    await submitAndExpect(m.passwordTooShort);
    fireEvent.change(field("Password"), { target: { value: "123456" } });
    await submitAndExpect(m.retypePassword);
    fireEvent.change(field("Confirm password"), { target: { value: "1234567" } });
    await submitAndExpect(m.passwordMismatch);
    expect(api.calls).toEqual([]);
    // Values stay so the visitor can correct the one field that was wrong.
    expect(field("Email address").value).toBe("ada@example.com");
  });

  it("creates the account, says so and goes to /home", async () => {
    const api = fakeApi({ "POST /api/auth/sign-up/email": { token: null } });
    renderForm();
    fireEvent.change(field("Your name"), { target: { value: "Ada" } });
    fireEvent.change(field("Email address"), { target: { value: "ada@example.com" } });
    fireEvent.change(field("Password"), { target: { value: "123456" } });
    fireEvent.change(field("Confirm password"), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText(m.signUpSuccess)).toBeTruthy();
    expect(await screen.findByText("Home page")).toBeTruthy();
    const [call] = api.calls;
    expect(call?.url).toBe("/api/auth/sign-up/email");
    expect(call?.body).toMatchObject({
      name: "Ada",
      email: "ada@example.com",
      password: "123456",
    });
  });

  it("shows the server's refusal and keeps the values", async () => {
    fakeApi({ "POST /api/auth/sign-up/email": accountFailure(400, "Password is too weak", { code: "X" }) });
    renderForm();
    fireEvent.change(field("Your name"), { target: { value: "Ada" } });
    fireEvent.change(field("Email address"), { target: { value: "ada@example.com" } });
    fireEvent.change(field("Password"), { target: { value: "123456" } });
    fireEvent.change(field("Confirm password"), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText("Password is too weak")).toBeTruthy();
    await waitFor(() => expect(field("Your name").value).toBe("Ada"));
  });
});
