import { contentMessages } from "@agency/contract";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { imageUpload } from "../lib/messages";
import { apiFailure, fakeApi } from "../test/fake-api";
import { ImageField } from "./image-field";

function Field() {
  const [value, setValue] = useState("/images/logo.svg");
  return <ImageField id="logo" label="Logo" kind="logo" value={value} onChange={setValue} />;
}

function choose(file: File) {
  fireEvent.change(screen.getByLabelText(imageUpload.choose), { target: { files: [file] } });
}

describe("the image field", () => {
  it("uploads the chosen picture for its kind and takes the address the server gives", async () => {
    const api = fakeApi({
      "POST /api/admin/images": {
        url: `/api/images/img-${"a".repeat(40)}-logo-1x.webp`,
        url2x: `/api/images/img-${"a".repeat(40)}-logo-2x.webp`,
        width: 128,
        height: 64,
      },
    });
    render(<Field />);
    choose(new File([new Uint8Array([137, 80, 78, 71])], "logo.png", { type: "image/png" }));
    await waitFor(() =>
      expect((screen.getByLabelText("Logo") as HTMLInputElement).value).toBe(
        `/api/images/img-${"a".repeat(40)}-logo-1x.webp`,
      ),
    );
    const [call] = api.calls;
    expect(call?.url).toBe("/api/admin/images?kind=logo");
    expect((call?.body as FormData | undefined)?.get("file")).toBeInstanceOf(File);
    expect(screen.getByRole("img", { name: imageUpload.preview }).getAttribute("src")).toContain(
      "-logo-1x.webp",
    );
  });

  it("shows the server's refusal of a file that is too large, and keeps the old address", async () => {
    const message = contentMessages.imageTooLarge(10 * 1024 * 1024);
    fakeApi({ "POST /api/admin/images": apiFailure(413, "too_large", message, { file: "larger" }) });
    render(<Field />);
    choose(new File([new Uint8Array(16)], "huge.png", { type: "image/png" }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect((screen.getByLabelText("Logo") as HTMLInputElement).value).toBe("/images/logo.svg");
  });
});
