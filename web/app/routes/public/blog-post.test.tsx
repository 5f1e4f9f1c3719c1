import type { BlogPost } from "@agency/contract";
import { render, screen } from "@testing-library/react";
import type { ComponentProps } from "react";
import { describe, expect, it } from "vitest";
import BlogPostPage from "./blog-post";

const post: BlogPost = {
  _id: "b1",
  slug: "short-subject-lines",
  title: "Short subject lines",
  topic: "Email",
  description: "",
  img: "",
  html: "<p>Short ones win.</p>",
  publishedAt: "2026-11-20T10:00:00.000Z",
};

function show(shown: BlogPost) {
  const props = { loaderData: { post: shown } } as unknown as ComponentProps<typeof BlogPostPage>;
  return render(<BlogPostPage {...props} />);
}

describe("a hosted blog post", () => {
  it("shows a post without an image: its title and body, and no broken picture", () => {
    const { container } = show(post);
    expect(screen.getByRole("heading", { name: post.title, level: 1 })).toBeTruthy();
    expect(screen.getByText("Short ones win.")).toBeTruthy();
    expect(container.querySelector("img")).toBeNull();
  });

  it("shows a post's image when it has one", () => {
    const { container } = show({ ...post, img: "/images/blogs/email.svg" });
    expect(container.querySelector("img")?.getAttribute("src")).toBe("/images/blogs/email.svg");
  });
});
