import { templateMessages } from "@agency/contract";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { templatesPage as t } from "../../lib/messages/workday";
import { fakeApi } from "../../test/fake-api";
import { renderRoute } from "../../test/render-route";
import TemplatesPage from "./templates";

const saved = {
  _id: "0b1c2d3e-0000-4000-8000-0000000000a1",
  name: "Welcome",
  body: "Hi {{customer.name}}",
  createdByName: "Olive",
  updatedAt: "2026-11-29T10:00:00.000Z",
};

describe("the reply templates page", () => {
  it("says an unknown variable before saving, and saves a template with known ones", async () => {
    const api = fakeApi({ "GET /api/admin/templates": [], "POST /api/admin/templates": [saved] });
    renderRoute("/dashboard/admin/templates", TemplatesPage, "/dashboard/admin/templates");
    const form = await screen.findByRole("form", { name: t.add });
    fireEvent.change(screen.getByLabelText(t.name), { target: { value: "Welcome" } });
    fireEvent.change(screen.getByLabelText(t.body), { target: { value: "Hi {{customer.nam}}" } });
    fireEvent.submit(form);
    expect(await screen.findByText(templateMessages.unknown(["customer.nam"]))).toBeTruthy();
    expect(api.bodies("POST /api/admin/templates")).toEqual([]);
    fireEvent.change(screen.getByLabelText(t.body), { target: { value: "Hi {{customer.name}}" } });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(api.bodies("POST /api/admin/templates")).toEqual([
        { name: "Welcome", body: "Hi {{customer.name}}" },
      ]),
    );
    expect(await screen.findByRole("heading", { name: "Welcome" })).toBeTruthy();
  });
});
