import type { BlogBody, BlogEntry } from "@agency/contract";
import { useState } from "react";
import { Button } from "react-bootstrap";
import { DeleteButton } from "../../components/delete-button";
import { LoadError } from "../../components/load-error";
import { LoadingScreen } from "../../components/loading-screen";
import { useBlogEditor, useBlogEntries } from "../../features/blogs/api/blogs";
import { BlogForm } from "../../features/blogs/components/blog-form";
import { confirmAndDelete } from "../../lib/alerts";
import { adminPages as t } from "../../lib/messages";
import { saveWithToasts } from "../../lib/toast";

/** SPEC §2 /dashboard/admin/add__blog, made a real editor (DESIGN "Beyond the spec" 7). */
export default function AddBlog() {
  const blogs = useBlogEntries();
  const editor = useBlogEditor();
  const [editing, setEditing] = useState<BlogEntry | null>(null);

  function remove(blog: BlogEntry) {
    return confirmAndDelete(
      { title: t.deleteBlogQuestion(blog.title), confirmText: t.delete },
      () => editor.remove.mutateAsync(blog._id),
      t.deleted,
    );
  }

  return (
    <section aria-labelledby="add-blog-heading">
      <div className="card border-0 shadow-sm mb-4">
        <div className="card-body p-4">
          <h1 id="add-blog-heading" className="h4 mb-3">
            {t.blogHeading}
          </h1>
          <BlogForm
            onSubmit={(body: BlogBody) => saveWithToasts(() => editor.create.mutateAsync(body), t.published)}
          />
        </div>
      </div>
      <h2 className="h5 mb-3">{t.existingPosts}</h2>
      {blogs.isPending ? (
        <LoadingScreen />
      ) : blogs.isError ? (
        <LoadError message={t.blogsFailed} query={blogs} />
      ) : (
        <ul className="list-unstyled d-grid gap-3 mb-0">
          {blogs.data.map((blog) => (
            <li key={blog._id} className="card border-0 shadow-sm">
              <div className="card-body">
                {editing?._id === blog._id ? (
                  <BlogForm
                    editing={blog}
                    onSubmit={async (body) => {
                      await saveWithToasts(() => editor.update.mutateAsync({ id: blog._id, body }), t.saved);
                      setEditing(null);
                    }}
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <div className="d-flex flex-wrap gap-3 align-items-center">
                    <img src={blog.img} alt="" width="96" height="64" className="rounded object-fit-cover" />
                    <div className="flex-grow-1">
                      <span className="badge text-bg-light">{blog.topic}</span>
                      <p className="fw-semibold mb-0">{blog.title}</p>
                      {blog.blogLink ? (
                        <a href={blog.blogLink} className="small text-break" target="_blank" rel="noreferrer">
                          {blog.blogLink}
                        </a>
                      ) : (
                        <a href={`/blogs/${blog.slug}`} className="small text-break">
                          {`/blogs/${blog.slug}`}
                        </a>
                      )}
                    </div>
                    <div className="d-flex gap-2">
                      <Button size="sm" variant="outline-primary" onClick={() => setEditing(blog)}>
                        {t.edit}
                      </Button>
                      <DeleteButton
                        label={t.delete}
                        onDelete={() => remove(blog)}
                        pending={editor.remove.isPending}
                      />
                    </div>
                  </div>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
