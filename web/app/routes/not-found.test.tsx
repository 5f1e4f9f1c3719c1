import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { notFound } from "../lib/messages";
import NotFound from "./not-found";

describe("not-found page", () => {
  it("tells the visitor the page is missing and links back to /home", async () => {
    const Stub = createRoutesStub([{ path: "*", Component: NotFound }]);
    render(<Stub initialEntries={["/no-such-page"]} />);

    expect(await screen.findByText(notFound.oops)).toBeTruthy();
    expect(screen.getByRole("heading", { name: "404 - Page Not Found" })).toBeTruthy();
    expect(screen.getByText(/removed, had its name changed or is temporarily unavailable/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back To Home" }).getAttribute("href")).toBe("/home");
  });
});
