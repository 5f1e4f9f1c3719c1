import type { BlogBody } from "@agency/contract";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api";
import { adminPages as t } from "../../../lib/messages";
import { BlogForm } from "./blog-form";

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe("the blog form", () => {
  it("sends a hosted post with its Markdown body, an empty slug left for the server to make", async () => {
    const onSubmit = vi.fn(async (_: BlogBody) => {});
    render(<BlogForm onSubmit={onSubmit} />);
    fill(t.blogTitle, "Email that gets opened");
    fill(t.blogTopic, "Email");
    fill(t.blogBody, "## Subject lines\n\nShort ones win.");
    fill(t.blogImage, "/images/blogs/local-seo.svg");
    fireEvent.click(screen.getByRole("button", { name: t.publish }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      title: "Email that gets opened",
      slug: "",
      blogLink: "",
      body: "## Subject lines\n\nShort ones win.",
    });
  });

  it("publishes a hosted post without an image", async () => {
    const onSubmit = vi.fn(async (_: BlogBody) => {});
    render(<BlogForm onSubmit={onSubmit} />);
    fill(t.blogTitle, "Email that gets opened");
    fill(t.blogTopic, "Email");
    fill(t.blogBody, "Short subject lines win.");
    fireEvent.click(screen.getByRole("button", { name: t.publish }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ title: "Email that gets opened", img: "" });
    expect(screen.queryByText(/must be a web address or a path/)).toBeNull();
  });

  it("asks for a body when the post links nowhere else, and refuses a bad slug", async () => {
    const onSubmit = vi.fn(async () => {});
    render(<BlogForm onSubmit={onSubmit} />);
    fill(t.blogTitle, "Email that gets opened");
    fill(t.blogTopic, "Email");
    fill(t.blogSlug, "Not A Slug");
    fill(t.blogImage, "/images/blogs/local-seo.svg");
    fireEvent.click(screen.getByRole("button", { name: t.publish }));
    expect(
      await screen.findByText(
        `${t.blogBody} must not be empty unless the post links to an article elsewhere`,
      ),
    ).toBeTruthy();
    expect(screen.getByText(/^Address: \/blogs\/… must be lower-case letters/)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows the server's slug conflict under the slug field", async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(
        409,
        "conflict",
        "Another blog post already has this address. Choose another slug.",
        {
          slug: "already used by another post",
        },
      );
    });
    render(<BlogForm onSubmit={onSubmit} />);
    fill(t.blogTitle, "Email that gets opened");
    fill(t.blogTopic, "Email");
    fill(t.blogSlug, "email");
    fill(t.blogBody, "Short ones win.");
    fill(t.blogImage, "/images/blogs/local-seo.svg");
    fireEvent.click(screen.getByRole("button", { name: t.publish }));
    expect(await screen.findByText(`${t.blogSlug} already used by another post`)).toBeTruthy();
  });
});
